import { island } from '../widgets/island.tsx';

/** The checkout steps, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const CheckoutPage = island(() =>
  import('../checkout/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
);
