import { island } from '../widgets/island.tsx';

/** The airport page's access routing and map, server-rendered and hydrated from a chunk of its own (issue 11). */
export const AirportDirections = island(() =>
  import('../shop/airport-directions.tsx').then((m) => ({ default: m.AirportDirections })),
);
