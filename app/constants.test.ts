// SPEC §9 is a contract: these tests compare each constant with the literal value of the specification,
// so a changed constant fails here instead of silently moving every test that imports it.
import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('SPEC §9 business constants', () => {
  it.each([
    ['FLASH_DURATION_MS', 5000],
    ['SMOOTH_SCROLL_DURATION_MS', 1000],
    ['SMOOTH_SCROLL_OFFSET_PX', -68],
    ['FALLBACK_LOCALE', 'de'],
    ['RATING_MIN', 0],
    ['RATING_MAX', 5],
    ['COOKIE_BAR_COOKIE', 'eap_hide-cookie-bar'],
    ['BULKY_BAGGAGE_SEPARATOR', ';'],
    ['CHUNK_TIMEOUT_MS', 120000],
    ['TAP_TOLERANCE_PX', 10],
    ['SWIPE_TOLERANCE_PX', 30],
    ['TOUCH_HOLD_MS', 400],
    ['LONG_TAP_INTERVAL_MS', 400],
    ['MOUSE_IGNORE_AFTER_TOUCH_MS', 350],
    ['ASYNC_COMPONENT_DELAY_MS', 200],
  ] as const)('%s is %s', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('numbers the checkout analytics steps 1 to 3 (SPEC §4, §9)', () => {
    expect(constants.CHECKOUT_ANALYTICS_STEPS).toEqual({ travel: 1, billingAddress: 2, submit: 3 });
  });

  it('lists the bulky-baggage flags in SPEC §3 order', () => {
    expect(constants.BULKY_BAGGAGE_FLAGS).toEqual(['prams', 'wheelchair', 'bicycle', 'golfBag', 'surfboard', 'other']);
  });
});
