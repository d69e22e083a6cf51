import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { bookViaApi, lookAt } from './pages.ts';

/**
 * Issue 35 item 3 (decision 0055): the wallet buttons on the reservation page. The e2e server runs with Apple Wallet
 * configured (test certificates, `playwright.config.ts`) and Google Wallet not: "Zu Apple Wallet hinzufügen" shows
 * beside the voucher of a confirmed booking and downloads its signed pass; Google's button does not show; a booking
 * without a voucher (waiting for its online payment) shows neither, and a stranger gets 404 for the pass. Without
 * any wallet setting no button shows (tests/integration/wallet-pass.test.ts).
 */
test.describe('wallet passes', () => {
  test('the Apple Wallet button downloads the pass; Google is not configured; no voucher, no button', async ({
    page,
    browser,
  }) => {
    const { reference } = await bookViaApi(page, {
      firstname: 'Jürgen',
      lastname: 'Weiß',
      email: `Wallet.${Date.now()}@Example.org`,
      paymentType: 'on_site',
      days: [40, 43],
    });
    await page.goto(`/reservierung/${reference}`);
    const documents = page.getByRole('region', { name: 'Ihre Dokumente' });
    const apple = documents.getByRole('link', { name: 'Zu Apple Wallet hinzufügen' });
    await expect(apple).toBeVisible();
    await expect(apple).toHaveAttribute('href', `/reservierung/${reference}/wallet.pkpass`);
    await expect(documents.getByRole('link', { name: /Google Wallet/ })).toHaveCount(0);
    await lookAt(page, 'wallet-reservation');
    expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);

    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe(`Parkschein-${reference}.pkpass`);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const pass = JSON.parse(Buffer.from(files['pass.json']).toString('utf8'));
    expect(pass.serialNumber).toBe(reference);
    expect(pass.barcodes[0].message).toBe(reference);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['manifest.json', 'signature']));

    // English: the same button in English, the English path
    await page.goto(`/en/reservierung/${reference}`);
    await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute(
      'href',
      `/en/reservierung/${reference}/wallet.pkpass`,
    );

    // a visitor without access to the booking: the same 404 as for its documents
    const stranger = await browser.newContext();
    const refused = await stranger.request.get(`/reservierung/${reference}/wallet.pkpass`, { maxRedirects: 0 });
    expect(refused.status()).toBe(404);
    await stranger.close();

    // a booking waiting for its online payment has no voucher, so no wallet pass
    const pending = await bookViaApi(page, {
      firstname: 'Eva',
      lastname: 'Online',
      email: `Wallet.online.${Date.now()}@Example.org`,
      paymentType: 'online',
      days: [41, 44],
    });
    await page.goto(`/reservierung/${pending.reference}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Wallet/ })).toHaveCount(0);
  });
});
