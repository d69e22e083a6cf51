import { expect, test, type Page } from '@playwright/test';
import { findAccessLink } from '../fixtures/eml.ts';
import { bookViaApi, confirmationMail } from './pages.ts';

const EMAIL = `Gast.${Date.now()}@Example.org`;

/** The reservation details: the document in the page's embedded frame. */
const details = (page: Page) => page.frameLocator('iframe[title^="Reservierung "]');

/** The frame grew to its content (beyond the 80vh default) and neither it nor its document scrolls inside. */
async function expectFrameFitsContent(page: Page) {
  const iframe = page.locator('iframe[data-document-frame]');
  await expect(iframe).toHaveAttribute('data-sized', 'true');
  const box = await iframe.boundingBox();
  expect(box!.height).toBeGreaterThan(page.viewportSize()!.height * 0.8);
  const inner = await (await iframe.elementHandle())!.contentFrame();
  const scroll = await inner!.evaluate(() => ({
    content: document.documentElement.scrollHeight,
    visible: document.documentElement.clientHeight,
  }));
  expect(scroll.content).toBeLessThanOrEqual(scroll.visible);
}

test.describe('guest reservation (after booking)', () => {
  test('the mail link and the lookup form open the reservation; nothing else does', async ({ page, browser }) => {
    const { reference, redirect } = await bookViaApi(page, {
      firstname: 'Max',
      lastname: 'Gast',
      email: EMAIL,
      gender: true,
      licensePlate: 'F-GR 2026',
      personCount: 2,
      days: [40, 44],
    });
    expect(redirect).toBe(`/reservierung/${reference}`);

    // the booking browser itself was granted access
    await page.goto(redirect);
    await expect(details(page).locator('[data-reference]')).toHaveText(reference);
    // Paid on site: no bank details, no GiroCode (issue 9).
    await expect(details(page).locator('[data-bank-transfer]')).toHaveCount(0);

    // 1. the link in the newest mail, in a fresh browser
    const mail = await confirmationMail(reference);
    expect(mail.subject).toContain('Buchungsbestätigung');
    expect(mail.html).toContain(reference);
    const link = findAccessLink(mail);
    expect(link).toBeTruthy();
    const viaMail = await browser.newContext();
    const mailPage = await viaMail.newPage();
    const response = await mailPage.goto(new URL(link!).pathname + new URL(link!).search);
    expect(response?.status()).toBe(200);
    await expect(mailPage).toHaveURL(new RegExp(`/reservierung/${reference}$`)); // token dropped from the URL
    expect(response?.headers()['cache-control']).toContain('no-store');
    expect(response?.headers()['referrer-policy']).toBe('same-origin'); // no referrer leaves the site
    await expect(mailPage.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.reservation');
    await expect(mailPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(mailPage.getByRole('heading', { level: 1, name: 'Ihre Reservierung' })).toBeVisible();
    await expect(mailPage.getByRole('link', { name: 'Andere Reservierung aufrufen' })).toHaveAttribute(
      'href',
      '/reservierung',
    );
    // the details are in the same-origin frame (the document route, private like the page)
    const frame = details(mailPage);
    await expect(frame.locator('[data-reference]')).toHaveText(reference);
    await expect(frame.locator('[data-status="confirmed"]')).toBeVisible();
    await expect(frame.getByText('F-GR 2026')).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Auf der Karte zeigen' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=/,
    );
    await expect(frame.getByText('Zahlung vor Ort', { exact: true })).toBeVisible();
    await expectFrameFitsContent(mailPage);
    const doc = await mailPage.request.get(`/reservierung/${reference}/dokument`);
    expect(doc.status()).toBe(200);
    expect(doc.headers()['cache-control']).toContain('no-store');
    expect(doc.headers()['x-robots-tag']).toContain('noindex');
    // a reload still works (access lives in the session, not in the URL)
    expect((await mailPage.reload())?.status()).toBe(200);
    await viaMail.close();

    // 2. the lookup form, in another fresh browser (reference typed sloppily, e-mail in other case)
    const viaLookup = await browser.newContext();
    const lookupPage = await viaLookup.newPage();
    await lookupPage.goto('/reservierung');
    await expect(lookupPage.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.lookup');
    await lookupPage
      .getByLabel('Reservierungsnummer')
      .fill(`${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}`);
    await lookupPage.getByLabel('E-Mail-Adresse').fill('someone.else@example.org');
    await lookupPage.getByRole('button', { name: 'Reservierung anzeigen' }).click();
    await expect(lookupPage.locator('[data-lookup-error]')).toContainText('keine Reservierung');
    await lookupPage.getByLabel('E-Mail-Adresse').fill(EMAIL.toUpperCase());
    await lookupPage.getByRole('button', { name: 'Reservierung anzeigen' }).click();
    await expect(lookupPage).toHaveURL(new RegExp(`/reservierung/${reference}$`));
    await expect(details(lookupPage).locator('[data-reference]')).toHaveText(reference);
    await viaLookup.close();

    // 3. a third fresh browser opening the URL directly: the lookup form with the reference filled in (issue 12
    //    item 5), the same for a forged token and a reference that does not exist
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const direct = await strangerPage.goto(`/reservierung/${reference}`);
    expect(direct?.status()).toBe(200);
    expect(direct?.headers()['cache-control']).toBe('private, no-store');
    await expect(strangerPage).toHaveURL(new RegExp(`/reservierung\\?reference=${reference}$`));
    await expect(strangerPage.locator('meta[name="route-name"]')).toHaveAttribute('content', 'guest.lookup');
    await expect(strangerPage.getByLabel('Reservierungsnummer')).toHaveValue(reference);
    await expect(strangerPage.locator('[data-reference]')).toHaveCount(0);
    await strangerPage.goto(`/reservierung/${reference}?token=forged`);
    await expect(strangerPage).toHaveURL(new RegExp(`/reservierung\\?reference=${reference}$`));
    await strangerPage.goto('/reservierung/ZZZZZZZZ');
    await expect(strangerPage.getByLabel('Reservierungsnummer')).toHaveValue('ZZZZZZZZ');
    expect((await strangerPage.goto('/reservierung/ZZZZZZZZ/dokument'))?.status()).toBe(404);
    const notFoundText = await strangerPage.locator('main').innerText();
    // the framed document answers the same 404, private as well
    const document = await strangerPage.goto(`/reservierung/${reference}/dokument`);
    expect(document?.status()).toBe(404);
    expect(document?.headers()['cache-control']).toContain('no-store');
    await expect(strangerPage.locator('meta[name="route-name"]')).toHaveAttribute('content', 'errors.404');
    expect(await strangerPage.locator('main').innerText()).toBe(notFoundText);
    await stranger.close();
  });

  test('the lookup form works without JavaScript and refuses after 10 failed attempts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/reservierung');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    for (let i = 0; i < 10; i++) {
      await page.getByLabel('Reference').fill('ZZZZZZZZ');
      await page.getByLabel('E-mail address').fill('nobody@example.org');
      const response = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Show reservation' }).click();
      expect((await response).status()).toBe(404);
      await expect(page.locator('[data-lookup-error]')).toContainText('could not find');
    }
    const response = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Show reservation' }).click();
    const refused = await response;
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.locator('[data-lookup-error]')).toContainText('Too many unsuccessful attempts');
    await context.close();
  });
});
