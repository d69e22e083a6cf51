import { island } from '../widgets/island.tsx';

/** The airport page's FAQ, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const AirportFaq = island(
  () => import('../faq/airport-faq.tsx').then((m) => ({ default: m.AirportFaq })),
  // the last section of the airport page: hydrated as it nears the viewport (issue 11)
  { whenVisible: true },
);
