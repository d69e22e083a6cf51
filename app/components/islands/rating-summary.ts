import { island } from '../widgets/island.tsx';

/** The rating summary (stars), server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const RatingSummary = island(() =>
  import('../ratings/rating-summary.tsx').then((m) => ({ default: m.RatingSummary })),
);
