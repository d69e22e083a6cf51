import { island } from '../widgets/island.tsx';

/** The offers of the tariffs page, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const TariffLists = island(() => import('../shop/tariff-lists.tsx').then((m) => ({ default: m.TariffLists })));
