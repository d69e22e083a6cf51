import { island } from '../widgets/island.tsx';

/**
 * The reservation pages' change and cancel forms, server-rendered and hydrated from a chunk of its own (issue 11
 * budget: with `<CsrfField/>` the guest reservation page's first load went 44 bytes over 120 KB).
 */
export const ManageBooking = island(() =>
  import('../reservation/manage-booking.tsx').then((m) => ({ default: m.ManageBooking })),
);
