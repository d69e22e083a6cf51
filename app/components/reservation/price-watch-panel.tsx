/**
 * "Preis beobachten" for a customer's own booking (issue 37 item 2), on the account's reservation page while the
 * booking is still free to change: one button that posts to `/preisbeobachtung` (`intent=reservation`), which
 * starts the double opt-in for the account's address and comes back here with a flash notice; once asked, the panel
 * says whether the watch still waits for its confirmation or is running. A plain form: it works without JavaScript.
 */
import { Bell } from 'lucide-react';
import { useHref, useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';

/** What the panel shows: the booking's reference and whether it is watched. */
export type PriceWatchPanelView = { reference: string; status: 'none' | 'pending' | 'confirmed' };

/** The panel; nothing when `view` is null (a guest's page, or the booking can no longer be changed). */
export function PriceWatchPanel({ view }: { view: PriceWatchPanelView | null }) {
  const t = useT();
  const href = useHref();
  if (!view) return null;
  return (
    <section
      className="card mt-6 p-5 sm:p-6 print:hidden"
      aria-labelledby="price-watch-panel-title"
      data-price-watch-panel
    >
      <h2 id="price-watch-panel-title" className="flex items-center gap-2 text-xl font-semibold">
        <Bell aria-hidden size={20} className="text-accent" />
        {t('price_watch.reservation.title')}
      </h2>
      {view.status === 'none' ? (
        <form method="post" action={href('/preisbeobachtung')} className="mt-2">
          <p className="text-sm text-muted">{t('price_watch.reservation.text')}</p>
          <CsrfField />
          <input type="hidden" name="intent" value="reservation" />
          <input type="hidden" name="reference" value={view.reference} />
          <button type="submit" className="btn-secondary mt-3">
            {t('price_watch.reservation.submit')}
          </button>
        </form>
      ) : (
        <p role="status" className="mt-2 text-sm">
          {t(view.status === 'pending' ? 'price_watch.reservation.pending' : 'price_watch.reservation.confirmed')}
        </p>
      )}
    </section>
  );
}
