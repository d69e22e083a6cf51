/**
 * The lazily loaded features per route (SPEC §2): the airports map (Leaflet), the search form's date picker
 * (react-day-picker), the airport gallery modal and the airport comment modal. Map tiles cannot load in the test
 * sandbox; the markers must show anyway.
 */
import { expect, test, type Page } from '@playwright/test';
import { localDateTime, nearbyHydrated, pageHydrated } from './pages.ts';

/** Waits until the client layer has mounted (its effects install `window.eapFlash`). */
async function hydrated(page: Page) {
  await pageHydrated(page);
}

/** Records the script chunks the page requests. */
function recordChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/js/')) chunks.push(pathname);
  });
  return chunks;
}

const isMapChunk = (path: string) => /^\/js\/airport-map-[\w-]+\.js$/.test(path);

/** Loads the interactive map on purpose (privacy first: until then the page shows our static overview). */
async function loadMap(page: Page) {
  // On the airport page the map is far below the fold and hydrates as it nears the viewport (issue 11); its
  // "load" button is there only once hydrated (without JavaScript the panel says the map needs it).
  await page
    .getByRole('region', { name: /^Karte/ })
    .first()
    .scrollIntoViewIfNeeded();
  const button = page.getByRole('button', { name: 'Karte laden' });
  await nearbyHydrated(button);
  await button.click();
}
const isDatePickerChunk = (path: string) => /^\/js\/date-picker-[\w-]+\.js$/.test(path);

test.describe('lazy features', () => {
  test('airports.index: the map shows one marker per airport, locked airports in their own colour', async ({
    page,
  }) => {
    const chunks = recordChunks(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/parkplatz');
    await hydrated(page);
    expect(chunks.filter(isMapChunk)).toEqual([]);
    await loadMap(page);

    const map = page.getByRole('region', { name: 'Karte der Flughäfen' });
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('data-map');
    const markers = map.locator('[data-airport-iata]');
    await expect(markers).toHaveCount(13);
    await expect(map.locator('[data-airport-iata="KSF"]')).toHaveClass(/map-pin--locked/);
    await expect(map.locator('[data-airport-iata="FRA"]')).not.toHaveClass(/map-pin--locked/);
    // The plain list stays (fallback without JavaScript, and for screen readers).
    await expect(page.locator('[data-airports-list] li')).toHaveCount(13);

    expect(chunks.filter(isMapChunk)).toHaveLength(1);
    expect(chunks.some(isDatePickerChunk)).toBe(false);

    await map.locator('[data-airport-iata="HAM"]').click();
    const link = map.getByRole('link', { name: 'Parkplätze ansehen' });
    await expect(link).toHaveAttribute('href', '/parkplatz/hamburg');
    await link.click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'airports.show');
    await expect(page).toHaveURL(/\/parkplatz\/hamburg$/);
    // Client-side navigation: the map is rebuilt for Hamburg from the chunk already loaded.
    await expect(page.locator('[data-map] [data-airport-iata="HAM"]')).toHaveClass(/map-pin--current/);
    expect(chunks.filter(isMapChunk)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('the map chunk is requested only on routes that have the map feature', async ({ page }) => {
    const chunks = recordChunks(page);
    const entry = localDateTime(10, '08:00');
    const exit = localDateTime(14, '18:00');
    await page.goto(`/buchung/tarife?airport=frankfurt&entry=${entry}&exit=${exit}`);
    await hydrated(page);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.tariffs');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-map]')).toHaveCount(0);
    await expect(page.locator('[data-date-picker]')).toHaveCount(0);
    expect(chunks.filter(isMapChunk)).toEqual([]);
    expect(chunks.filter(isDatePickerChunk)).toEqual([]);

    await page.goto('/impressum');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-map]')).toHaveCount(0);
    expect(chunks.filter(isMapChunk)).toEqual([]);

    // index has it (with the date picker), loaded once the visitor asks for it
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('[data-map-overview] [data-airport-iata]')).toHaveCount(13);
    expect(chunks.filter(isMapChunk)).toEqual([]);
    await loadMap(page);
    await expect(page.locator('[data-map] [data-airport-iata]')).toHaveCount(13);
    expect(chunks.filter(isMapChunk)).toHaveLength(1);
    expect(chunks.filter(isDatePickerChunk)).toHaveLength(1);
  });

  test('airports.show: the map is centred on the airport and shows its parking lots', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    await loadMap(page);
    const map = page.locator('[data-map]');
    await expect(map).toBeVisible();
    await expect(map.locator('[data-airport-iata="FRA"]')).toHaveClass(/map-pin--current/);
    await expect(map.locator('[data-lot-id]').first()).toBeVisible();
    // Centred: the airport's marker lies inside the map, near the middle.
    const box = (await map.boundingBox())!;
    const pin = (await map.locator('[data-airport-iata="FRA"]').boundingBox())!;
    expect(pin.x).toBeGreaterThan(box.x);
    expect(pin.x + pin.width).toBeLessThan(box.x + box.width);
    expect(pin.y).toBeGreaterThan(box.y);
    expect(pin.y + pin.height).toBeLessThan(box.y + box.height);
  });

  test('the date picker fills entry and exit, keeping the times, defaults 08:00 and 18:00', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Parkplatz suchen' });
    const entry = form.getByLabel(/Einfahrt/);
    const exit = form.getByLabel(/Rückkehr/);
    const open = form.getByRole('button', { name: 'Reisezeitraum im Kalender wählen' });
    await expect(open).toBeVisible();
    await open.click();
    const calendar = page.getByRole('dialog', { name: 'Reisezeitraum wählen' });
    await expect(calendar).toBeVisible();
    // Weeks start on Monday, German names.
    await expect(calendar.locator('.rdp-weekday').first()).toHaveText(/^Mo/);
    // Past days are disabled.
    const yesterday = localDateTime(-1, '00:00').slice(0, 10);
    const yesterdayButton = calendar.locator(`[data-day="${yesterday}"] button`);
    if ((await yesterdayButton.count()) > 0) await expect(yesterdayButton).toBeDisabled();

    const from = localDateTime(3, '00:00').slice(0, 10);
    const to = localDateTime(6, '00:00').slice(0, 10);
    await calendar.locator(`[data-day="${from}"] button`).first().click();
    await expect(entry).toHaveValue(`${from}T08:00`);
    await calendar.locator(`[data-day="${to}"] button`).first().click();
    await expect(exit).toHaveValue(`${to}T18:00`);
    await expect(calendar).toBeHidden();
    await expect(open).toBeFocused();

    // A time already typed stays; only the day changes.
    await entry.fill(localDateTime(2, '06:30'));
    await exit.fill(localDateTime(3, '21:15'));
    await open.click();
    const from2 = localDateTime(4, '00:00').slice(0, 10);
    const to2 = localDateTime(9, '00:00').slice(0, 10);
    await page
      .getByRole('dialog', { name: 'Reisezeitraum wählen' })
      .locator(`[data-day="${from2}"] button`)
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Reisezeitraum wählen' })
      .locator(`[data-day="${to2}"] button`)
      .first()
      .click();
    await expect(entry).toHaveValue(`${from2}T06:30`);
    await expect(exit).toHaveValue(`${to2}T21:15`);

    // Escape closes without changes; the GET form still submits the values.
    await open.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Reisezeitraum wählen' })).toBeHidden();
    await form.getByLabel(/Flughafen/).selectOption('frankfurt');
    await form.getByRole('button', { name: 'Angebote vergleichen' }).click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.tariffs');
    expect(new URL(page.url()).searchParams.get('entry')).toBe(`${from2}T06:30`);
    expect(errors).toEqual([]);
  });

  test('the gallery modal opens at the clicked image', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    const thumbs = page.locator('[data-gallery] [data-airport-gallery] a');
    await expect(thumbs).toHaveCount(3);
    await thumbs.nth(1).click();
    const modal = page.locator('[data-modal="airportGallery"]');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('role', 'dialog');
    await expect(page.getByRole('dialog', { name: 'Eindrücke: Flughafen Frankfurt' })).toBeVisible();
    const slides = modal.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(1)).toHaveAttribute('aria-hidden', 'false');
    await expect(modal.getByRole('button', { name: 'Bild 2 von 3' })).toHaveAttribute('aria-current', 'true');
    // Infinite: forward from the last image wraps to the first.
    await modal.getByRole('button', { name: 'Nächstes Bild' }).click();
    await modal.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expect(slides.nth(0)).toHaveAttribute('aria-hidden', 'false');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(thumbs.nth(1)).toBeFocused();

    // Another thumbnail opens at its own image.
    await thumbs.nth(2).click();
    await expect(modal.locator('[aria-roledescription="slide"]').nth(2)).toHaveAttribute('aria-hidden', 'false');
  });

  test('the airport comment link opens the eapcomment modal (airports.show and index)', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    await page.locator('[data-airport-comment] [data-airport-comment-link]').click();
    const modal = page.locator('[data-modal="eapcomment"]');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('role', 'dialog');
    await expect(modal).toContainText('Bauarbeiten an der Zufahrt zu Terminal 1');
    await expect(page.getByRole('dialog', { name: 'Hinweis: Flughafen Frankfurt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page.goto('/');
    await hydrated(page);
    await page.locator('[data-airport-comment-link="FRA"]').click();
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Bauarbeiten an der Zufahrt zu Terminal 1');
    await modal.getByRole('link', { name: /Flughafen Frankfurt/ }).click();
    await expect(page).toHaveURL(/\/parkplatz\/frankfurt$/);
    await expect(modal).toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('pages keep their lists, links and plain inputs', async ({ page }) => {
      await page.goto('/parkplatz');
      await expect(page.locator('[data-airports-list] li')).toHaveCount(13);
      await expect(page.locator('[data-map]')).toHaveCount(0);
      // our static overview instead: every airport a link
      await expect(page.locator('[data-map-overview] a[data-airport-iata]')).toHaveCount(13);

      await page.goto('/parkplatz/frankfurt');
      await expect(page.locator('[data-date-picker]')).toHaveCount(0);
      await expect(page.locator('[data-gallery] [data-airport-gallery] a').first()).toHaveAttribute(
        'href',
        '/images/airports/frankfurt-1.svg',
      );
      await page.locator('[data-airport-comment-link]').click();
      await expect(page).toHaveURL(/#hinweis$/);
      await expect(page.locator('#hinweis')).toContainText('Bauarbeiten an der Zufahrt zu Terminal 1');
    });
  });
});
