/**
 * Touch gestures with mouse fallback (SPEC §2, §9): tap, long tap, swipe and hold.
 * - tap: released within `LONG_TAP_INTERVAL_MS` (400 ms) having moved at most `TAP_TOLERANCE_PX` (10 px);
 * - longtap: the same, but held for at least 400 ms;
 * - hold: fires once while still pressed after `TOUCH_HOLD_MS` (400 ms) without moving beyond the tap tolerance;
 * - swipe: released after moving more than `SWIPE_TOLERANCE_PX` (30 px), direction by the dominant axis;
 * - mouse events within `MOUSE_IGNORE_AFTER_TOUCH_MS` (350 ms) after a touch are ignored (the browser's
 *   emulated mouse events must not fire a second gesture).
 * The recognizer is a pure state machine: feed it pointer samples, it calls `emit`; clock and timer injectable.
 */
import {
  LONG_TAP_INTERVAL_MS,
  MOUSE_IGNORE_AFTER_TOUCH_MS,
  SWIPE_TOLERANCE_PX,
  TAP_TOLERANCE_PX,
  TOUCH_HOLD_MS,
} from '~/constants.ts';

/** A recognised gesture. */
export type Gesture =
  | { type: 'tap' | 'longtap' | 'hold'; x: number; y: number }
  | { type: 'swipe'; direction: 'left' | 'right' | 'up' | 'down'; dx: number; dy: number };

/** One pointer sample: where, and whether it came from touch or mouse. */
export type PointerSample = { x: number; y: number; source: 'touch' | 'mouse' };

/** Tunables (defaults from SPEC §9) and injectable clock/timers. */
export type RecognizerOptions = {
  tapTolerance?: number;
  swipeTolerance?: number;
  holdMs?: number;
  longTapMs?: number;
  mouseIgnoreMs?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
};

/** Creates a recognizer that reports gestures to `emit`. */
export function createGestureRecognizer(emit: (gesture: Gesture) => void, options: RecognizerOptions = {}) {
  const tapTolerance = options.tapTolerance ?? TAP_TOLERANCE_PX;
  const swipeTolerance = options.swipeTolerance ?? SWIPE_TOLERANCE_PX;
  const holdMs = options.holdMs ?? TOUCH_HOLD_MS;
  const longTapMs = options.longTapMs ?? LONG_TAP_INTERVAL_MS;
  const mouseIgnoreMs = options.mouseIgnoreMs ?? MOUSE_IGNORE_AFTER_TOUCH_MS;
  const now = options.now ?? (() => Date.now());
  const set = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clear = options.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));

  let active: {
    source: 'touch' | 'mouse';
    startX: number;
    startY: number;
    x: number;
    y: number;
    startTime: number;
    moved: boolean;
  } | null = null;
  let holdTimer: unknown = null;
  let lastTouchEnd = -Infinity;

  function ignored(sample: PointerSample): boolean {
    if (sample.source !== 'mouse') return false;
    return now() - lastTouchEnd < mouseIgnoreMs || active?.source === 'touch';
  }

  function stopHold() {
    if (holdTimer !== null) clear(holdTimer);
    holdTimer = null;
  }

  return {
    /** Finger down / mouse button down. */
    start(sample: PointerSample) {
      if (ignored(sample)) return;
      stopHold();
      active = {
        source: sample.source,
        startX: sample.x,
        startY: sample.y,
        x: sample.x,
        y: sample.y,
        startTime: now(),
        moved: false,
      };
      holdTimer = set(() => {
        holdTimer = null;
        if (active && !active.moved) emit({ type: 'hold', x: active.x, y: active.y });
      }, holdMs);
    },
    /** Finger / mouse moved while pressed. */
    move(sample: PointerSample) {
      if (!active || ignored(sample) || sample.source !== active.source) return;
      active.x = sample.x;
      active.y = sample.y;
      if (Math.abs(sample.x - active.startX) > tapTolerance || Math.abs(sample.y - active.startY) > tapTolerance) {
        active.moved = true;
        stopHold();
      }
    },
    /** Finger lifted / mouse button released. */
    end(sample: PointerSample) {
      if (!active || sample.source !== active.source) return;
      if (sample.source === 'mouse' && now() - lastTouchEnd < mouseIgnoreMs) return;
      const a = active;
      active = null;
      stopHold();
      a.x = sample.x;
      a.y = sample.y;
      if (sample.source === 'touch') lastTouchEnd = now();
      const dx = a.x - a.startX;
      const dy = a.y - a.startY;
      if (Math.abs(dx) > swipeTolerance || Math.abs(dy) > swipeTolerance) {
        const direction = Math.abs(dx) >= Math.abs(dy) ? (dx < 0 ? 'left' : 'right') : dy < 0 ? 'up' : 'down';
        emit({ type: 'swipe', direction, dx, dy });
        return;
      }
      if (a.moved || Math.abs(dx) > tapTolerance || Math.abs(dy) > tapTolerance) return;
      emit({ type: now() - a.startTime < longTapMs ? 'tap' : 'longtap', x: a.x, y: a.y });
    },
    /** Touch cancelled (e.g. scrolling took over). */
    cancel() {
      active = null;
      stopHold();
    },
  };
}
