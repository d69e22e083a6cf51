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

/** Builds the report of one error: `type` is the error's name (or `typeof` for thrown non-errors). */
export function buildErrorReport(error: unknown, location: string): ErrorReport {
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
