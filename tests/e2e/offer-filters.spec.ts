import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { localDateTime, lookAt, pageHydrated } from './pages.ts';

// Issue 37 item 3, "Done when": sort by distance and filter covered, with JavaScript (in place, no page load) and
// without (the plain GET form); the choice survives a change of the stay; filters that leave nothing offer a reset.
// Frankfurt's seed: an open-air shuttle lot (5.2 km), a covered shuttle hall (7.5 km), covered valet (150 m) and a
// covered terminal car park (400 m).

const entry = localDateTime(30, '08:00');
const exit = localDateTime(37, '18:00');
const tariffs = (query = '', lang = '') =>
  `${lang}/buchung/tarife?airport=frankfurt&entry=${entry}&exit=${exit}${query}`;

const cards = (page: Page) => page.locator('article[data-tariff-id]');

/** The cards' distances to the terminal in metres, in the order shown. */
async function distances(page: Page): Promise<number[]> {
  return (await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-distance-meters')))).map(Number);
}

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

/** Every shown card is covered parking (its feature list says so). */
async function expectAllCovered(page: Page) {
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++)
    await expect(cards(page).nth(i).getByText('Überdacht', { exact: true })).toBeVisible();
}

test.describe('sort and filter the offers (issue 37 item 3)', () => {
  test('sort by distance and filter covered, in place with JavaScript; the stay change keeps them', async ({
    page,
  }) => {
    await page.goto(tariffs());
    await pageHydrated(page);
    const total = await cards(page).count();
    expect(total).toBeGreaterThanOrEqual(4);
    const status = page.getByRole('status').filter({ hasText: 'Angeboten' });
    await expect(status).toHaveText(`${total} von ${total} Angeboten`);

    // a marker on the window: it survives only when no page load happens
    await page.evaluate(() => ((window as unknown as { offersMarker: number }).offersMarker = 1));
    const filters = page.getByRole('search', { name: 'Angebote sortieren und filtern' });
    await filters.getByLabel('Sortieren nach').selectOption({ label: 'Kürzeste Entfernung zum Terminal' });
    await expect(page).toHaveURL(/sortierung=entfernung/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Alle Angebote (Kürzeste Entfernung zum Terminal)' }),
    ).toBeVisible();
    const sorted = await distances(page);
    expect(sorted).toEqual(ascending(sorted));
    expect(sorted).toHaveLength(total);

    await filters.getByRole('checkbox', { name: 'Überdacht' }).check();
    await expect(page).toHaveURL(/ueberdacht=1/);
    await expect.poll(() => cards(page).count()).toBeLessThan(total);
    await expectAllCovered(page);
    const covered = await cards(page).count();
    await expect(status).toHaveText(`${covered} von ${total} Angeboten`);
    expect(await distances(page)).toEqual(ascending(await distances(page)));
    // focus stays on the control the visitor used
    await expect(filters.getByRole('checkbox', { name: 'Überdacht' })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { offersMarker?: number }).offersMarker)).toBe(1);

    // the first picture loads at once, the others lazily; each names its car park
    const images = page.locator('article[data-tariff-id] img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.first()).toHaveAttribute('alt', /^Illustration: .+, überdachte Parkebenen$/);
    await expect(images.first()).toHaveAttribute('width', '1200');
    await lookAt(page, 'offers-sorted-covered');
    expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);

    // a new stay keeps the sort and the filter
    await page.getByText('Suche ändern').click();
    const search = page.getByRole('form', { name: 'Parkplatz suchen' });
    await search.getByLabel(/Rückkehr/).fill(localDateTime(35, '18:00'));
    await search.getByRole('button', { name: 'Angebote vergleichen' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('exit')).toBe(localDateTime(35, '18:00'));
    const url = new URL(page.url());
    expect(url.searchParams.get('sortierung')).toBe('entfernung');
    expect(url.searchParams.get('ueberdacht')).toBe('1');
    await expect(page.locator('[data-stay-summary]')).toContainText('6 Tage');
    await expect(filters.getByRole('checkbox', { name: 'Überdacht' })).toBeChecked();
    await expectAllCovered(page);
  });

  test('filters that leave nothing say so and reset to the list', async ({ page }) => {
    await page.goto(tariffs('&sortierung=preis'));
    await pageHydrated(page);
    const filters = page.getByRole('search', { name: 'Angebote sortieren und filtern' });
    await filters.getByRole('checkbox', { name: 'Valet' }).check();
    await expect(page).toHaveURL(/kategorie=valet/);
    await filters.getByRole('checkbox', { name: 'Schlüssel bleibt bei mir' }).check();
    await expect(page.getByText('Kein Angebot passt zu allen gewählten Filtern.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Angeboten' })).toHaveText(/^0 von \d+ Angeboten$/);
    await lookAt(page, 'offers-empty');
    expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);
    await page.getByRole('link', { name: 'Filter zurücksetzen' }).click();
    await expect(page).not.toHaveURL(/kategorie|schluessel/);
    // the sort stays: only the filters go
    await expect(page).toHaveURL(/sortierung=preis/);
    await expect(cards(page).first()).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: 'Valet' })).not.toBeChecked();
  });

  test('the same without JavaScript: the GET form, the stay change and the reset', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(tariffs());
    const total = await cards(page).count();
    const filters = page.getByRole('search', { name: 'Angebote sortieren und filtern' });
    await filters.getByLabel('Sortieren nach').selectOption('entfernung');
    await filters.getByRole('checkbox', { name: 'Überdacht' }).check();
    await filters.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/sortierung=entfernung&ueberdacht=1$/);
    await expectAllCovered(page);
    expect(await cards(page).count()).toBeLessThan(total);
    expect(await distances(page)).toEqual(ascending(await distances(page)));
    await expect(filters.getByLabel('Sortieren nach')).toHaveValue('entfernung');
    await expect(filters.getByRole('checkbox', { name: 'Überdacht' })).toBeChecked();

    await page.getByText('Suche ändern').click();
    const search = page.getByRole('form', { name: 'Parkplatz suchen' });
    await search.getByLabel(/Rückkehr/).fill(localDateTime(33, '18:00'));
    await search.getByRole('button', { name: 'Angebote vergleichen' }).click();
    const url = new URL(page.url());
    expect(url.searchParams.get('sortierung')).toBe('entfernung');
    expect(url.searchParams.get('ueberdacht')).toBe('1');
    await expect(page.locator('[data-stay-summary]')).toContainText('4 Tage');
    await expectAllCovered(page);

    await filters.getByRole('checkbox', { name: 'Valet' }).check();
    await filters.getByRole('checkbox', { name: 'Schlüssel bleibt bei mir' }).check();
    await filters.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByText('Kein Angebot passt zu allen gewählten Filtern.')).toBeVisible();
    await page.getByRole('link', { name: 'Filter zurücksetzen' }).click();
    await expect(cards(page).first()).toBeVisible();
    expect(new URL(page.url()).searchParams.get('ueberdacht')).toBeNull();
    await context.close();
  });

  test('in English: labels, sort by price and the picture text', async ({ page }) => {
    await page.goto(tariffs('&sortierung=preis&laden=1', '/en'));
    const filters = page.getByRole('search', { name: 'Sort and filter offers' });
    await expect(filters.getByLabel('Sort by')).toHaveValue('preis');
    await expect(filters.getByRole('checkbox', { name: 'EV charging' })).toBeChecked();
    const totals = (
      await page
        .locator('article[data-tariff-id] [data-total-cents]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-total-cents')))
    ).map(Number);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals).toEqual(ascending(totals));
    await expect(page.locator('article[data-tariff-id] img').first()).toHaveAttribute('alt', /^Illustration: /);
    await expect(page.getByRole('status').filter({ hasText: 'offers' })).toHaveText(/^\d+ of \d+ offers$/);
    await lookAt(page, 'offers-en-price-ev');
  });
});
