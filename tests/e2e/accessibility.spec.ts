import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { localDateTime } from './pages.ts';

// WCAG 2.1 A/AA rules of axe-core on the main pages, at phone and desktop width (one load, two scans). Map tiles are
// ignored (third-party images that cannot load offline).
async function scan(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.leaflet-tile-pane')
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

const tariffs = () =>
  `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`;

/**
 * Scans the page at phone width, then at desktop width: the same document resized (the layout is CSS media queries),
 * so each page is loaded once for both scans.
 */
async function scanAtBothWidths(page: Page) {
  const found: Record<number, Awaited<ReturnType<typeof scan>>> = {};
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found[width] = await scan(page);
  }
  return found;
}

const NONE = { 390: [], 1280: [] };

test.describe('accessibility at 390 and 1280 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  for (const [name, path] of [
    ['home', () => '/'],
    ['airports', () => '/parkplatz'],
    ['airport', () => '/en/parkplatz/muenchen'],
    ['tariffs', tariffs],
    [
      'locked airport',
      () => `/buchung/tarife?airport=kassel&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(33, '08:00')}`,
    ],
    ['lookup', () => '/reservierung'],
    ['faq', () => '/faq'],
    ['faq search', () => '/faq?q=Shuttle'],
    ['contact', () => '/kontakt'],
    ['privacy', () => '/datenschutz'],
    ['sign-in', () => '/anmelden'],
    ['sign-up', () => '/registrieren'],
    ['lost password', () => '/passwort-vergessen'],
    ['new password', () => '/passwort/ein-token'],
    ['verify e-mail', () => '/en/konto/bestaetigen/ein-token'],
    ['newsletter', () => '/newsletter'],
    ['newsletter confirm', () => '/newsletter/ein-token'],
    ['newsletter unsubscribe', () => '/en/newsletter/abmelden/ein-token'],
    ['airport alert unsubscribe', () => '/benachrichtigung/abmelden/ein-token'],
    ['404', () => '/gibt-es-nicht'],
  ] as const) {
    test(`${name} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path());
      await page.waitForLoadState('networkidle');
      expect(await scanAtBothWidths(page)).toEqual(NONE);
    });
  }

  for (const modal of ['login', 'registrieren'] as const) {
    test(`the ${modal} modal has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(`/#${modal}`);
      await expect(page.locator('dialog[open]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await scanAtBothWidths(page)).toEqual(NONE);
    });
  }

  test('checkout booking page has no WCAG A/AA violations', async ({ page }) => {
    await page.goto(tariffs());
    await page
      .locator('article[data-tariff-id]')
      .first()
      .getByRole('button', { name: /Buchen/ })
      .click();
    await expect(page).toHaveURL(/\/buchung$/);
    await page.waitForLoadState('networkidle');
    expect(await scanAtBothWidths(page)).toEqual(NONE);
  });
});
