import { island } from '../widgets/island.tsx';

/** The airport page's access routing and map, server-rendered and hydrated from a chunk of its own (issue 11). */
export const AirportDirections = island(
  () => import('../shop/airport-directions.tsx').then((m) => ({ default: m.AirportDirections })),
  // far below the fold: hydrated as it nears the viewport (issue 11: the airport page's blocking time)
  { whenVisible: true },
);
