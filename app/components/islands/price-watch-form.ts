import { island } from '../widgets/island.tsx';

/**
 * "Preis beobachten" (issue 37 item 2), server-rendered and hydrated from a chunk of its own when it nears the
 * viewport: it sits below the offers (and on the price calendar), and its form works without JavaScript.
 */
export const PriceWatchForm = island(
  () => import('../subscriptions/price-watch-form.tsx').then((m) => ({ default: m.PriceWatchForm })),
  { whenVisible: true },
);
