// Private by default (issue 14, §25 TDDDG): before the visitor chooses anything, no page asks another host for
// anything and the browser holds no cookie but the session; choosing "necessary only" adds just that choice.
import { expect, test, type Page } from '@playwright/test';
import { localDateTime, pageHydrated } from './pages.ts';

const PAGES = [
  '/',
  '/parkplatz',
  '/parkplatz/frankfurt',
  `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`,
  '/faq',
  '/kontakt',
  '/reservierung',
  '/anmelden',
  '/registrieren',
  '/admin/anmelden',
  '/newsletter',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/en/parkplatz/frankfurt',
];

/** Every request the page makes to a host other than the shop's, from now on. */
function foreignRequests(page: Page, shopOrigin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== shopOrigin) foreign.push(url);
  });
  return foreign;
}

/** Scrolls through the page like a reader (lazy blocks and islands load on the way), then waits for quiet. */
async function readToTheEnd(page: Page) {
  await page.waitForLoadState('networkidle');
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  await page.waitForLoadState('networkidle');
}

test('before any choice: no request to another host and no cookie but the session, on every page', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const foreign = foreignRequests(page, origin);
  for (const path of PAGES) {
    await page.goto(path);
    await readToTheEnd(page);
  }
  expect(foreign).toEqual([]);
  expect((await context.cookies()).map((c) => c.name)).toEqual(['eap_session']);
});

test('"necessary only" stores the choice and still nothing leaves for another host', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const foreign = foreignRequests(page, origin);
  await page.goto('/');
  await pageHydrated(page);
  await page.getByRole('button', { name: 'Nur notwendige' }).click();
  await expect(page.locator('[data-cookie-bar]')).toHaveCount(0);
  for (const path of PAGES.slice(0, 4)) {
    await page.goto(path);
    await readToTheEnd(page);
  }
  expect(foreign).toEqual([]);
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['eap_hide-cookie-bar', 'eap_session']);
});
