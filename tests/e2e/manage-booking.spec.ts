import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { listEml, parseEml } from '../fixtures/eml.ts';
import { bookViaApi, localDateTime, pageHydrated } from './pages.ts';

const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e'), 'mail');

/** Waits for the mail about `reference` whose subject contains `word` (e.g. "geändert", "storniert"). */
async function mailAbout(reference: string, word: string) {
  let found: ReturnType<typeof parseEml> | null = null;
  await expect
    .poll(
      () => {
        for (const file of listEml(MAIL_DIR).reverse()) {
          const mail = parseEml(fs.readFileSync(file));
          if (mail.subject.includes(reference) && mail.subject.includes(word)) {
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
 * Issue 12: a guest books, changes the dates (sees the difference before confirming), gets the change mail,
 * then cancels and gets the cancellation mail — with JavaScript and without.
 */
async function manageJourney(page: Page, tag: string, js: boolean) {
  const { reference, redirect } = await bookViaApi(page, {
    firstname: 'Vera',
    lastname: `Ändern${tag}`,
    email: `vera.${tag}.${Date.now()}@example.org`,
    days: [50, 52],
  });
  await page.goto(redirect);
  if (js) await pageHydrated(page);
  const manage = page.locator('[data-manage]');
  await expect(manage.locator('[data-manage-status="confirmed"]')).toBeVisible();
  await expect(manage.locator('[data-manage-deadline]')).toContainText('Kostenlos ändern oder stornieren bis');
  await expect(manage.locator('[data-history-kind="created"]')).toBeVisible();

  // Change: two days longer → the quote shows old and new price and the difference.
  await manage.locator('[data-manage-forms] > summary').click();
  const change = manage.locator('[data-manage-change]');
  await change.getByLabel('Rückkehr (Ausfahrt)').fill(localDateTime(54, '21:00'));
  await change.getByRole('button', { name: 'Neuen Preis berechnen' }).click();
  const quote = manage.locator('[data-manage-quote]');
  await expect(quote).toBeVisible();
  await expect(quote.locator('[data-manage-difference]')).toContainText(/mehr|weniger|gleich/);
  await expect(quote.locator('tbody tr')).toHaveCount(5);
  await quote.getByRole('button', { name: 'Änderung verbindlich bestätigen' }).click();
  await expect(manage.locator('[data-manage-done]')).toContainText('Ihre Buchung wurde geändert');
  await expect(manage.locator('[data-history-kind="changed"]')).toBeVisible();
  await expect(change.getByLabel('Rückkehr (Ausfahrt)')).toHaveValue(localDateTime(54, '21:00'));
  const changed = await mailAbout(reference, 'geändert');
  expect(changed.text).toContain(reference);

  // Cancel: the confirmation step says what happens, then the booking is cancelled.
  if (js) await pageHydrated(page);
  await manage.locator('[data-manage-forms] > summary').click();
  await manage.getByRole('button', { name: 'Stornierung prüfen' }).click();
  await expect(manage.locator('[data-manage-cancel-quote]')).toContainText('kostenlos');
  await manage.getByRole('button', { name: 'Stornierung verbindlich bestätigen' }).click();
  await expect(manage.locator('[data-manage-done]')).toContainText('storniert');
  await expect(manage.locator('[data-manage-status="cancelled"]')).toBeVisible();
  await expect(manage.locator('[data-history-kind="cancelled"]')).toBeVisible();
  await expect(manage.locator('[data-manage-change]')).toHaveCount(0);
  const cancelled = await mailAbout(reference, 'storniert');
  expect(cancelled.text).toContain(reference);
}

test.describe('manage a booking (issue 12)', () => {
  test('with JavaScript: change the dates, confirm, then cancel', async ({ page }) => {
    await manageJourney(page, 'js', true);
  });
});

test.describe('manage a booking without JavaScript (issue 12)', () => {
  test.use({ javaScriptEnabled: false });
  test('the same journey with plain form posts', async ({ page }) => {
    await manageJourney(page, 'nojs', false);
  });
});
