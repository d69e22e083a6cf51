import { island } from '../widgets/island.tsx';

/** The FAQ list with its search, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const FaqList = island(() => import('../faq/faq-list.tsx').then((m) => ({ default: m.FaqList })));
