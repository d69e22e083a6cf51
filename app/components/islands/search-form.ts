import { island } from '../widgets/island.tsx';

/** The search form (airport and travel dates), server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const SearchForm = island(() => import('../shop/search-form.tsx').then((m) => ({ default: m.SearchForm })));
