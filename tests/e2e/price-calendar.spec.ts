import { expect, test, type Page } from '@playwright/test';
import { localDateTime, lookAt, pageHydrated } from './pages.ts';

/**
 * Issue 37 item 1: from the airport page to its price calendar, a stay length and a start week chosen in the plain
 * GET form, a date's shuttle price picked → the tariffs page for exactly that stay shows the same price → booked.
 * With JavaScript and without.
 */

const routeName = (page: Page) => page.locator('meta[name="route-name"]');

/** Step 2's fields (`first()`: without JavaScript the separate invoice address, with the same labels, follows). */
async function fillBilling(page: Page, lastname: string) {
  await page.getByRole('radio', { name: 'Frau' }).first().check();
  await page.getByLabel('Vorname', { exact: true }).first().fill('Karla');
  await page.getByLabel('Nachname', { exact: true }).first().fill(lastname);
  await page.getByLabel('Straße', { exact: true }).first().fill('Hauptstraße');
  await page.getByLabel('Hausnummer', { exact: true }).first().fill('7');
  await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
  await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
  await page.getByLabel('E-Mail-Adresse').fill(`karla.${lastname.toLowerCase()}@example.de`);
  await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7654321');
}

for (const javaScriptEnabled of [true, false]) {
  const days = javaScriptEnabled ? 4 : 3;
  const start = javaScriptEnabled ? 23 : 44;

  test(`calendar → tariffs for that stay → book (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/parkplatz/frankfurt');
    await page.getByRole('link', { name: /Preiskalender/ }).click();
    await expect(routeName(page)).toHaveAttribute('content', 'airports.calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Preiskalender Flughafen Frankfurt' })).toBeVisible();

    // The plain GET form: stay length and start week.
    const entryDate = localDateTime(start, '08:00').slice(0, 10);
    const form = page.getByRole('form', { name: 'Preiskalender anpassen' });
    await form.getByLabel('Parkdauer (Tage)').fill(String(days));
    await form.getByLabel('Ab Woche').fill(entryDate);
    await form.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tage=${days}&ab=${entryDate}$`));

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Shuttle' })).toBeVisible();
    await expect(table.getByRole('rowheader').filter({ hasText: 'günstigster Tag' })).toHaveCount(1);
    await expect(table.locator('tbody')).toHaveCount(12); // twelve weeks
    // "Preis beobachten" for the highlighted date's stay (issue 37 item 2)
    const watch = page.getByRole('region', { name: 'Preis beobachten' });
    await expect(watch.getByText(/^\w{2}\., \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
    await expect(watch.getByRole('textbox', { name: /E-Mail/ })).toBeVisible();
    await lookAt(page, `calendar-${javaScriptEnabled ? 'js' : 'nojs'}`);

    // Pick the start date's shuttle price.
    const row = table.locator(`tr[data-entry-date="${entryDate}"]`);
    // the first price column is Shuttle (columns: entry date, then the categories in the order shuttle, valet, terminal)
    await expect(table.getByRole('columnheader').nth(1)).toHaveText('Shuttle');
    const price = row.getByRole('link').first();
    const totalCents = await price.getAttribute('data-total-cents');
    const tariffId = await price.getAttribute('data-tariff-id');
    await price.click();

    // The tariffs page of exactly that stay, with the same price for that tariff.
    await expect(routeName(page)).toHaveAttribute('content', 'checkout.tariffs');
    const exitDate = localDateTime(start + days - 1, '18:00');
    expect(new URL(page.url()).searchParams.get('entry')).toBe(`${entryDate}T08:00`);
    expect(new URL(page.url()).searchParams.get('exit')).toBe(exitDate);
    await expect(page.locator('[data-stay-summary]')).toContainText(`${days} Tage`);
    // …and its way back to the calendar for this stay length
    const back = page.getByRole('link', { name: 'Andere Anreisetage im Preiskalender vergleichen' });
    await expect(back).toHaveAttribute('href', `/parkplatz/frankfurt/preiskalender?tage=${days}&ab=${entryDate}`);
    if (!javaScriptEnabled) await lookAt(page, 'calendar-tariffs-link', { asIs: true });
    const offer = page.locator(`article[data-tariff-id="${tariffId}"]`);
    await expect(offer.locator('[data-total-cents]')).toHaveAttribute('data-total-cents', totalCents!);
    const shuttles = page.locator('article[data-tariff-category="shuttle"] [data-total-cents]');
    const all = (await shuttles.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-total-cents'))))) ?? [];
    expect(Math.min(...all)).toBe(Number(totalCents));

    await offer.getByRole('button', { name: /Buchen/ }).click();
    await expect(routeName(page)).toHaveAttribute('content', 'checkout.booking');
    if (javaScriptEnabled) {
      const cookieBar = page.locator('[data-cookie-bar]');
      if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
      await pageHydrated(page);
      await expect(page.locator('[data-step-submit]')).toBeEnabled();
    }
    await page.getByLabel('Kfz-Kennzeichen').fill('F-PK 37');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeVisible();
    await fillBilling(page, javaScriptEnabled ? 'Kalender' : 'Ohneskript');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Zahlung/ })).toBeVisible();
    await page.getByRole('radio', { name: /Rechnung/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
    await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}(\?.*)?$/);
    await expect(routeName(page)).toHaveAttribute('content', 'guest.reservation');
    await context.close();
  });
}

test('the English calendar and a bad query (without JavaScript)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/parkplatz/frankfurt/preiskalender?tage=0');
  await expect(page.getByRole('heading', { level: 1, name: 'Price calendar Frankfurt Airport' })).toBeVisible();
  await expect(page.getByText('Please enter a length of stay from 1 to 30 days.')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Length of stay (days)' })).toHaveValue('0');
  await expect(page.getByRole('table').getByRole('columnheader', { name: 'Arrival day' })).toBeVisible();
  await context.close();
});
