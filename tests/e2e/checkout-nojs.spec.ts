import { expect, test, type Page } from '@playwright/test';
import { localDateTime, lookAt, SearchPage } from './pages.ts';

/** Issue 11 item 7: the whole booking without JavaScript — every step is a real form posting to the page. */
test.describe('checkout.booking without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

  test('search → tariffs → travel (with a validation round trip) → billing → invoice → reservation page', async ({
    page,
  }) => {
    const search = new SearchPage(page);
    await search.open();
    await search.search('Flughafen Frankfurt (FRA)', localDateTime(31, '08:00'), localDateTime(38, '18:00'));
    const offer = page.locator('article[data-tariff-category="shuttle"]').first();
    await offer.getByRole('button', { name: /Buchen/ }).click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.booking');

    // Step 1: more child seats than persons → the page again with the message and the values kept.
    await expect(stepHeading(page, /Reisedaten/)).toBeVisible();
    const persons = page.getByRole('spinbutton', { name: /Personen/ });
    const seats = page.getByRole('spinbutton', { name: /Kindersitze/ });
    await persons.fill('1');
    await seats.fill('1');
    await page.getByLabel('Kfz-Kennzeichen').fill('f-nj 42');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.locator('[data-field-error="childrenSeat"]')).toContainText('mehr Personen als Kindersitze');
    await expect(seats).toHaveAttribute('aria-invalid', 'true');
    await expect(seats).toHaveValue('1');
    await expect(page.getByLabel('Kfz-Kennzeichen')).toHaveValue('F-NJ 42');
    await lookAt(page, 'nojs-travel-error');
    await persons.fill('2');
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step 2: billing address (PRG to ?schritt=2).
    await expect(page).toHaveURL(/\/buchung\?schritt=2$/);
    await expect(stepHeading(page, /Rechnungsadresse/)).toBeVisible();
    // The invoice address is shown without JavaScript but used only with its tick box: its labels come second.
    await page.getByRole('radio', { name: 'Frau' }).first().check();
    await page.getByLabel('Vorname', { exact: true }).first().fill('Nora');
    await page.getByLabel('Nachname', { exact: true }).first().fill('Skript');
    await page.getByLabel('Straße', { exact: true }).first().fill('Hauptstraße');
    await page.getByLabel('Hausnummer', { exact: true }).first().fill('5a');
    await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
    await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
    await page.getByLabel('E-Mail-Adresse').fill('nora.skript@example.de');
    await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7654321');
    await lookAt(page, 'nojs-billing');
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step 3: payment by invoice, then the binding booking.
    await expect(page).toHaveURL(/\/buchung\?schritt=3$/);
    await expect(stepHeading(page, /Zahlung/)).toBeVisible();
    await page.getByRole('radio', { name: /Rechnung/ }).check();
    await lookAt(page, 'nojs-payment');
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();

    // The guest reservation page of the new reservation.
    await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}(\?.*)?$/);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation');
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Reservierung' })).toBeVisible();
    // Paid by invoice: the invoice is among the documents.
    await expect(page.getByRole('link', { name: /^Ansehen: Rechnung/ })).toBeVisible();
    await lookAt(page, 'nojs-reservation');
  });
});
