// Runs in a dedicated worker (see intl-warm-up.ts): builds one formatter of each kind the pages use, for the locale
// it is sent, so that the browser's one-off Intl set-up (loading ICU's locale, number, calendar and time zone data,
// process-wide) happens on this thread instead of inside a hydration task on the main thread.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(message: string): void;
};

scope.onmessage = (event) => {
  const tag = event.data;
  try {
    new Intl.NumberFormat(tag).format(1234.5);
    new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(4.5);
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(12.5);
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(0);
    new Intl.DateTimeFormat(tag, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' }).format(0);
    new Intl.PluralRules(tag).select(2);
    new Intl.DisplayNames([tag], { type: 'region' }).of('DE');
  } finally {
    scope.postMessage('done');
  }
};

// A module (Vite builds it as one; the worker is started with `type: module`).
export {};
