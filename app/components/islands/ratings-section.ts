import { island } from '../widgets/island.tsx';

/** The customer ratings section, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const RatingsSection = island(
  () => import('../ratings/ratings-section.tsx').then((m) => ({ default: m.RatingsSection })),
  // below the fold on the airport page: hydrated as it nears the viewport (issue 11)
  { whenVisible: true },
);
