import { expect, test } from '@playwright/test';
import { hydratedElement, localDateTime, SearchPage } from './pages.ts';

test.describe('search → tariffs → cart', () => {
  test('a visitor searches from the home page, sees priced offers and books one into the cart', async ({ page }) => {
    const search = new SearchPage(page);
    await search.open();
    const entry = localDateTime(30, '08:00');
    const exit = localDateTime(37, '18:00');
    await search.search('Flughafen Frankfurt (FRA)', entry, exit);

    await expect(page).toHaveURL(/\/buchung\/tarife\?airport=frankfurt&entry=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Frankfurt');
    await expect(page.locator('[data-stay-summary]')).toContainText('8 Tage');
    const lists = page.locator('[data-tariff-list]');
    expect(await lists.count()).toBeGreaterThanOrEqual(2);

    const firstOffer = page.locator('article[data-tariff-id]').first();
    await expect(firstOffer.locator('[data-total-cents]')).toContainText('€');

    const tariffId = Number(await firstOffer.getAttribute('data-tariff-id'));
    const cartResponse = page.waitForResponse((r) => r.url().endsWith('/api/checkout/cart'));
    await firstOffer.getByRole('button', { name: /Buchen/ }).click();
    const response = await cartResponse;
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.cart).toMatchObject({ entryTime: entry, exitTime: exit });
    expect(body.cart.tariffId).toBe(tariffId);
    expect(body.redirect).toBe('/buchung');
    await expect(page).toHaveURL(/\/buchung$/);
  });

  test('a locked airport says so instead of listing tariffs', async ({ page }) => {
    await page.goto(
      `/buchung/tarife?airport=kassel&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(33, '08:00')}`,
    );
    await expect(page.locator('[data-airport-locked]')).toBeVisible();
    await expect(page.locator('article[data-tariff-id]')).toHaveCount(0);

    const form = page.locator('[data-locked-airport-form]');
    // The API call below is the enhanced form's: before hydration the same click posts the form as without JS.
    await hydratedElement(form.getByRole('button', { name: 'Benachrichtigen' }));
    await form.getByLabel('E-Mail-Adresse').fill('reisende@example.org');
    const signUp = page.waitForResponse((r) => r.url().endsWith('/api/locked-airport-notification'));
    await form.getByRole('button', { name: 'Benachrichtigen' }).click();
    expect((await signUp).status()).toBe(201);
    await expect(page.getByText(/^Danke! Wir schreiben Ihnen/)).toBeVisible();
  });

  test('the search form works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Flughafen').selectOption('hamburg');
    await page.getByLabel(/Einfahrt/).fill(localDateTime(20, '06:30'));
    await page.getByLabel(/Rückkehr/).fill(localDateTime(22, '22:00'));
    await page.getByRole('button', { name: 'Angebote vergleichen' }).click();
    await expect(page.locator('article[data-tariff-id]').first()).toBeVisible();
    await expect(page.locator('[data-stay-summary]')).toContainText('3 Tage');
    await context.close();
  });
});

test.describe('page head contract (DESIGN §4)', () => {
  for (const [path, routeName, locale] of [
    ['/', 'index', 'de'],
    ['/en', 'index', 'en'],
    ['/parkplatz', 'airports.index', 'de'],
    ['/en/parkplatz/muenchen', 'airports.show', 'en'],
    ['/buchung/tarife?airport=frankfurt', 'checkout.tariffs', 'de'],
  ] as const) {
    test(`${path} carries the head contract`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const meta = (name: string) => page.locator(`meta[name="${name}"]`);
      await expect(meta('locale')).toHaveAttribute('content', locale);
      await expect(meta('route-name')).toHaveAttribute('content', routeName);
      await expect(meta('csrf-token')).toHaveAttribute('content', /^[A-Za-z0-9_-]{20,}$/);
      await expect(meta('translations-url')).toHaveAttribute(
        'content',
        new RegExp(`^/translations/${locale}\\.json\\?v=`),
      );
      await expect(meta('debug')).toHaveAttribute('content', '0');
      await expect(meta('authenticated')).toHaveAttribute('content', '0');
    });
  }

  test('an unknown page is a 404 with the head contract', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'errors.404');
    const prefixed = await page.goto('/fr/parkplatz');
    expect(prefixed?.status()).toBe(404);
  });
});
