/**
 * The billing-address autocomplete (SPEC §2) on checkout.booking: the client contract. The e2e server has the
 * feature switched on (`ADDRESS_AUTOCOMPLETE_URL` in playwright.config.ts) but no geocoder behind it, so the
 * answers of `GET /api/address-autocomplete` are fulfilled here in the browser; the server side (validation,
 * provider mapping, failures, rate limit) is proven by server/api/address-autocomplete.test.ts.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { localDateTime, SearchPage } from './pages.ts';

const SUGGESTIONS = [
  {
    street: 'Hauptstraße',
    streetNumber: '5a',
    postcode: '60311',
    city: 'Frankfurt am Main',
    country: 'DE',
    label: 'Hauptstraße 5a, 60311 Frankfurt am Main',
  },
  { street: 'Hauptstraße', postcode: '1030', city: 'Wien', country: 'AT', label: 'Hauptstraße, 1030 Wien' },
  { street: 'Hauptplatz', postcode: '8010', city: 'Graz', country: 'AT', label: 'Hauptplatz, 8010 Graz' },
];

const isAutocompleteChunk = (path: string) => /^\/js\/address-autocomplete-[\w-]+\.js$/.test(path);

/** Records the script chunks the page requests. */
function recordChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/js/')) chunks.push(pathname);
  });
  return chunks;
}

/** Fulfils the autocomplete API with `answer`, recording the queries and request headers. */
async function fakeApi(page: Page, answer: (q: string) => { status: number; json: unknown }) {
  const queries: string[] = [];
  const headers: Record<string, string>[] = [];
  await page.route('**/api/address-autocomplete**', async (route: Route) => {
    const url = new URL(route.request().url());
    queries.push(url.searchParams.get('q') ?? '');
    headers.push(route.request().headers());
    const { status, json } = answer(url.searchParams.get('q') ?? '');
    await route.fulfill({ status, json, headers: { 'Cache-Control': 'private, max-age=300' } });
  });
  return { queries, headers };
}

/** Search → first shuttle offer → travel step → the billing step, hydrated; calls `atTravelStep` on the way. */
async function openBillingStep(page: Page, atTravelStep: () => void = () => {}) {
  const search = new SearchPage(page);
  await search.open();
  const cookieBar = page.locator('[data-cookie-bar]');
  if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
  await search.search('Flughafen Frankfurt (FRA)', localDateTime(40, '08:00'), localDateTime(44, '18:00'));
  await page
    .locator('article[data-tariff-category="shuttle"]')
    .first()
    .getByRole('button', { name: /Buchen/ })
    .click();
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.booking');
  await expect(page.locator('[data-step-submit]')).toBeEnabled();
  atTravelStep();
  await page.getByLabel('Kfz-Kennzeichen').fill('F-AB 1234');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeVisible();
}

test.describe('address autocomplete (checkout.booking)', () => {
  test('street combobox: two characters ask nothing, also once the debounce time has passed', async ({ page }) => {
    // The page's clock is the test's (it runs on by itself): the debounce time passes at once, no test waits for it.
    await page.clock.install();
    const api = await fakeApi(page, () => ({ status: 200, json: { suggestions: SUGGESTIONS } }));
    await openBillingStep(page);
    const street = page.getByRole('combobox', { name: 'Straße', exact: true });
    await street.pressSequentially('Ha', { delay: 30 });
    await page.clock.runFor(400);
    // A third character asks: the first request is its own (one for "Ha" would have come before it).
    await street.pressSequentially('u', { delay: 30 });
    await page.clock.runFor(400);
    await expect(page.getByRole('listbox', { name: 'Adressvorschläge' })).toBeVisible();
    expect(api.queries).toEqual(['Hau']);
  });

  test('street combobox: debounced suggestions, keyboard and mouse selection fill the address', async ({ page }) => {
    const chunks = recordChunks(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const api = await fakeApi(page, () => ({ status: 200, json: { suggestions: SUGGESTIONS } }));
    // Not loaded on the search and tariffs pages, nor before the billing step shows a street input.
    await openBillingStep(page, () => expect(chunks.filter(isAutocompleteChunk)).toHaveLength(0));

    // The plain street input becomes a combobox once the chunk is there; its browser autofill token stays.
    const street = page.getByRole('combobox', { name: 'Straße', exact: true });
    await expect(street).toHaveAttribute('aria-expanded', 'false');
    await expect(street).toHaveAttribute('aria-autocomplete', 'list');
    await expect(street).toHaveAttribute('autocomplete', 'section-billing billing address-line1');
    expect(chunks.filter(isAutocompleteChunk)).toHaveLength(1);
    const listbox = page.getByRole('listbox', { name: 'Adressvorschläge' });
    await expect(street).toHaveAttribute('aria-controls', 'co-street-suggestions');
    await expect(page.locator('#co-street-suggestions')).toHaveAttribute('role', 'listbox');

    // Typing on is debounced into one request (two characters alone ask nothing: the test before).
    await street.pressSequentially('Ha', { delay: 30 });
    await street.pressSequentially('upt', { delay: 30 });
    await expect(listbox).toBeVisible();
    expect(api.queries).toEqual(['Haupt']);
    expect(api.headers[0]).toMatchObject({ 'x-requested-with': 'XMLHttpRequest', 'app-language': 'de' });
    await expect(street).toHaveAttribute('aria-expanded', 'true');
    const options = listbox.getByRole('option');
    await expect(options).toHaveCount(3);
    await expect(options.nth(1)).toHaveText(/Hauptstraße\s*1030 Wien, Österreich/);
    await expect(page.getByRole('status').filter({ hasText: '3 Adressvorschläge' })).toBeAttached();
    await expect(street).toBeFocused();

    // Arrow keys move the active option (aria-activedescendant), wrapping; Escape closes and keeps the text.
    await street.press('ArrowDown');
    await expect(street).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await street.press('ArrowUp');
    await expect(street).toHaveAttribute('aria-activedescendant', (await options.nth(2).getAttribute('id'))!);
    await street.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await street.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(street).toHaveAttribute('aria-expanded', 'false');
    await expect(street).not.toHaveAttribute('aria-activedescendant', /./);
    await expect(street).toHaveValue('Haupt');

    // ArrowDown reopens; Enter takes the active suggestion (Vienna: no house number) without submitting the step.
    await page.getByLabel('Hausnummer', { exact: true }).fill('12');
    await street.focus();
    await street.press('ArrowDown');
    await street.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await street.press('Enter');
    await expect(listbox).toBeHidden();
    await expect(street).toHaveValue('Hauptstraße');
    await expect(page.getByLabel('Hausnummer', { exact: true })).toHaveValue('12');
    await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('1030');
    await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Wien');
    await expect(page.getByLabel('Land', { exact: true })).toHaveValue('AT');
    await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeVisible();
    await expect(page.locator('[data-field-error]')).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'Adresse übernommen: Hauptstraße, 1030 Wien, Österreich' }),
    ).toBeAttached();
    expect(api.queries).toEqual(['Haupt']); // filling the field from a suggestion asks nothing

    // A click takes a suggestion too, with its house number; focus stays in the street input.
    await street.fill('');
    await street.pressSequentially('Hauptstr', { delay: 20 });
    await expect(listbox).toBeVisible();
    await options.nth(0).click();
    await expect(listbox).toBeHidden();
    await expect(street).toBeFocused();
    await expect(street).toHaveValue('Hauptstraße');
    await expect(page.getByLabel('Hausnummer', { exact: true })).toHaveValue('5a');
    await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('60311');
    await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Frankfurt am Main');
    await expect(page.getByLabel('Land', { exact: true })).toHaveValue('DE');

    // Leaving the field closes the list.
    await street.pressSequentially('x', { delay: 20 });
    await expect(listbox).toBeVisible();
    await page.getByLabel('Ort', { exact: true }).focus();
    await expect(listbox).toBeHidden();

    // The separate invoice address gets its own combobox, filling the invoice fields only.
    await page.getByLabel('Abweichende Rechnungsadresse angeben').check();
    const invoiceStreet = page.locator('#co-invoice-address').getByRole('combobox', { name: 'Straße', exact: true });
    await invoiceStreet.pressSequentially('Hauptpl', { delay: 20 });
    await expect(invoiceStreet).toHaveAttribute('aria-controls', 'co-billIsDifferentAddressStreet-suggestions');
    const invoiceList = page.locator('#co-billIsDifferentAddressStreet-suggestions');
    await expect(invoiceList).toBeVisible();
    await invoiceStreet.press('ArrowUp');
    await invoiceStreet.press('Enter');
    await expect(invoiceStreet).toHaveValue('Hauptplatz');
    await expect(page.locator('#co-invoice-address').getByLabel('Ort', { exact: true })).toHaveValue('Graz');
    await expect(page.getByLabel('Ort', { exact: true }).first()).toHaveValue('Frankfurt am Main');
    expect(chunks.filter(isAutocompleteChunk)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('no suggestions or a switched-off server leave the plain input working', async ({ page }) => {
    await page.clock.install();
    let status = 200;
    const api = await fakeApi(page, () =>
      status === 200 ? { status, json: { suggestions: [] } } : { status, json: { message: 'Nicht gefunden.' } },
    );
    await openBillingStep(page);
    const street = page.getByRole('combobox', { name: 'Straße', exact: true });
    const listbox = page.getByRole('listbox', { name: 'Adressvorschläge' });
    const answered = page.waitForResponse((r) => r.url().includes('/api/address-autocomplete'));
    await street.pressSequentially('Zzzz', { delay: 20 });
    await answered;
    expect(api.queries).toHaveLength(1);
    // the empty answer rendered (the next frame)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(listbox).toBeHidden();
    await expect(street).toHaveAttribute('aria-expanded', 'false');
    await street.press('ArrowDown');
    await expect(street).toHaveAttribute('aria-expanded', 'false');

    // 404: the feature is off on the server; the widget stops asking.
    status = 404;
    await street.pressSequentially('y', { delay: 20 });
    await expect.poll(() => api.queries.length).toBe(2);
    await street.pressSequentially('yyy', { delay: 20 });
    // Past the debounce time (the page's clock moved on at once), then one request of the page's own: any
    // autocomplete request the typing had started would have reached the route before it.
    await page.clock.runFor(500);
    await page.evaluate(() => fetch('/translations/de.json').then((r) => r.ok));
    expect(api.queries).toHaveLength(2);
    await expect(street).toHaveValue('Zzzzyyyy');
    await expect(listbox).toBeHidden();
  });
});
