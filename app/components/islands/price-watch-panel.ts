import { island } from '../widgets/island.tsx';

/**
 * The own booking's price watch button (issue 37 item 2), server-rendered and hydrated from a chunk of its own when
 * it nears the viewport: the reservation pages have almost no first-load budget left (decision 0019).
 */
export const PriceWatchPanel = island(
  () => import('../reservation/price-watch-panel.tsx').then((m) => ({ default: m.PriceWatchPanel })),
  { whenVisible: true },
);
