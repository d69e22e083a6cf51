import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { hydratedElement, isReactManaged, localDateTime, lookAt, pageHydrated, SearchPage } from './pages.ts';

/** Issue 12 item 5: the booking journey as a new customer meets it, polished. */

/** True when `a` and `b` overlap on the screen (their bounding boxes intersect). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe('cookie bar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('never covers the search button or a form field, also when scrolled to them', async ({ page }) => {
    await new SearchPage(page).open();
    await pageHydrated(page);
    const bar = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(bar).toBeVisible();
    await lookAt(page, 'journey-cookie-index', { asIs: true });
    const form = page.getByRole('form', { name: /Parkplatz suchen/ });
    const button = form.getByRole('button', { name: /Angebote vergleichen/ });
    // Scrolled into view, the button (and every field of the form) is clear of the bar.
    for (const control of [button, form.getByLabel(/Flughafen/), form.getByLabel(/Rückkehr/)]) {
      await control.scrollIntoViewIfNeeded();
      expect(await overlaps(bar, control)).toBe(false);
    }
    // The foot of the page (the footer's newsletter form) can be scrolled above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const newsletter = page.getByRole('button', { name: 'Newsletter abonnieren' });
    expect(await overlaps(bar, newsletter)).toBe(false);
    await lookAt(page, 'journey-cookie-footer', { asIs: true });
    // Wider, the bar stays at the window's bottom and the page keeps room below for it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await overlaps(bar, newsletter)).toBe(false);
    await lookAt(page, 'journey-cookie-footer', { asIs: true });
  });
});

/** Search Frankfurt, choose the first shuttle offer; returns its price in cents (1 person, as the form starts). */
async function chooseOffer(page: Page, days: [number, number]): Promise<number> {
  const search = new SearchPage(page);
  await search.open();
  const bar = page.locator('[data-cookie-bar]');
  if (await bar.isVisible()) await bar.getByRole('button', { name: 'Nur notwendige' }).click();
  await search.search('Flughafen Frankfurt (FRA)', localDateTime(days[0], '08:00'), localDateTime(days[1], '18:00'));
  const offer = page.locator('article[data-tariff-category="shuttle"]').first();
  const cents = Number(await offer.locator('[data-total-cents]').getAttribute('data-total-cents'));
  await offer.getByRole('button', { name: /Buchen/ }).click();
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.booking');
  return cents;
}

/** Step 2 filled in; the phone reads as country + number. */
async function fillBilling(page: Page, email: string) {
  await page.getByRole('radio', { name: 'Frau' }).first().check();
  await page.getByLabel('Vorname', { exact: true }).first().fill('Rita');
  await page.getByLabel('Nachname', { exact: true }).first().fill('Reise');
  await page.getByLabel('Straße', { exact: true }).first().fill('Hauptstraße');
  await page.getByLabel('Hausnummer', { exact: true }).first().fill('5a');
  await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
  await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  const country = page.getByRole('combobox', { name: 'Land der Telefonnummer' });
  await expect(country).toHaveValue('DE');
  await expect(country.locator('option:checked')).toHaveText('Deutschland (+49)');
  await expect(page.getByLabel('Vorwahl', { exact: true })).toHaveCount(0);
  await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7654321');
}

const total = (page: Page) => page.locator('[data-booking-summary] [data-live-total-cents]');
const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the booking journey ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('review with edit links, coupon applied before booking, thank-you banner once', async ({ page }) => {
      const offerCents = await chooseOffer(page, javaScriptEnabled ? [33, 40] : [34, 41]);
      const next = async (name: RegExp) => {
        if (javaScriptEnabled) await expect(page.locator('[data-step-submit]')).toBeEnabled();
        await page.getByRole('button', { name: 'Weiter' }).click();
        await expect(stepHeading(page, name)).toBeVisible();
      };
      await expect(stepHeading(page, /Reisedaten/)).toBeVisible();
      await page.getByLabel('Kfz-Kennzeichen').fill('F-RR 12');
      // Optional flight numbers: a malformed one is refused, a valid one kept in its normal spelling.
      await page.getByLabel('Flugnummer Hinflug').fill('12 345');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.locator('[data-field-error="outboundFlightNumber"]')).toContainText('Flugnummer wie LH 400');
      await page.getByLabel('Flugnummer Hinflug').fill('lh400');
      await page.getByLabel('Flugnummer Rückflug').fill('LH 401');
      await lookAt(page, `journey-travel-${javaScriptEnabled ? 'js' : 'nojs'}`);
      await next(/Rechnungsadresse/);
      await fillBilling(page, `rita.${javaScriptEnabled ? 'js' : 'nojs'}@example.org`);
      await lookAt(page, `journey-billing-${javaScriptEnabled ? 'js' : 'nojs'}`);
      await next(/Zahlung/);

      // Step 3 repeats the travel data and the address, each with a link back to its step.
      const review = page.getByRole('region', { name: 'Ihre Angaben im Überblick' });
      await expect(review).toContainText('F-RR 12');
      await expect(review).toContainText(/Hinflug\s*LH 400/);
      await expect(review).toContainText(/Rückflug\s*LH 401/);
      await expect(review).toContainText('Frau Rita Reise');
      await expect(review).toContainText('60311 Frankfurt am Main');
      await expect(review).toContainText('+49 170 7654321');
      await review.getByRole('link', { name: 'Ändern: Reisedaten' }).click();
      await expect(stepHeading(page, /Reisedaten/)).toBeVisible();
      await expect(page.getByLabel('Kfz-Kennzeichen')).toHaveValue('F-RR 12');
      await next(/Rechnungsadresse/);
      await next(/Zahlung/);
      await expect(total(page)).toHaveAttribute('data-live-total-cents', String(offerCents));

      // The coupon has its own button: an unknown code is refused, a valid one lowers the summary's total.
      const code = page.getByLabel(/Gutscheincode/);
      await code.fill('NOPE');
      await code.press('Enter'); // Enter in the code field applies it (never books)
      await expect(page.locator('[data-field-error="couponCode"]')).toContainText('kennen wir nicht');
      await expect(total(page)).toHaveAttribute('data-live-total-cents', String(offerCents));
      await page.getByLabel(/Gutscheincode/).fill('willkommen10');
      await page.getByRole('radio', { name: /Rechnung/ }).check();
      await page.getByRole('button', { name: 'Einlösen' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'WILLKOMMEN10 eingelöst' })).toBeVisible();
      const discounted = offerCents - Math.round(offerCents / 10);
      await expect(total(page)).toHaveAttribute('data-live-total-cents', String(discounted));
      await expect(page.locator('[data-booking-summary]')).toContainText('WILLKOMMEN10');
      // A reload keeps the discount (checked again by the server: the loader, or the browser once restored).
      await page.reload();
      await expect(total(page)).toHaveAttribute('data-live-total-cents', String(discounted));
      await expect(page.getByRole('radio', { name: /Rechnung/ })).toBeChecked();
      await lookAt(page, `journey-payment-${javaScriptEnabled ? 'js' : 'nojs'}`);
      // The review, the coupon button and its message pass the WCAG 2.1 A/AA rules (axe needs JavaScript).
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
      await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation');
      const thanks = page.getByRole('heading', { name: 'Vielen Dank für Ihre Buchung!' });
      await expect(thanks).toBeVisible();
      // The flight numbers are stored with the reservation and shown on its page (the framed document).
      const details = page.frameLocator('iframe').first();
      await expect(details.getByText('LH 400', { exact: true })).toBeVisible();
      await expect(details.getByText('LH 401', { exact: true })).toBeVisible();
      await lookAt(page, `journey-reservation-${javaScriptEnabled ? 'js' : 'nojs'}`);
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Ihre Reservierung' })).toBeVisible();
      await expect(thanks).toHaveCount(0);
    });
  });
}

test('what is typed into the checkout before its scripts arrive stays (decision 0040)', async ({ page }) => {
  await chooseOffer(page, [44, 47]);
  // The page again, its scripts held back: it shows, but React has not hydrated it yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/js/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  const plate = page.getByLabel('Kfz-Kennzeichen');
  await plate.fill('F-EH 42');
  await page.getByLabel('Flugnummer Hinflug').fill('LH 400');
  expect(await isReactManaged(plate)).toBe(false);
  release();
  await hydratedElement(plate);
  // A render of the step after hydration (typing elsewhere) keeps what was typed before it.
  await page.getByLabel('Flugnummer Rückflug').fill('LH 401');
  await expect(plate).toHaveValue('F-EH 42');
  await expect(page.getByLabel('Flugnummer Hinflug')).toHaveValue('LH 400');
  await expect(page.locator('[data-step-submit]')).toBeEnabled();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(stepHeading(page, /Rechnungsadresse/)).toBeVisible();
  await page.getByRole('button', { name: 'Zurück zu Reisedaten' }).click();
  await expect(stepHeading(page, /Reisedaten/)).toBeVisible();
  await expect(plate).toHaveValue('F-EH 42');
});

test('a reservation URL opened without access shows the lookup form with the reference filled in', async ({ page }) => {
  await page.goto('/reservierung/7K3QZ0MD');
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.lookup');
  await expect(page.getByLabel('Reservierungsnummer')).toHaveValue('7K3QZ0MD');
  await expect(page.getByText('nur nach Eingabe der E-Mail-Adresse')).toBeVisible();
  await lookAt(page, 'journey-lookup');
  await page.goto('/en/reservierung/7k3qz0md');
  await expect(page.getByLabel('Reference')).toHaveValue('7K3QZ0MD');
});
