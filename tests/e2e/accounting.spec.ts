/**
 * The accountant's month (issue 34 item 5, decision 0053): a member with the role `accountant` lands on
 * "Buchhaltung", picks the current month, downloads the DATEV file, the CSV and the ZIP (their suggested names, a 200
 * each), and cannot open or change anything else (403) — with JavaScript, and the page and a download again without.
 */
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signInAsStaff } from './admin.ts';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { bookViaApi, lookAt } from './pages.ts';

/** The current month in the shop's time zone, `YYYY-MM` (what the page shows first). */
function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );
}

/** Chooses `month` in the picker and sends the GET form. */
async function pickMonth(page: Page, month: string) {
  await page.getByLabel('Monat').selectOption(month);
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/buchhaltung\\?monat=${month}$`));
}

/** Clicks a download link: the browser's suggested file name, and the status of the same address fetched again. */
async function downloadVia(page: Page, name: string): Promise<{ fileName: string; status: number }> {
  const link = page.getByRole('link', { name });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  return { fileName: download.suggestedFilename(), status: response.status() };
}

test.describe("the accountant's month", () => {
  test('the accountant downloads the month as DATEV, CSV and ZIP, and can change nothing else', async ({ page }) => {
    const booking = await bookViaApi(page, {
      firstname: 'Jürgen',
      lastname: 'Buchmann',
      email: `buchhaltung-${Date.now()}@example.org`,
      paymentType: 'invoice',
      days: [50, 52],
    });
    await signInAsStaff(page, { role: 'accountant' });

    const nav = page.getByRole('navigation', { name: 'Backoffice-Navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Buchhaltung']);
    await nav.getByRole('link', { name: 'Buchhaltung' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buchhaltung' })).toBeVisible();

    const month = currentMonth();
    await pickMonth(page, month);
    const vat = page.getByRole('table', { name: 'Summen nach Steuersatz' });
    await expect(vat.getByRole('rowheader', { name: '19 %' })).toBeVisible();
    await expect(vat.getByRole('columnheader', { name: 'Brutto' })).toBeVisible();
    const payment = page.getByRole('table', { name: 'Summen nach Zahlungsart' });
    await expect(payment.getByRole('rowheader', { name: 'Rechnung (Überweisung)' })).toBeVisible();
    await lookAt(page, 'accounting');

    expect(await downloadVia(page, 'DATEV-Buchungsstapel (EXTF)')).toEqual({
      fileName: `EXTF_Buchungsstapel_${month}.csv`,
      status: 200,
    });
    expect(await downloadVia(page, 'Buchungen als CSV')).toEqual({ fileName: `Buchungen-${month}.csv`, status: 200 });
    const csv = await page.request.get(`/admin/buchhaltung/${month}/buchungen.csv`);
    expect(await csv.text()).toContain(booking.reference);
    expect(await downloadVia(page, 'Alle Belege als ZIP')).toEqual({ fileName: `Belege-${month}.zip`, status: 200 });
    // streamed through the server, it is still one whole archive: the booking's invoice in it as PDF and XML
    const zip = await page.request.get(`/admin/buchhaltung/${month}/belege.zip`);
    const names = Object.keys(unzipSync(new Uint8Array(await zip.body())));
    const invoice = names.find((n) => n.startsWith('Rechnung-RE-') && n.endsWith('.pdf'));
    expect(invoice).toBeDefined();
    expect(names).toContain(invoice!.replace(/\.pdf$/, '.xml'));

    expect(await axeAtBothWidths(page), 'axe').toEqual(NO_VIOLATIONS);

    // nothing else: the reservations, the staff page and the catalogue are 403, and so are their writes
    for (const path of ['/admin/reservierungen', `/admin/reservierungen/${booking.reference}`, '/admin/mitarbeiter']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
    await page.goto('/admin/katalog');
    await expect(page.getByRole('heading', { level: 1, name: 'Keine Berechtigung' })).toBeVisible();
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
    const origin = new URL(page.url()).origin;
    const cancel = await page.request.post(`/admin/reservierungen/${booking.reference}`, {
      form: { _csrf: csrf, intent: 'cancel' },
      headers: { Origin: origin },
    });
    expect(cancel.status()).toBe(403);
    const coupon = await page.request.post('/admin/gutscheine', {
      form: { _csrf: csrf, intent: 'create', code: 'BUCHHALTUNG', kind: 'percent', value: '50' },
      headers: { Origin: origin },
    });
    expect(coupon.status()).toBe(403);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the month picker and the downloads work as plain HTML', async ({ page }) => {
      await signInAsStaff(page, { role: 'accountant' });
      await expect(page.getByRole('heading', { level: 1, name: 'Buchhaltung' })).toBeVisible();
      const month = currentMonth();
      await pickMonth(page, month);
      await expect(page.getByRole('table', { name: 'Summen nach Steuersatz' })).toBeVisible();
      expect(await downloadVia(page, 'Buchungen als CSV')).toEqual({
        fileName: `Buchungen-${month}.csv`,
        status: 200,
      });
      await lookAt(page, 'accounting-nojs');
    });
  });
});
