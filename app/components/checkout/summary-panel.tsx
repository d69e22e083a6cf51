import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '~/domain/money.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { BookingSummary, type BookingSummaryProps } from './booking-summary.tsx';

/**
 * The booking summary beside the form (sticky on wide screens); on a phone it folds into a bar with the total
 * that opens it.
 */
export function SummaryPanel({ page, travel, price, couponCode }: BookingSummaryProps) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <aside className="card overflow-hidden lg:sticky lg:top-4 lg:order-last" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title" className="sr-only lg:not-sr-only lg:block lg:px-5 lg:pt-5 lg:text-lg lg:font-semibold">
        {t('checkout.summary.title')}
      </h2>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left lg:hidden"
        aria-expanded={open}
        aria-controls="co-summary"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="font-semibold">{t('checkout.summary.title')}</span>
        <span className="flex items-center gap-2">
          <span className="text-lg font-bold" data-mobile-total>
            {price ? formatMoney(price.totalCents, locale) : '—'}
          </span>
          <ChevronDown aria-hidden size={18} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
      <div id="co-summary" className={`${open ? 'block border-t border-line' : 'hidden'} lg:block lg:border-0`}>
        <BookingSummary page={page} travel={travel} price={price} couponCode={couponCode} />
      </div>
    </aside>
  );
}
