/**
 * The change and cancellation quotes as the reservation pages' manage forms show them (issues 12 and 33): the
 * services' answers turned into texts in the visitor's language.
 */
import type { ManageBookingResult } from '~/components/reservation/manage-booking.tsx';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import type { CancelAnswer, ChangeAnswer } from '~/services/reservations/reservation-manage.server.ts';

type ManageActionData = Required<ManageBookingResult>;

/**
 * The change quote as the manage form shows it (`key`: the idempotency key drawn for the confirmation; `onBehalf`:
 * the back office's form, which cannot confirm a change whose difference the customer pays online).
 */
export function changeQuoteOf(
  answer: ChangeAnswer,
  locale: Locale,
  key: string,
  { onBehalf = false } = {},
): ManageActionData['changeQuote'] {
  const t = translator(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const diff = answer.differenceCents;
  return {
    oldTotal: money(answer.old.totalCents),
    newTotal: money(answer.new.totalCents),
    difference:
      diff > 0
        ? t(answer.settlement === 'charge' ? 'manage.change.to_pay_online' : 'manage.change.to_pay', {
            amount: money(diff),
          })
        : diff < 0
          ? t(answer.settlement === 'refund' ? 'manage.change.refund_online' : 'manage.change.refund', {
              amount: money(-diff),
            })
          : t('manage.change.same'),
    days: answer.days.map((d) => ({
      day: formatLocalDateTime(`${d.day}T00:00`, locale).replace(/,?\s*00:00$/, ''),
      booked: d.bookedCents === null ? '–' : money(d.bookedCents),
      current: money(d.currentCents),
      charged: money(d.chargedCents),
    })),
    documents: answer.invoiceNumber !== null,
    key,
    confirmable: !(onBehalf && answer.settlement === 'charge'),
  };
}

/** The cancellation quote as the manage form shows it. */
export function cancelQuoteOf(answer: CancelAnswer, locale: Locale): ManageActionData['cancelQuote'] {
  const t = translator(locale);
  return {
    summary: t('manage.cancel.summary', { amount: formatMoney(answer.totalCents, locale) }),
    documents: answer.invoiceNumber
      ? t('manage.cancel.credit_note', { invoice: answer.invoiceNumber })
      : t('manage.cancel.no_invoice'),
  };
}
