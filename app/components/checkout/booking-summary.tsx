import { MapPin } from 'lucide-react';
import { BULKY_BAGGAGE_FLAGS } from '~/constants.ts';
import type { Travel } from '~/domain/checkout-schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import { priceBreakdownLines, type PriceBreakdownLine } from '~/domain/price-breakdown.ts';
import { extraPersonCount, type PriceBreakdown } from '~/domain/pricing.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { PriceLines } from '../ui/price-lines.tsx';
import type { BookingPageData } from './types.ts';

/** Formats a local `YYYY-MM-DDTHH:mm` as it reads (no time-zone shift), or a dash when incomplete. */
function useLocalDateTime() {
  const locale = useLocale();
  return (local: string) => formatLocalDateTime(local, locale, '—');
}

/**
 * What the summary shows: the booking page, the travel fields as entered, their live price (null: none) and the
 * code of the coupon in it (names the discount line).
 */
export type BookingSummaryProps = {
  page: BookingPageData;
  travel: Travel;
  price: PriceBreakdown | null;
  couponCode?: string | null;
};

/**
 * The booking summary: airport, tariff, lot, stay, persons, seats and the live price breakdown. The price is
 * computed in the browser from the tariff's price lists; the server prices the booking again and is binding.
 */
export function BookingSummary({ page, travel, price, couponCode = null }: BookingSummaryProps) {
  const t = useT();
  const show = useLocalDateTime();
  const { tariff } = page;
  const baggage = BULKY_BAGGAGE_FLAGS.filter((f) => travel.bulkyBaggage[f]).map((f) => t(`checkout.bulky.${f}`));
  const row = 'flex justify-between gap-3';

  return (
    <div className="grid gap-4 p-5" data-booking-summary>
      <OfferHeading page={page} />

      <dl className="grid gap-1.5 border-t border-line pt-4 text-sm">
        <div className={row}>
          <dt className="text-muted">{t('checkout.summary.entry')}</dt>
          <dd className="text-right" data-summary-entry>
            {show(travel.entryTime)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('checkout.summary.exit')}</dt>
          <dd className="text-right" data-summary-exit>
            {show(travel.exitTime)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('checkout.summary.days')}</dt>
          <dd data-summary-days>{price ? price.billableDays : '—'}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('checkout.summary.persons')}</dt>
          <dd data-summary-persons>{travel.personCount}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('checkout.summary.seats')}</dt>
          <dd data-summary-seats>{travel.childrenSeat}</dd>
        </div>
        {baggage.length > 0 ? (
          <div className={row}>
            <dt className="text-muted">{t('checkout.summary.baggage')}</dt>
            <dd className="text-right">{baggage.join(', ')}</dd>
          </div>
        ) : null}
      </dl>

      <div className="border-t border-line pt-4">
        <h3 className="sr-only">{t('checkout.summary.price')}</h3>
        {price ? (
          <LivePriceLines
            price={price}
            travel={travel}
            includedPersons={tariff.includedPersons}
            couponCode={couponCode}
          />
        ) : (
          <p className="text-sm text-warn" data-price-unavailable>
            {t('checkout.summary.no_price')}
          </p>
        )}
        <p className="mt-3 text-xs text-muted">{t('checkout.summary.price_note')}</p>
        <p className="mt-1 text-xs font-medium text-success">
          {t('checkout.summary.free_cancellation', { hours: tariff.freeCancellationHours })}
        </p>
      </div>
    </div>
  );
}

/** The live price's lines, labelled like the reservation page and the confirmation mail (one list of labels). */
function LivePriceLines({
  price,
  travel,
  includedPersons,
  couponCode,
}: {
  price: PriceBreakdown;
  travel: Travel;
  includedPersons: number;
  couponCode: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const breakdown = priceBreakdownLines(
    {
      ...price,
      childrenSeat: travel.childrenSeat,
      extraPersons: extraPersonCount(travel.personCount, includedPersons),
      couponCode,
    },
    locale,
  );
  const view = (line: PriceBreakdownLine) => ({
    label: t(line.labelKey, line.labelParams),
    amount: formatMoney(line.cents, locale),
    cents: line.cents,
  });
  return <PriceLines lines={breakdown.lines.map(view)} total={view(breakdown.total)} vat={view(breakdown.vat)} live />;
}

/** What is booked: category, tariff, airport and the lot with its address. */
function OfferHeading({ page }: { page: BookingPageData }) {
  const t = useT();
  const { airport, tariff } = page;
  return (
    <div>
      <span className="inline-flex rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-accent">
        {t(`tariff.category.${tariff.category}`)}
      </span>
      <p className="mt-2 font-semibold leading-snug">{tariff.name}</p>
      <p className="text-sm text-muted">
        {airport.name} ({airport.iata})
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
        <MapPin aria-hidden size={16} className="mt-0.5 shrink-0" />
        <span>
          {tariff.lotName}, {tariff.lotAddress}
        </span>
      </p>
    </div>
  );
}
