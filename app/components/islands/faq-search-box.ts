import { island } from '../widgets/island.tsx';

/** The FAQ search box, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const FaqSearchBox = island(() =>
  import('../faq/faq-search-box.tsx').then((m) => ({ default: m.FaqSearchBox })),
);
