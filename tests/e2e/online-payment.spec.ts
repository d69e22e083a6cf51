import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bookViaApi, localDateTime, lookAt, SearchPage } from './pages.ts';

/**
 * Online payment with the demo provider (issue 13; the e2e server runs with PAYMENT_DEMO=1): book → the test
 * checkout page → pay → confirmed with voucher; abandon → "payment pending" with "pay now" → released once the hold
 * is over (the expiry job run through the local admin endpoint with its clock 31 minutes ahead); decline → the spaces
 * stay held → "pay again" → paid (issue 33); a cheaper change of a paid booking → the difference refunded. Our pages
 * before the redirect carry no card field, no provider script and request nothing elsewhere.
 */
const DATA_DIR = process.env.E2E_DATA_DIR!;

/** Every request the page makes goes to the shop itself (127.0.0.1): nothing reaches a provider's host. */
function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreign.push(request.url());
  });
  return foreign;
}

/** Runs the hold expiry job as at `at` (loopback admin endpoint, token from the data directory). */
async function expireHoldsAt(page: Page, at: Date): Promise<number> {
  const { token } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8')) as { token: string };
  const res = await page.request.post(`/internal/payment-holds/expire?at=${encodeURIComponent(at.toISOString())}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { released: number }).released;
}

test.describe('online payment (demo provider)', () => {
  test('checkout without JavaScript → demo checkout → pay → confirmed with voucher; nothing of a provider on our pages', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const foreign = recordForeignRequests(page);
    const search = new SearchPage(page);
    await search.open();
    await search.search('Flughafen Frankfurt (FRA)', localDateTime(52, '08:00'), localDateTime(54, '18:00'));
    await page
      .locator('article[data-tariff-category="shuttle"]')
      .first()
      .getByRole('button', { name: /Buchen/ })
      .click();
    await page.getByLabel('Kfz-Kennzeichen').fill('F-OP 13');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/buchung\?schritt=2$/);
    await page.getByRole('radio', { name: 'Frau' }).first().check();
    await page.getByLabel('Vorname', { exact: true }).first().fill('Olga');
    await page.getByLabel('Nachname', { exact: true }).first().fill('Online');
    await page.getByLabel('Straße', { exact: true }).first().fill('Hauptstraße');
    await page.getByLabel('Hausnummer', { exact: true }).first().fill('13');
    await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
    await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
    await page.getByLabel('E-Mail-Adresse').fill('olga.online@example.de');
    await page.getByLabel('Telefonnummer', { exact: true }).fill('170 1313131');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/buchung\?schritt=3$/);

    // The payment step offers online payment; no card field, no provider script or frame on our page.
    const online = page.getByRole('radio', { name: /Online bezahlen/ });
    await expect(online).toBeVisible();
    await expect(page.locator('input[autocomplete^="cc-"], input[name*="card" i], iframe')).toHaveCount(0);
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    for (const src of scripts) expect(new URL(src).hostname).toBe('127.0.0.1');
    await online.check();
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();

    // The demo provider's test checkout, clearly marked.
    await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_[0-9a-f]{24}$/);
    await expect(page.locator('[data-test-mode]')).toContainText('Testmodus');
    // the page's form holds only its hidden CSRF field: no card field at all
    await expect(page.locator('[data-payment-demo] input:not([type="hidden"])')).toHaveCount(0);
    expect(foreign).toEqual([]);
    await page.getByRole('button', { name: 'Zahlung erfolgreich' }).click();

    await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}\?zahlung=ok$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Reservierung' })).toBeVisible();
    await expect(page.locator('[data-payment-state]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ansehen: Parkschein' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Ansehen: Rechnung/ })).toBeVisible();
    await expect(page.locator('[data-manage-history]')).toContainText('Bezahlt und bestätigt');
    await context.close();
  });

  test('with JavaScript: the payment step offers online payment, the booking goes on to the demo checkout', async ({
    page,
  }) => {
    const foreign = recordForeignRequests(page);
    const search = new SearchPage(page);
    await search.open();
    const cookieBar = page.locator('[data-cookie-bar]');
    if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
    await search.search('Flughafen Frankfurt (FRA)', localDateTime(60, '08:00'), localDateTime(61, '18:00'));
    await page
      .locator('article[data-tariff-category="shuttle"]')
      .first()
      .getByRole('button', { name: /Buchen/ })
      .click();
    const step = (name: RegExp) => page.getByRole('heading', { level: 2, name });
    await expect(page.locator('[data-step-submit]')).toBeEnabled();
    await expect(step(/Reisedaten/)).toBeVisible();
    await page.getByLabel('Kfz-Kennzeichen').fill('F-JS 13');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(step(/Rechnungsadresse/)).toBeVisible();
    await page.getByRole('radio', { name: 'Frau' }).check();
    await page.getByLabel('Vorname', { exact: true }).fill('Jana');
    await page.getByLabel('Nachname', { exact: true }).fill('Skript');
    await page.getByLabel('Straße', { exact: true }).fill('Hauptstraße');
    await page.getByLabel('Hausnummer', { exact: true }).fill('7');
    await page.getByLabel('PLZ', { exact: true }).fill('60311');
    await page.getByLabel('Ort', { exact: true }).fill('Frankfurt am Main');
    await page.getByLabel('E-Mail-Adresse').fill('jana.skript@example.de');
    await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7777777');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(step(/Zahlung/)).toBeVisible();

    await expect(page.locator('input[autocomplete^="cc-"], input[name*="card" i], iframe')).toHaveCount(0);
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    for (const src of scripts) expect(new URL(src).hostname).toBe('127.0.0.1');
    await page.getByRole('radio', { name: /Online bezahlen/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
    await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_[0-9a-f]{24}$/);
    await expect(page.locator('[data-test-mode]')).toBeVisible();
    expect(foreign).toEqual([]);
  });

  test('abandon → "payment pending" with "pay now" → released after the hold', async ({ page }) => {
    const foreign = recordForeignRequests(page);
    const { reference, redirect } = await bookViaApi(page, {
      firstname: 'Abel',
      lastname: 'Abbruch',
      email: 'abel.abbruch@example.de',
      paymentType: 'online',
      days: [56, 57],
    });
    expect(redirect).toBe(`/reservierung/${reference}/bezahlen`);
    await page.goto(redirect);
    await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_/);
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Abbrechen und zurück' }).click();

    await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=abgebrochen$`));
    const pending = page.locator('[data-payment-state="pending"]');
    await expect(pending).toContainText('Zahlung ausstehend');
    await expect(page.getByRole('link', { name: 'Ansehen: Parkschein' })).toHaveCount(0);
    // "pay now" leads back to the same open checkout
    await pending.getByRole('link', { name: 'Jetzt bezahlen' }).click();
    await expect(page).toHaveURL(checkoutUrl);
    expect(foreign).toEqual([]);

    // the job, 31 minutes ahead, releases the hold
    expect(await expireHoldsAt(page, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    await page.goto(`/reservierung/${reference}`);
    await expect(page.locator('[data-payment-state="expired"]')).toContainText('Zahlungsfrist abgelaufen');
    await page.goto(checkoutUrl);
    await expect(page.getByText('Diese Test-Zahlung ist abgeschlossen.')).toBeVisible();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`a declined demo payment keeps the spaces: "pay again", then paid (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const { reference, redirect } = await bookViaApi(page, {
        firstname: 'Dora',
        lastname: 'Decline',
        email: `dora.decline.${javaScriptEnabled ? 'js' : 'nojs'}@example.de`,
        paymentType: 'online',
        days: javaScriptEnabled ? [58, 59] : [61, 62],
      });
      await page.goto(redirect);
      const firstCheckout = page.url();
      await page.getByRole('button', { name: 'Zahlung ablehnen' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=abgelehnt$`));
      const declined = page.locator('[data-payment-state="declined"]');
      await expect(declined).toContainText('Zahlung abgelehnt');
      await lookAt(page, `payment-declined-${javaScriptEnabled ? 'js' : 'nojs'}`);
      await expect(page.getByRole('link', { name: 'Ansehen: Parkschein' })).toHaveCount(0);
      // a pending booking offers no change form (pay or cancel first)
      await expect(page.locator('[data-manage-change]')).toHaveCount(0);

      await declined.getByRole('link', { name: 'Erneut bezahlen' }).click();
      await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_/);
      expect(page.url()).not.toBe(firstCheckout);
      await page.getByRole('button', { name: 'Zahlung erfolgreich' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
      await expect(page.locator('[data-payment-state]')).toHaveCount(0);
      await expect(page.locator('[data-manage-status="confirmed"]')).toBeVisible();
      await context.close();
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`a cheaper change of a paid booking refunds the difference (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const days = javaScriptEnabled ? [64, 68] : [70, 74];
      const { reference, redirect } = await bookViaApi(page, {
        firstname: 'Rita',
        lastname: 'Refund',
        email: `rita.refund.${javaScriptEnabled ? 'js' : 'nojs'}@example.de`,
        paymentType: 'online',
        days: days as [number, number],
      });
      await page.goto(redirect);
      await page.getByRole('button', { name: 'Zahlung erfolgreich' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
      const manage = page.locator('[data-manage]');
      await expect(manage.locator('[data-manage-status="confirmed"]')).toBeVisible();

      // two days shorter: the quote says the difference goes back on the payment
      await manage.locator('[data-manage-forms] > summary').click();
      const change = manage.locator('[data-manage-change]');
      await change.getByLabel('Rückkehr (Ausfahrt)').fill(localDateTime(days[1] - 2, '21:00'));
      await change.getByRole('button', { name: 'Neuen Preis berechnen' }).click();
      const quote = manage.locator('[data-manage-quote]');
      await expect(quote.locator('[data-manage-difference]')).toContainText('über Ihren ursprünglichen Zahlungsweg');
      const refund = (await quote.locator('[data-manage-difference]').textContent())!.match(/\d+,\d\d\s€/)![0];
      await quote.getByRole('button', { name: 'Änderung verbindlich bestätigen' }).click();
      await expect(manage.locator('[data-manage-done]')).toContainText('Ihre Buchung wurde geändert');
      await expect(manage.locator('[data-history-kind="refunded"]')).toContainText(`Erstattung ${refund}`);
      await expect(page.locator('[data-payment-state="refunded"]')).toContainText(refund);
      await lookAt(page, `payment-refunded-${javaScriptEnabled ? 'js' : 'nojs'}`);
      await context.close();
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`a dearer change of a paid booking: pay the difference, or abandon and keep the old stay (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const days = javaScriptEnabled ? [76, 77] : [80, 81];
      const { reference, redirect } = await bookViaApi(page, {
        firstname: 'Dirk',
        lastname: 'Dearer',
        email: `dirk.dearer.${javaScriptEnabled ? 'js' : 'nojs'}@example.de`,
        paymentType: 'online',
        days: days as [number, number],
      });
      await page.goto(redirect);
      await page.getByRole('button', { name: 'Zahlung erfolgreich' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
      const invoiceLink = page.getByRole('link', { name: /^Ansehen: Rechnung RE-/ });
      const firstInvoice = (await invoiceLink.getAttribute('aria-label'))!;
      const manage = page.locator('[data-manage]');
      const longer = async (exitDays: number) => {
        await manage.locator('[data-manage-forms] > summary').click();
        const change = manage.locator('[data-manage-change]');
        await change.getByLabel('Rückkehr (Ausfahrt)').fill(localDateTime(exitDays, '21:00'));
        await change.getByRole('button', { name: 'Neuen Preis berechnen' }).click();
        const quote = manage.locator('[data-manage-quote]');
        await expect(quote.locator('[data-manage-difference]')).toContainText(
          'Aufpreis zahlen Sie im nächsten Schritt',
        );
        await lookAt(page, `payment-change-quote-${javaScriptEnabled ? 'js' : 'nojs'}`);
        const amount = (await quote.locator('[data-manage-difference]').textContent())!.match(/\d+,\d\d\s€/)![0];
        await quote.getByRole('button', { name: 'Änderung verbindlich bestätigen' }).click();
        await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_/);
        await expect(page.getByText(amount)).toBeVisible();
        return amount;
      };

      // abandoned: the booking keeps its stay, the difference stays open while the hold lasts
      await longer(days[1] + 2);
      await page.getByRole('button', { name: 'Abbrechen und zurück' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=abgebrochen$`));
      const open = page.locator('[data-payment-state="change_pending"]');
      await expect(open).toContainText('Aufpreis offen');
      await lookAt(page, `payment-change-pending-${javaScriptEnabled ? 'js' : 'nojs'}`);
      await expect(manage.locator('[data-history-kind="change_requested"]')).toBeVisible();
      await expect(manage.locator('[data-history-kind="changed"]')).toHaveCount(0);

      // paid: the new stay with a new invoice
      await open.getByRole('link', { name: 'Aufpreis bezahlen' }).click();
      await expect(page).toHaveURL(/\/zahlung\/demo\/demo_cs_/);
      await page.getByRole('button', { name: 'Zahlung erfolgreich' }).click();
      await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
      await expect(manage.locator('[data-history-kind="changed"]')).toBeVisible();
      await expect(page.locator('[data-payment-state]')).toHaveCount(0);
      await expect(invoiceLink).toBeVisible();
      await expect(invoiceLink).not.toHaveAttribute('aria-label', firstInvoice);
      await context.close();
    });
  }
});
