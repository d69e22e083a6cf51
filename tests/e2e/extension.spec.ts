import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { listEml, parseEml } from '../fixtures/eml.ts';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { bookViaApi, localDateTime, lookAt, pageHydrated } from './pages.ts';

/**
 * Issue 35 item 2 (decision 0054): a guest whose car is parked extends the stay on the reservation page. The shared
 * e2e server runs on the real clock; its test clock (`SHOP_TEST_CLOCK=1`, the loopback admin endpoint) is moved past
 * the entry for the test and put back after it, which is why this spec runs alone in the `exclusive` project.
 */
const DATA_DIR = process.env.E2E_DATA_DIR!;
const MAIL_DIR = path.join(DATA_DIR, 'mail');

function adminHeaders() {
  const { token } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8')) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Moves the server's clock to `at` (it runs on from there). */
async function setServerClock(page: Page, at: Date) {
  const res = await page.request.post(`/internal/clock?at=${encodeURIComponent(at.toISOString())}`, {
    headers: adminHeaders(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Puts the server's clock back to the real one. */
async function resetServerClock(page: Page) {
  const res = await page.request.post('/internal/clock/reset', { headers: adminHeaders() });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits for the change mail about `reference` (subject "geändert") that says it was an extension. */
async function extensionMail(reference: string) {
  let found: ReturnType<typeof parseEml> | null = null;
  await expect
    .poll(
      () => {
        for (const file of listEml(MAIL_DIR).reverse()) {
          const mail = parseEml(fs.readFileSync(file));
          if (mail.subject.includes(reference) && mail.subject.includes('geändert')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/**
 * Books by invoice (entry in `days[0]` days 07:30, exit `days[1]` days 21:00), moves the clock to midday of the entry
 * date (the car is in), and extends the exit by one day on the reservation page.
 */
async function extendJourney(page: Page, tag: string, js: boolean, days: [number, number]) {
  const { reference, redirect } = await bookViaApi(page, {
    firstname: 'Paul',
    lastname: `Verlängern${tag}`,
    email: `paul.${tag}.${Date.now()}@example.org`,
    paymentType: 'invoice',
    days,
  });
  await page.goto(redirect);
  // the reservation's details (price, invoice number) are in the page's document frame
  const details = page.frameLocator('iframe[data-document-frame]');
  const invoiceBefore = await details.locator('[data-invoice-number]').textContent();
  const totalBefore = await details
    .locator('section[aria-labelledby="res-price"] [data-total-cents]')
    .getAttribute('data-total-cents');
  expect(invoiceBefore).toMatch(/^RE-/);

  // 12:00 UTC of the entry date: after the 07:30 entry in Frankfurt, summer or winter time.
  const entryDate = localDateTime(days[0], '07:30').slice(0, 10);
  await setServerClock(page, new Date(`${entryDate}T12:00:00Z`));
  await page.goto(redirect);
  if (js) await pageHydrated(page);
  const manage = page.locator('[data-manage]');
  await expect(manage.locator('[data-manage-closed]')).toContainText('Parkzeit noch verlängern');
  // only the extension: no change of dates or details, no cancellation
  await expect(manage.locator('[data-manage-forms]')).toHaveCount(0);
  await expect(manage.locator('[data-manage-change]')).toHaveCount(0);
  await expect(manage.locator('[data-manage-cancel]')).toHaveCount(0);
  const extend = manage.locator('[data-manage-extend-form]');
  await expect(extend.locator('input:not([type="hidden"])')).toHaveCount(1);
  await lookAt(page, `extension-offered-${tag}`);

  const newExit = localDateTime(days[1] + 1, '21:00');
  await extend.getByLabel('Neue Rückkehr (Ausfahrt)').fill(newExit);
  await extend.getByRole('button', { name: 'Preis der Verlängerung berechnen' }).click();
  const quote = manage.locator('[data-manage-quote]');
  await expect(quote).toBeVisible();
  await expect(quote.getByRole('heading', { name: 'Ihre Verlängerung' })).toBeVisible();
  await expect(quote.locator('[data-manage-difference]')).toContainText(/mehr|gleich/);
  await expect(quote.locator('tbody tr')).toHaveCount(days[1] - days[0] + 2);
  await lookAt(page, `extension-quote-${tag}`);
  // the extension form and its quote pass WCAG 2.1 A/AA at phone and desktop width (once, with JavaScript)
  if (js) expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);
  await quote.getByRole('button', { name: 'Verlängerung verbindlich buchen' }).click();

  await expect(manage.locator('[data-manage-done]')).toContainText('Die Parkzeit wurde verlängert');
  await expect(manage.locator('[data-history-kind="changed"]')).toContainText('Parkzeit verlängert');
  // the page shows the new stay, price and invoice
  const invoiceAfter = details.locator('[data-invoice-number]');
  await expect(invoiceAfter).toHaveText(/^RE-/);
  await expect(invoiceAfter).not.toHaveText(invoiceBefore!);
  const totalAfter = Number(
    await details.locator('section[aria-labelledby="res-price"] [data-total-cents]').getAttribute('data-total-cents'),
  );
  expect(totalAfter).toBeGreaterThan(Number(totalBefore));
  // the documents list offers the new invoice and the credit note of the old one
  await expect(page.getByText(`Rechnung ${await invoiceAfter.textContent()}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Gutschrift GS-/)).toBeVisible();
  // still before the new exit: the next extension is offered
  await expect(manage.locator('[data-manage-extend-form]')).toBeVisible();
  await lookAt(page, `extension-done-${tag}`);

  const mail = await extensionMail(reference);
  expect(mail.text).toContain('Art der Änderung: Parkzeit verlängert');
}

test.describe('extend a started stay (issue 35 item 2)', () => {
  test.afterEach(async ({ page }) => {
    await resetServerClock(page);
  });

  test('with JavaScript: only the extension is offered; one more day, new price and invoice', async ({ page }) => {
    await extendJourney(page, 'js', true, [20, 22]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the same with plain form posts', async ({ page }) => {
      await extendJourney(page, 'nojs', false, [24, 26]);
    });
  });

  test('the test clock is back: a booking far ahead can be changed and cancelled again', async ({ page }) => {
    const { redirect } = await bookViaApi(page, {
      firstname: 'Paul',
      lastname: 'Zurück',
      email: `paul.back.${Date.now()}@example.org`,
      days: [60, 61],
    });
    await page.goto(redirect);
    await expect(page.locator('[data-manage-deadline]')).toBeVisible();
    await expect(page.locator('[data-manage-extend]')).toHaveCount(0);
  });
});
