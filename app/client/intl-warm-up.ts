/**
 * Moves the browser's one-off `Intl` set-up off the main thread (issue 11: Lighthouse's total blocking time).
 * The first `Intl` formatter a page builds makes the browser load ICU's data, which took 40–80 ms on the test
 * machine, in one task: during hydration that was the rating summary's number format, the price or date format of
 * the checkout pages. ICU's data is shared by the renderer process, so a worker that builds the same kinds of
 * formatters first leaves the main thread's own formatters almost free (measured 0.1–0.3 ms after the worker,
 * 28–78 ms without). Hydration waits for it, at most `WARM_UP_TIMEOUT_MS`.
 */
import type { Locale } from '~/i18n.ts';

/** Longest wait for the worker: a browser that is slow to start one hydrates without it (Intl then costs as before). */
export const WARM_UP_TIMEOUT_MS = 1500;

/**
 * Starts the warm-up worker for `locale` and resolves once it has built its formatters, failed, or timed out;
 * never rejects (without workers, or when the script cannot load, it resolves at once or on the error).
 */
export function warmUpIntl(locale: Locale): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(done, WARM_UP_TIMEOUT_MS);
    try {
      worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage(locale);
    } catch {
      done();
    }
  });
}
