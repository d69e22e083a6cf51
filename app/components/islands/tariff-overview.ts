import { island } from '../widgets/island.tsx';

/** The airport page's tariff overview, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const TariffOverview = island(() =>
  import('../shop/tariff-overview.tsx').then((m) => ({ default: m.TariffOverview })),
);
