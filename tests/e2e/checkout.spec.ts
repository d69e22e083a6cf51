import { expect, test, type Page } from '@playwright/test';
import { findAccessLink } from '../fixtures/eml.ts';
import { confirmationMail, localDateTime, SearchPage } from './pages.ts';

type DataLayerEntry = {
  event?: string;
  ecommerce?: { checkout?: { actionField?: { step?: number; option?: string }; products?: unknown[] } };
};

const checkoutSteps = (entries: DataLayerEntry[]) =>
  entries.filter((e) => e.event === 'checkout').map((e) => e.ecommerce?.checkout?.actionField?.step);

const readDataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as DataLayerEntry[]);

/** The booking form once hydrated and restored (its main button is enabled only then). */
async function ready(page: Page, stepName: RegExp) {
  await expect(page.locator('[data-step-submit]')).toBeEnabled();
  await expect(page.getByRole('heading', { level: 2, name: stepName })).toBeVisible();
  await expect(page.locator('[data-stepper] [aria-current="step"]')).toContainText(stepName);
}

test.describe('checkout.booking', () => {
  test('without a cart the booking page sends the visitor home with a message', async ({ page }) => {
    await page.goto('/buchung');
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'index');
    await expect(page.locator('[data-flash]')).toContainText(/zuerst Flughafen/);
  });

  test('search → tariff → three steps with validation, reload and analytics → reservation → reopened via mail and lookup', async ({
    page,
    browser,
  }) => {
    // Search and choose a shuttle tariff (it offers child seats).
    const search = new SearchPage(page);
    await search.open();
    const cookieBar = page.locator('[data-cookie-bar]');
    if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
    const entryTime = localDateTime(30, '08:00');
    const exitTime = localDateTime(37, '18:00');
    await search.search('Flughafen Frankfurt (FRA)', entryTime, exitTime);
    const offer = page.locator('article[data-tariff-category="shuttle"]').first();
    const offerCents = Number(await offer.locator('[data-total-cents]').getAttribute('data-total-cents'));
    const tariffId = await offer.getAttribute('data-tariff-id');
    await offer.getByRole('button', { name: /Buchen/ }).click();
    await expect(page).toHaveURL(/\/buchung$/);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.booking');

    // Step 1: travel. The summary starts at the offer's price.
    await ready(page, /Reisedaten/);
    const total = page.locator('[data-booking-summary] [data-live-total-cents]');
    await expect(total).toHaveAttribute('data-live-total-cents', String(offerCents));
    const persons = page.getByRole('spinbutton', { name: /Personen/ });
    const seats = page.getByRole('spinbutton', { name: /Kindersitze/ });
    await seats.fill('1');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(seats).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-field-error="childrenSeat"]')).toContainText('mehr Personen als Kindersitze');
    await expect(seats).toBeFocused();
    await expect(page.locator('[data-checkout-step]')).toHaveAttribute('data-checkout-step', 'travel');
    // Fix it; the live price includes the child seat.
    await persons.fill('3');
    await expect(page.locator('[data-field-error="childrenSeat"]')).toHaveCount(0);
    await expect(page.locator('[data-summary-persons]')).toHaveText('3');
    expect(Number(await total.getAttribute('data-live-total-cents'))).toBeGreaterThan(offerCents);
    await page.getByLabel('Kfz-Kennzeichen').fill('f-ab 1234');
    await expect(page.getByLabel('Kfz-Kennzeichen')).toHaveValue('F-AB 1234');
    const travelCheck = page.waitForResponse((r) => r.url().endsWith('/api/checkout/validate/travel'));
    await page.getByRole('button', { name: 'Weiter' }).click();
    expect((await travelCheck).status()).toBe(200);

    // Step 2: billing address. Next with empty fields shows the field errors.
    await ready(page, /Rechnungsadresse/);
    await page.getByRole('button', { name: 'Weiter' }).click();
    const firstname = page.getByLabel('Vorname', { exact: true });
    await expect(firstname).toHaveAttribute('aria-invalid', 'true');
    await expect(firstname).toBeFocused();
    for (const field of [
      'firstname',
      'lastname',
      'street',
      'streetNumber',
      'postcode',
      'city',
      'email',
      'phoneNumber',
    ]) {
      await expect(page.locator(`[data-field-error="${field}"]`)).toBeVisible();
    }
    await expect(page.locator('[data-field-error="company"]')).toHaveCount(0);
    await expect(firstname).toHaveAttribute('aria-describedby', /co-firstname-error/);

    await page.getByRole('radio', { name: 'Frau' }).check();
    await firstname.fill('Erika');
    await page.getByLabel('Nachname', { exact: true }).fill('Mustermann');
    await page.getByLabel('Straße', { exact: true }).fill('Hauptstraße');
    await page.getByLabel('Hausnummer', { exact: true }).fill('5a');
    await page.getByLabel('PLZ', { exact: true }).fill('60311');
    await page.getByLabel('Ort', { exact: true }).fill('Frankfurt am Main');
    await page.getByLabel('E-Mail-Adresse').fill('erika.mustermann@example.de');
    await page.getByLabel('Telefonnummer', { exact: true }).fill('170 1234567');
    await expect(page.locator('[data-field-error]')).toHaveCount(0);

    // A reload keeps what was entered and the step.
    await page.reload();
    await ready(page, /Rechnungsadresse/);
    await expect(page.getByLabel('Vorname', { exact: true })).toHaveValue('Erika');
    await expect(page.getByLabel('Telefonnummer', { exact: true })).toHaveValue('170 1234567');
    await expect(page.getByRole('radio', { name: 'Frau' })).toBeChecked();

    // Going back keeps the travel data too.
    await page.getByRole('button', { name: /Zurück zu Reisedaten/ }).click();
    await ready(page, /Reisedaten/);
    await expect(page.getByRole('spinbutton', { name: /Personen/ })).toHaveValue('3');
    await expect(page.getByRole('spinbutton', { name: /Kindersitze/ })).toHaveValue('1');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await ready(page, /Rechnungsadresse/);
    const billingCheck = page.waitForResponse((r) => r.url().endsWith('/api/checkout/validate/billing-address'));
    await page.getByRole('button', { name: 'Weiter' }).click();
    expect((await billingCheck).status()).toBe(200);

    // Step 3: payment.
    await ready(page, /Zahlung/);
    await page.getByRole('radio', { name: /Rechnung/ }).check();

    // Analytics so far (this page view, after the reload): step 2 on restore, step 1 on going back, never payment.
    let layer = await readDataLayer(page);
    expect(checkoutSteps(layer).sort()).toEqual([1, 2]);
    const step2 = layer.find((e) => e.ecommerce?.checkout?.actionField?.step === 2);
    expect(step2?.ecommerce?.checkout?.actionField?.option).toBe('not logged in');
    expect(step2?.ecommerce?.checkout?.products).toEqual([
      expect.objectContaining({
        id: tariffId,
        category: 'shuttle',
        quantity: 1,
        price: expect.stringMatching(/^\d+\.\d{2}$/),
      }),
    ]);

    // Submit: the data layer is read while the request is on its way (the page leaves on success).
    let submitHeaders: Record<string, string> = {};
    let submitBody: Record<string, unknown> = {};
    await page.route('**/api/checkout', async (route) => {
      submitHeaders = route.request().headers();
      submitBody = route.request().postDataJSON();
      layer = await readDataLayer(page);
      await route.continue();
    });
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
    const response = await submitted;
    expect(checkoutSteps(layer).sort()).toEqual([1, 2, 3]);
    expect(layer.filter((e) => e.event === 'checkout')).toHaveLength(3);
    expect(submitHeaders['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The exact wire body (DESIGN §5) of what was entered: every field, nothing more.
    expect(submitBody).toEqual({
      entryTime,
      exitTime,
      personCount: 3,
      childrenSeat: 1,
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
      outboundFlightNumber: '',
      returnFlightNumber: '',
      gender: false,
      firstname: 'Erika',
      lastname: 'Mustermann',
      email: 'erika.mustermann@example.de',
      phoneRegionCode: 'DE',
      phonePrefix: '+49',
      phoneNumber: '170 1234567',
      company: '',
      street: 'Hauptstraße',
      streetNumber: '5a',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
      vatId: '',
      buyerReference: '',
      billIsDifferent: false,
      paymentType: 'invoice',
      couponCode: '',
    });
    expect(response.status()).toBe(201);

    // The guest reservation page (route-name guest.reservation).
    await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}(\?.*)?$/);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation');
    expect(await page.evaluate(() => sessionStorage.getItem('eap_checkout'))).toBeNull();
    const details = (p: Page) => p.frameLocator('iframe[data-document-frame]');
    const reference = (await details(page).locator('[data-reference]').innerText()).trim();

    // Paid by invoice: the shop's account and a GiroCode a banking app can scan (issue 9).
    const transfer = details(page).locator('[data-bank-transfer]');
    await expect(transfer.locator('[data-iban]')).toHaveText('DE02 1203 0000 0000 2020 51');
    await expect(transfer.locator('[data-remittance]')).toContainText(reference);
    const girocode = transfer.getByRole('img', { name: /^GiroCode für die Überweisung von/ });
    await expect(girocode).toBeVisible();
    expect(await girocode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The guest opens it again from the link in the confirmation mail (found in the outbox), in a new browser…
    const link = findAccessLink(await confirmationMail(reference));
    expect(link).toBeTruthy();
    const viaMail = await browser.newContext();
    const mailPage = await viaMail.newPage();
    await mailPage.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(details(mailPage).locator('[data-reference]')).toHaveText(reference);
    await viaMail.close();

    // …and through the lookup form with reference and e-mail, in another one.
    const viaLookup = await browser.newContext();
    const lookupPage = await viaLookup.newPage();
    await lookupPage.goto('/reservierung');
    await lookupPage.getByLabel('Reservierungsnummer').fill(reference);
    await lookupPage.getByLabel('E-Mail-Adresse').fill('erika.mustermann@example.de');
    await lookupPage.getByRole('button', { name: 'Reservierung anzeigen' }).click();
    await expect(lookupPage).toHaveURL(new RegExp(`/reservierung/${reference}$`));
    await expect(details(lookupPage).locator('[data-reference]')).toHaveText(reference);
    await viaLookup.close();
  });
});
