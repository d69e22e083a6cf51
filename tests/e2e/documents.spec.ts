import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { bookViaApi } from './pages.ts';

/**
 * Issue 9: the reservation's documents in the browser — links on the reservation page, the voucher and invoice
 * pages with the document in the frame that grows to its content (390 and 1280 px), the PDF downloads with
 * their file names, and the 404 for anyone without access. Without JavaScript the pages and downloads work too.
 */

/** The frame grew to its content and its document does not scroll inside. */
async function expectFrameFitsContent(page: Page) {
  const iframe = page.locator('iframe[data-document-frame]');
  await expect(iframe).toHaveAttribute('data-sized', 'true');
  const inner = await (await iframe.elementHandle())!.contentFrame();
  const sizes = await inner!.evaluate(() => ({
    content: document.documentElement.scrollHeight,
    visible: document.documentElement.clientHeight,
  }));
  expect(sizes.content).toBeLessThanOrEqual(sizes.visible);
  const box = await iframe.boundingBox();
  expect(Math.abs(box!.height - sizes.visible)).toBeLessThanOrEqual(2);
}

test.describe('reservation documents', () => {
  test('voucher and invoice pages frame the documents, download the PDFs and stay private', async ({
    page,
    browser,
  }) => {
    const { reference } = await bookViaApi(page, {
      firstname: 'Jürgen',
      lastname: 'Weiß',
      email: `Dokumente.${Date.now()}@Example.org`,
      paymentType: 'invoice',
      days: [50, 53],
    });
    await page.goto(`/reservierung/${reference}`);
    const documents = page.getByRole('region', { name: 'Ihre Dokumente' });
    await expect(documents).toBeVisible();

    // Voucher page, phone and desktop widths.
    await documents.getByRole('link', { name: 'Ansehen: Parkschein' }).click();
    await expect(page).toHaveURL(new RegExp(`/reservierung/${reference}/pdf$`));
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation.pdf');
    await expect(page.getByRole('heading', { level: 1, name: 'Parkschein' })).toBeVisible();
    const voucher = page.frameLocator('iframe[data-document-frame]');
    await expect(voucher.locator('[data-reference]')).toHaveText(reference);
    await expect(voucher.getByRole('img', { name: /QR/ })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expectFrameFitsContent(page);
    }
    const [voucherPdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /PDF herunterladen/ }).click(),
    ]);
    expect(voucherPdf.suggestedFilename()).toBe(`Parkschein-${reference}.pdf`);

    // Invoice page: the stored invoice with its number, bank details and GiroCode.
    await page.goto(`/reservierung/${reference}`);
    await page.getByRole('link', { name: /^Ansehen: Rechnung RE-/ }).click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation.invoice');
    const invoice = page.frameLocator('iframe[data-document-frame]');
    const number = (await invoice.locator('[data-number]').first().textContent())!.trim();
    expect(number).toMatch(/^RE-\d{4}-\d{6}$/);
    await expect(invoice.getByRole('heading', { level: 1 })).toHaveText(`Rechnung ${number}`);
    await expect(invoice.locator('[data-bank-transfer]')).toBeVisible();
    await expect(invoice.locator('[data-buyer]')).toContainText('Jürgen Weiß');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expectFrameFitsContent(page);
    }
    const [invoicePdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /PDF herunterladen/ }).click(),
    ]);
    expect(invoicePdf.suggestedFilename()).toBe(`Rechnung-${number}.pdf`);
    const pdf = await page.request.get(`/reservierung/${reference}/download/Rechnung-${number}.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A stranger (another browser) gets 404 for every document URL; the signed-out account URL asks to sign in.
    const stranger = await (await browser.newContext()).newPage();
    for (const path of [
      `/reservierung/${reference}/pdf`,
      `/reservierung/${reference}/rechnung`,
      `/reservierung/${reference}/dokument/parkschein`,
      `/reservierung/${reference}/dokument/${number}`,
      `/reservierung/${reference}/download/Parkschein-${reference}.pdf`,
      `/reservierung/${reference}/download/Rechnung-${number}.pdf`,
      `/reservierung/${reference}/download/Parkplatz-${reference}.ics`,
    ]) {
      const res = await stranger.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
    }
  });

  test('works without JavaScript: pages render the frame and the download serves the PDF', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { reference } = await bookViaApi(page, {
      firstname: 'Ohne',
      lastname: 'Skript',
      email: `NoJs.${Date.now()}@Example.org`,
      days: [55, 57],
    });
    await page.goto(`/reservierung/${reference}`);
    await page.getByRole('link', { name: 'Ansehen: Parkschein' }).click();
    await expect(page.frameLocator('iframe[data-document-frame]').locator('[data-reference]')).toHaveText(reference);
    const href = await page.getByRole('link', { name: /PDF herunterladen/ }).getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toBe(`attachment; filename="Parkschein-${reference}.pdf"`);
    await context.close();
  });

  test('the document pages and framed documents pass the WCAG 2.1 A/AA rules at 390 and 1280 px', async ({ page }) => {
    // Ten axe scans, five of them across a frame (axe finishes those in a page of its own): up to a minute on a busy
    // two-core host. A limit, not a speed goal.
    test.setTimeout(150_000);
    const { reference } = await bookViaApi(page, {
      firstname: 'Änne',
      lastname: 'Groß',
      email: `Axe.${Date.now()}@Example.org`,
      paymentType: 'invoice',
      days: [58, 60],
    });
    await page.goto(`/reservierung/${reference}/rechnung`);
    const number = (await page
      .frameLocator('iframe[data-document-frame]')
      .locator('[data-number]')
      .first()
      .textContent())!;
    const paths = [
      `/reservierung/${reference}`,
      `/reservierung/${reference}/pdf`,
      `/reservierung/${reference}/rechnung`,
      `/reservierung/${reference}/dokument/parkschein`,
      `/reservierung/${reference}/dokument/${number.trim()}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      expect(await axeAtBothWidths(page), path).toEqual(NO_VIOLATIONS);
    }
  });
});
