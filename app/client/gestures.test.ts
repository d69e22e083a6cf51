import { beforeEach, describe, expect, it } from 'vitest';
import { createGestureRecognizer, type Gesture } from './gestures.ts';

let clock = 0;
let timers: { at: number; fn: () => void; id: number }[] = [];
let seq = 0;
let gestures: Gesture[] = [];

function advance(ms: number) {
  const target = clock + ms;
  for (;;) {
    const due = timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
    if (!due) break;
    timers = timers.filter((t) => t !== due);
    clock = due.at;
    due.fn();
  }
  clock = target;
}

function recognizer() {
  return createGestureRecognizer((g) => gestures.push(g), {
    now: () => clock,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.push({ at: clock + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  });
}

const touch = (x: number, y = 0) => ({ x, y, source: 'touch' as const });
const mouse = (x: number, y = 0) => ({ x, y, source: 'mouse' as const });

beforeEach(() => {
  clock = 1000;
  timers = [];
  gestures = [];
});

describe('gesture thresholds (SPEC §9)', () => {
  it('tap: moved up to 10 px, released before 400 ms', () => {
    const r = recognizer();
    r.start(touch(0));
    r.move(touch(10, 10));
    advance(399);
    r.end(touch(10, 10));
    expect(gestures).toEqual([{ type: 'tap', x: 10, y: 10 }]);
  });

  it('no tap beyond 10 px, no swipe up to 30 px', () => {
    const r = recognizer();
    r.start(touch(0));
    r.move(touch(11));
    r.end(touch(11));
    r.start(touch(0));
    r.end(touch(30));
    expect(gestures).toEqual([]);
  });

  it('swipe beyond 30 px, by the dominant axis', () => {
    const r = recognizer();
    r.start(touch(100, 100));
    r.end(touch(69, 90));
    r.start(touch(0, 0));
    r.end(touch(5, 31));
    r.start(touch(0, 0));
    r.end(touch(40, 0));
    r.start(touch(0, 0));
    r.end(touch(0, -50));
    expect(gestures.map((g) => (g.type === 'swipe' ? g.direction : g.type))).toEqual(['left', 'down', 'right', 'up']);
  });

  it('hold fires at 400 ms while pressed, then release is a long tap', () => {
    const r = recognizer();
    r.start(touch(5, 5));
    advance(399);
    expect(gestures).toEqual([]);
    advance(1);
    expect(gestures).toEqual([{ type: 'hold', x: 5, y: 5 }]);
    r.end(touch(5, 5));
    expect(gestures[1]).toEqual({ type: 'longtap', x: 5, y: 5 });
  });

  it('moving beyond the tap tolerance cancels hold', () => {
    const r = recognizer();
    r.start(touch(0));
    r.move(touch(20));
    advance(1000);
    r.end(touch(20));
    expect(gestures).toEqual([]);
  });

  it('mouse works as a fallback', () => {
    const r = recognizer();
    r.start(mouse(0));
    r.end(mouse(-40));
    expect(gestures).toEqual([{ type: 'swipe', direction: 'left', dx: -40, dy: 0 }]);
  });

  it('ignores mouse events for 350 ms after a touch', () => {
    const r = recognizer();
    r.start(touch(0));
    r.end(touch(0));
    expect(gestures).toHaveLength(1);
    advance(349); // SPEC §9: mouse events ignored for 350 ms after a touch
    r.start(mouse(0));
    r.end(mouse(0));
    expect(gestures).toHaveLength(1);
    advance(1);
    r.start(mouse(0));
    r.end(mouse(0));
    expect(gestures).toHaveLength(2);
  });

  it('cancel drops the gesture', () => {
    const r = recognizer();
    r.start(touch(0));
    r.cancel();
    advance(500);
    r.end(touch(0));
    expect(gestures).toEqual([]);
  });
});
