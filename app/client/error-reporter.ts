/**
 * Global error handling (SPEC §8). With `<meta name="debug" content="1">` errors are rethrown (they reach the
 * console unchanged); otherwise they are reported to `POST /api/error-report` with type, location and message,
 * plus the response url, status and content for HTTP errors. Unhandled promise rejections are handled alike.
 * Reporting never throws and never reports its own failure.
 */
import { ApiError } from './api.ts';

/** The body of `POST /api/error-report` (DESIGN §5). */
export type ErrorReport = {
  type: string;
  location: string;
  message: string;
  response?: { url: string; status: number; content: string };
};

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** A query string after an address or path (`…/reservierung/AB12?token=…`), up to white space or a quote. */
const QUERY = /((?:https?:\/\/|\/)[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;
/** Long opaque strings: session ids, CSRF and guest tokens, keys (base64url/hex, 24+ characters). */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{24,}(?![A-Za-z0-9_-])/g;

/**
 * Removes personal data and secrets from a report's text before it leaves the browser (issue 14 item 6, privacy
 * by default): e-mail addresses, query strings of addresses (they carry tokens and search terms) and long opaque
 * tokens become placeholders. The path, the message's words and short references stay, so a report still helps.
 */
export function scrubReportText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(QUERY, '$1').replace(TOKEN, '[token]');
}

/**
 * Builds the report of one error: `type` is the error's name (or `typeof` for thrown non-errors); every text is
 * scrubbed ({@link scrubReportText}).
 */
export function buildErrorReport(error: unknown, location: string): ErrorReport {
  const report = rawErrorReport(error, location);
  return {
    ...report,
    location: scrubReportText(report.location),
    message: scrubReportText(report.message),
    ...(report.response
      ? {
          response: {
            ...report.response,
            url: scrubReportText(report.response.url),
            content: scrubReportText(report.response.content),
          },
        }
      : {}),
  };
}

function rawErrorReport(error: unknown, location: string): ErrorReport {
  const type =
    error instanceof Error ? error.name || 'Error' : typeof error === 'object' && error ? 'Object' : typeof error;
  let message: string;
  if (error instanceof Error) message = error.message;
  else if (typeof error === 'string') message = error;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  const report: ErrorReport = { type, location, message };
  if (error instanceof ApiError) report.response = { url: error.url, status: error.status, content: error.content };
  return report;
}

/** What the handler needs; injectable for tests. */
export type ReporterDeps = {
  /** Whether the head's debug flag is 1 (read at report time). */
  debug: () => boolean;
  /** Current page address. */
  location: () => string;
  /** Sends the report (the API client's `errorReport`). */
  send: (report: ErrorReport) => Promise<unknown>;
};

/**
 * Creates `report(error)`: in debug mode it rethrows `error`; otherwise it sends the report and resolves.
 * Errors from the reporting endpoint itself are not reported again (no loops).
 */
export function createErrorReporter(deps: ReporterDeps) {
  return function report(error: unknown): Promise<void> {
    if (deps.debug()) throw error;
    if (error instanceof ApiError && /\/error-report$/.test(error.url)) return Promise.resolve();
    let payload: ErrorReport;
    try {
      payload = buildErrorReport(error, deps.location());
    } catch {
      return Promise.resolve();
    }
    return deps.send(payload).then(
      () => undefined,
      () => undefined,
    );
  };
}

/** The part of `window` the global handler listens on. */
export type ErrorEventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Listens to `error` and `unhandledrejection` on `target` and passes the error to `report` unless in debug mode
 * (then the browser's own handling — the rethrown error in the console — stays untouched). Returns the uninstaller.
 */
export function installGlobalErrorHandler(
  target: ErrorEventTarget,
  report: (error: unknown) => Promise<void>,
  debug: () => boolean,
) {
  const onError = (event: Event) => {
    if (debug()) return;
    const e = event as ErrorEvent;
    // Resource load errors (img, script) arrive without `error`; report them by their message.
    void report(e.error ?? new Error(e.message || 'Script error'));
  };
  const onRejection = (event: Event) => {
    if (debug()) return;
    void report((event as PromiseRejectionEvent).reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * Errors caught before this module ran: the page head's tiny inline handler (`EARLY_ERROR_BUFFER` in root.tsx)
 * records them from the first byte on, since scripts load late by design (issue 11) and anything thrown before
 * hydration would otherwise be lost (issue 14 item 6).
 */
type EarlyErrors = { errors: unknown[]; stop: () => void };

/**
 * Takes over from the page head's early handler: stops it and reports what it buffered (unless in debug mode,
 * where the browser already showed them in the console). Call right after {@link installGlobalErrorHandler}.
 * @param source - where the early handler left its buffer (`window`).
 */
export function drainEarlyErrors(
  source: { __shopEarlyErrors?: EarlyErrors },
  report: (error: unknown) => Promise<void>,
  debug: () => boolean,
): void {
  const early = source.__shopEarlyErrors;
  if (!early) return;
  delete source.__shopEarlyErrors;
  early.stop();
  if (debug()) return;
  for (const error of early.errors) void report(error);
}
