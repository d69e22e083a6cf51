// Runs in a dedicated worker (see intl-warm-up.ts): formats a price, a date-time, a review date, numbers and a
// region name with the pages' own formatters for the locale it is sent, so that the browser's one-off Intl set-up
// (loading ICU's locale, number, calendar and time zone data, process-wide) happens on this thread instead of
// inside a hydration task on the main thread. Calling the same functions as the pages keeps the two from drifting.
import { toLocale } from '~/i18n.ts';
import { formatLocalDateRange, formatLocalDateTime } from '~/domain/date-format.ts';
import { displayNamesOf, numberFormat } from '~/domain/intl-cache.ts';
import { formatMoney } from '~/domain/money.ts';
import { formatReviewDate } from '~/domain/ratings.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(message: string): void;
};

scope.onmessage = (event) => {
  const locale = toLocale(event.data);
  try {
    formatMoney(1250, locale);
    formatLocalDateTime('2026-12-20T08:00', locale);
    formatLocalDateRange('2026-12-20', '2027-01-06', locale);
    formatReviewDate('2026-11-14T12:00:00Z', locale);
    numberFormat(locale).format(1234.5);
    numberFormat(locale, { maximumFractionDigits: 1 }).format(4.5);
    displayNamesOf(locale, { type: 'region' }).of('DE');
  } finally {
    scope.postMessage('done');
  }
};
