import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.server.ts';
import { createTestClock } from './test-clock.server.ts';

describe('createTestClock', () => {
  it('reads the system clock until set, then the set instant running on, and again after a reset', () => {
    let system = new Date('2026-11-21T09:00:00Z');
    const clock = createTestClock(() => system);
    expect(clock.now().toISOString()).toBe('2026-11-21T09:00:00.000Z');
    clock.set(new Date('2026-12-01T10:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-12-01T10:00:00.000Z');
    system = new Date('2026-11-21T09:05:00Z');
    expect(clock.now().toISOString()).toBe('2026-12-01T10:05:00.000Z');
    expect(clock.offsetMs()).toBe(Date.parse('2026-12-01T10:00:00Z') - Date.parse('2026-11-21T09:00:00Z'));
    clock.reset();
    expect(clock.now()).toEqual(system);
    expect(() => clock.set(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('SHOP_TEST_CLOCK', () => {
  const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '.data/test-env', PUBLIC_URL: 'https://parken.example' };

  it('is off by default, on with 1 for sample data (test and staging servers)', () => {
    expect(loadEnv(base).SHOP_TEST_CLOCK).toBe(false);
    expect(loadEnv({ ...base, SHOP_TEST_CLOCK: '1' }).SHOP_TEST_CLOCK).toBe(true);
  });

  it('is refused with real data (SHOP_SAMPLE_DATA=0)', () => {
    expect(() => loadEnv({ ...base, SHOP_SAMPLE_DATA: '0', SHOP_TEST_CLOCK: '1' })).toThrow(
      /SHOP_TEST_CLOCK: only for test and staging servers/,
    );
  });
});
