import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { localDateTime } from './pages.ts';

// WCAG 2.1 A/AA rules of axe-core on the main pages, at phone and desktop width (one load, two scans).
const tariffs = () =>
  `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`;

/** Map tiles are third-party images that cannot load offline. */
const scan = (page: Page) => axeAtBothWidths(page, '.leaflet-tile-pane');

test.describe('accessibility at 390 and 1280 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  for (const [name, path] of [
    ['home', () => '/'],
    ['airports', () => '/parkplatz'],
    ['airport', () => '/en/parkplatz/muenchen'],
    ['price calendar', () => '/parkplatz/frankfurt/preiskalender'],
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
    // the price watch (issue 37 item 2): its form as a page, its confirmation and unsubscribe links
    [
      'price watch',
      () =>
        `/preisbeobachtung?airportId=1&entryTime=${localDateTime(30, '08:00')}&exitTime=${localDateTime(33, '08:00')}`,
    ],
    ['price watch confirm', () => '/en/preisbeobachtung/ein-token'],
    ['price watch unsubscribe', () => '/preisbeobachtung/abmelden/ein-token'],
    ['404', () => '/gibt-es-nicht'],
  ] as const) {
    test(`${name} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path());
      await page.waitForLoadState('networkidle');
      expect(await scan(page)).toEqual(NO_VIOLATIONS);
    });
  }

  for (const modal of ['login', 'registrieren'] as const) {
    test(`the ${modal} modal has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(`/#${modal}`);
      await expect(page.locator('dialog[open]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await scan(page)).toEqual(NO_VIOLATIONS);
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
    expect(await scan(page)).toEqual(NO_VIOLATIONS);
  });
});
