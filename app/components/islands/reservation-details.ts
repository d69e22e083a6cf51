import { island } from '../widgets/island.tsx';

/** A reservation's details, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const ReservationDetails = island(() =>
  import('../reservation/reservation-details.tsx').then((m) => ({ default: m.ReservationDetails })),
);
