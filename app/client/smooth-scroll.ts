/**
 * Smooth scroll to a selector (SPEC §2, §9): default offset -68 px (keeps the target clear of the sticky header),
 * default duration 1000 ms, ease-in-out; jumps at once when the visitor prefers reduced motion.
 */
import { SMOOTH_SCROLL_DURATION_MS, SMOOTH_SCROLL_OFFSET_PX } from '~/constants.ts';

/** Ease-in-out (quadratic) of progress `p` in [0, 1]. */
export function easeInOutQuad(p: number): number {
  const x = Math.min(1, Math.max(0, p));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}

/** Target scroll position (px) for an element whose top is `elementTop` px from the viewport top. */
export function scrollTarget(elementTop: number, scrollY: number, offset: number = SMOOTH_SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(elementTop + scrollY + offset));
}

/** Scroll position after `elapsed` ms of an animation from `from` to `to` over `duration` ms. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0) return to;
  return from + (to - from) * easeInOutQuad(elapsed / duration);
}

/** Options of `smoothScrollTo`. */
type SmoothScrollOptions = { offset?: number; duration?: number };

/**
 * Scrolls the window to the first element matching `selector`. Resolves when done; resolves `false` when nothing
 * matches. Respects `prefers-reduced-motion: reduce`. Browser only.
 *
 * SPEC §2 interface element; the FAQ scrolls to a deep-linked question with it (issue 10).
 */
export function smoothScrollTo(selector: string, options: SmoothScrollOptions = {}): Promise<boolean> {
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve(false);
  const offset = options.offset ?? SMOOTH_SCROLL_OFFSET_PX;
  const duration = options.duration ?? SMOOTH_SCROLL_DURATION_MS;
  const from = window.scrollY;
  const to = scrollTarget(element.getBoundingClientRect().top, from, offset);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || duration <= 0) {
    window.scrollTo(0, to);
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (time: number) => {
      const elapsed = time - start;
      window.scrollTo(0, scrollPositionAt(from, to, elapsed, duration));
      if (elapsed < duration) requestAnimationFrame(step);
      else resolve(true);
    };
    requestAnimationFrame(step);
  });
}
