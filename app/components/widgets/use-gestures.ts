import { useEffect, useLayoutEffect, useRef } from 'react';
import { createGestureRecognizer, type Gesture } from '~/client/gestures.ts';

/**
 * Binds the gesture recognizer (SPEC §2, §9) to an element: touch events, with mouse events as fallback
 * (mouse events right after a touch are ignored by the recognizer). `onGesture` may change between renders.
 */
export function useGestures<T extends HTMLElement>(onGesture: (gesture: Gesture) => void) {
  const ref = useRef<T>(null);
  const handler = useRef(onGesture);
  // Layout effect: the latest handler is in place before the browser can deliver the next event.
  useLayoutEffect(() => {
    handler.current = onGesture;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = createGestureRecognizer((g) => handler.current(g));
    const point = (e: TouchEvent) => e.changedTouches[0];
    const ts = (e: TouchEvent) => r.start({ x: point(e).clientX, y: point(e).clientY, source: 'touch' });
    const tm = (e: TouchEvent) => r.move({ x: point(e).clientX, y: point(e).clientY, source: 'touch' });
    const te = (e: TouchEvent) => r.end({ x: point(e).clientX, y: point(e).clientY, source: 'touch' });
    const tc = () => r.cancel();
    const md = (e: MouseEvent) => e.button === 0 && r.start({ x: e.clientX, y: e.clientY, source: 'mouse' });
    const mm = (e: MouseEvent) => r.move({ x: e.clientX, y: e.clientY, source: 'mouse' });
    const mu = (e: MouseEvent) => r.end({ x: e.clientX, y: e.clientY, source: 'mouse' });
    el.addEventListener('touchstart', ts, { passive: true });
    el.addEventListener('touchmove', tm, { passive: true });
    el.addEventListener('touchend', te);
    el.addEventListener('touchcancel', tc);
    el.addEventListener('mousedown', md);
    window.addEventListener('mousemove', mm);
    window.addEventListener('mouseup', mu);
    return () => {
      r.cancel();
      el.removeEventListener('touchstart', ts);
      el.removeEventListener('touchmove', tm);
      el.removeEventListener('touchend', te);
      el.removeEventListener('touchcancel', tc);
      el.removeEventListener('mousedown', md);
      window.removeEventListener('mousemove', mm);
      window.removeEventListener('mouseup', mu);
    };
  }, []);

  return ref;
}
