import { expect, test, type Locator, type Page } from '@playwright/test';
import { localDateTime, pageHydrated, SearchPage } from './pages.ts';

/**
 * Issue 30 items 4 and 5: after each "Weiter" and "Zurück" the new step's heading and the step bar lie below the
 * sticky site header and inside the window (with JavaScript the step changes in place and focus moves to the
 * heading; without it each step is a page of its own); the reservation page after the booking shows the
 * reference and the voucher's QR code on the first screen of a phone.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The top and bottom of a locator's box in the window (CSS px), failing when it has none (hidden). */
async function edges(locator: Locator): Promise<{ top: number; bottom: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box: the element is not rendered');
  return { top: box.y, bottom: box.y + box.height };
}

/**
 * Asserts that the step heading named `name` and the step bar are fully visible between the bottom of the sticky
 * header and the bottom of the window (heading.top >= header.bottom). Polled: the step changes after the server's
 * check answers, and the scroll follows in the next frame.
 */
async function expectStepInPlace(page: Page, name: RegExp) {
  const heading = page.getByRole('heading', { level: 2, name });
  const stepBar = page.getByRole('navigation', { name: 'Buchungsschritte' });
  const header = page.getByRole('banner');
  await expect(heading).toBeVisible();
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const bar = await edges(header);
      const placed = [await edges(stepBar), await edges(heading)];
      return placed.every((box) => box.top >= bar.bottom - 0.5 && box.bottom <= viewport.height);
    })
    .toBe(true);
}

/** Search for a Frankfurt stay and choose the first shuttle offer: the booking page's step 1. */
async function openBooking(page: Page, days: [number, number]) {
  const search = new SearchPage(page);
  await search.open();
  await search.search('Flughafen Frankfurt (FRA)', localDateTime(days[0], '08:00'), localDateTime(days[1], '18:00'));
  await page
    .locator('article[data-tariff-category="shuttle"]')
    .first()
    .getByRole('button', { name: /Buchen/ })
    .click();
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.booking');
}

/** Step 2's fields (`first()`: without JavaScript the separate invoice address, with the same labels, follows). */
async function fillBilling(page: Page, lastname: string) {
  await page.getByRole('radio', { name: 'Frau' }).first().check();
  await page.getByLabel('Vorname', { exact: true }).first().fill('Paula');
  await page.getByLabel('Nachname', { exact: true }).first().fill(lastname);
  await page.getByLabel('Straße', { exact: true }).first().fill('Hauptstraße');
  await page.getByLabel('Hausnummer', { exact: true }).first().fill('5a');
  await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
  await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
  await page.getByLabel('E-Mail-Adresse').fill(`paula.${lastname.toLowerCase()}@example.de`);
  await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7654321');
}

/**
 * The reservation page right after the booking: reference and QR code (the voucher's, which staff scan) inside
 * the first screen; then entry, exit and the car park's address and phone in the same section, before the
 * documents and the embedded reservation.
 */
async function expectBarrierEssentialsFirst(page: Page) {
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation');
  const reference = /\/reservierung\/([0-9A-Z]{8})/.exec(page.url())![1];
  const pass = page.getByRole('region', { name: 'Bei der Einfahrt vorzeigen' });
  const shownReference = pass.getByText(reference, { exact: true });
  const qr = pass.getByRole('img', { name: `QR-Code mit der Reservierungsnummer ${reference}` });
  await expect(shownReference).toBeVisible();
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const viewport = page.viewportSize()!;
  const header = await edges(page.getByRole('banner'));
  for (const box of [await edges(shownReference), await edges(qr)]) {
    expect(box.top).toBeGreaterThanOrEqual(header.bottom);
    expect(box.bottom).toBeLessThanOrEqual(viewport.height);
  }
  await expect(pass.getByText('Einfahrt', { exact: true })).toBeVisible();
  await expect(pass.getByText('Rückkehr (Ausfahrt)', { exact: true })).toBeVisible();
  // innerText: the address's lines are separate elements, so textContent runs street and postcode together.
  expect(await pass.locator('address').innerText()).toMatch(/\n\d{5} \S/);
  await expect(pass.getByRole('link', { name: /Telefon: \+49/ })).toHaveAttribute('href', /^tel:\+49/);
  // Documents, history and the lookup come after the essentials; the embedded reservation too.
  const passBottom = (await edges(pass)).bottom;
  for (const later of [
    page.getByRole('heading', { level: 2, name: 'Ihre Dokumente' }),
    page.getByRole('link', { name: 'Andere Reservierung aufrufen' }),
    page.locator('iframe[data-document-frame]'),
  ]) {
    expect((await edges(later)).top).toBeGreaterThan(passBottom);
  }
  return reference;
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the checkout keeps its place at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('with JavaScript: focus and scroll put each step heading below the sticky header', async ({ page }) => {
      await openBooking(page, [52, 55]);
      const cookieBar = page.locator('[data-cookie-bar]');
      if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
      await pageHydrated(page);
      await expect(page.locator('[data-step-submit]')).toBeEnabled();

      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeFocused();
      await expectStepInPlace(page, /Rechnungsadresse/);

      await fillBilling(page, 'Platzhalter');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Zahlung/ })).toBeFocused();
      await expectStepInPlace(page, /Zahlung/);

      await page.getByRole('button', { name: 'Zurück', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeFocused();
      await expectStepInPlace(page, /Rechnungsadresse/);

      await page.getByRole('button', { name: 'Zurück', exact: true }).click();
      await expectStepInPlace(page, /Reisedaten/);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStepInPlace(page, /Rechnungsadresse/);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStepInPlace(page, /Zahlung/);

      if (viewport === PHONE) {
        await page.getByRole('radio', { name: /Rechnung/ }).check();
        await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
        await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}$/);
        await expectBarrierEssentialsFirst(page);
      }
    });

    test('without JavaScript: each step page lands with its heading below the sticky header', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await openBooking(page, [56, 59]);
      await expectStepInPlace(page, /Reisedaten/);

      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page).toHaveURL(/\/buchung\?schritt=2(#.*)?$/);
      await expectStepInPlace(page, /Rechnungsadresse/);

      await fillBilling(page, 'Ohneskript');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page).toHaveURL(/\/buchung\?schritt=3(#.*)?$/);
      await expectStepInPlace(page, /Zahlung/);

      await page.getByRole('button', { name: 'Zurück', exact: true }).click();
      await expect(page).toHaveURL(/\/buchung\?schritt=2(#.*)?$/);
      await expectStepInPlace(page, /Rechnungsadresse/);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStepInPlace(page, /Zahlung/);

      if (viewport === PHONE) {
        await page.getByRole('radio', { name: /Rechnung/ }).check();
        await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
        await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}$/);
        await expectBarrierEssentialsFirst(page);
      }
      await context.close();
    });
  });
}
