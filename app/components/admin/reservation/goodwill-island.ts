import { island } from '../../widgets/island.tsx';

/**
 * The back office's goodwill cancellation form (issue 33 item 5), server-rendered and hydrated from a chunk of its
 * own: it is shown to support and admins on confirmed bookings only, so the reservation page's first load does not
 * carry it (measured: +2.3 KiB gzip on admin.reservation when imported directly).
 */
export const GoodwillForm = island(() => import('./goodwill-form.tsx').then((m) => ({ default: m.GoodwillForm })));
