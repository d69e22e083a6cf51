// Server-Timing (issue 11): a rendered page says what its database queries, its React render and the whole
// answer cost; an API answer says db and total.
import { expect, test } from '@playwright/test';
import { localDateTime } from './pages.ts';

function durations(header: string | undefined): Record<string, number> {
  const result: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur) result[name] = Number(dur.slice(4));
  }
  return result;
}

test('pages carry db, render and total durations; API answers db and total', async ({ request }) => {
  // A page no other test asks for (its own stay): rendered now, not answered from the page cache without a query.
  const page = await request.get(
    `/buchung/tarife?airport=frankfurt&entry=${localDateTime(251, '07:15')}&exit=${localDateTime(256, '19:45')}`,
  );
  expect(page.status()).toBe(200);
  const pageTiming = durations(page.headers()['server-timing']);
  expect(pageTiming.db).toBeGreaterThan(0);
  expect(pageTiming.render).toBeGreaterThan(0);
  expect(pageTiming.total).toBeGreaterThanOrEqual(pageTiming.render);

  const api = await request.get('/api/auth/check', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(api.status()).toBe(200);
  const apiTiming = durations(api.headers()['server-timing']);
  expect(Number.isFinite(apiTiming.db)).toBe(true);
  expect(Number.isFinite(apiTiming.total)).toBe(true);
  expect(apiTiming.render).toBeUndefined();
});
