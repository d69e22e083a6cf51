import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { listEml, parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { AccountPages, hydratedElement } from './pages.ts';

// The e2e server's outbox (playwright.config.ts: one data directory per port).
const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e'), 'mail');
const SHOP_EMAIL = 'service@parkplatz-shop.example';

/** Waits for the two mails of a contact message from `email`: the shop's (Reply-To = sender) and the sender's copy. */
async function contactMails(email: string): Promise<{ toShop: ParsedMail; copy: ParsedMail }> {
  let found: { toShop?: ParsedMail; copy?: ParsedMail } = {};
  await expect
    .poll(
      () => {
        found = {};
        for (const file of listEml(MAIL_DIR)) {
          const mail = parseEml(fs.readFileSync(file));
          if (mail.headers['x-mail-kind'] === 'contact_message' && mail.headers['reply-to']?.includes(email)) {
            found.toShop = mail;
          }
          if (mail.headers['x-mail-kind'] === 'contact_copy' && mail.headers.to?.includes(email)) found.copy = mail;
        }
        return Boolean(found.toShop && found.copy);
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found as { toShop: ParsedMail; copy: ParsedMail };
}

const uniqueEmail = (tag: string) => `kontakt.${tag}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.org`;

/** Fills the contact form of /kontakt. */
async function fillContactForm(page: Page, email: string, message: string) {
  const form = page.locator('[data-contact-form]');
  await form.getByLabel('Thema').selectOption({ label: 'Rechnung' });
  await form.getByLabel('Buchungsnummer').fill('7k3q-zomd');
  await form.getByLabel('Ihr Name').fill('Erika Mustermann');
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel('Ihre Nachricht').fill(message);
  return form;
}

test.describe('FAQ with JavaScript', () => {
  test('the instant search finds an answer by a word of its body and by a misspelt word, highlighted', async ({
    page,
  }) => {
    await page.goto('/faq');
    await new AccountPages(page).hydrated();
    const box = page.getByRole('searchbox', { name: 'Häufige Fragen durchsuchen' });
    const results = page.locator('[data-faq-search-results]');

    await box.pressSequentially('Ladesäulen');
    await expect(results.getByRole('status')).toHaveText('1 Antwort zu „Ladesäulen“');
    await expect(results.getByRole('heading', { name: 'Kann ich mein Elektroauto laden?' })).toBeVisible();
    await expect(results.locator('mark', { hasText: 'Ladesäulen' })).toBeVisible();
    await expect(page).toHaveURL(/\/faq\?q=Lades/); // no navigation: the address follows the query

    await box.fill('');
    await box.pressSequentially('Elektroato');
    await expect(results.locator('mark', { hasText: 'Elektroauto' })).toBeVisible();
    await expect(results.getByText(/Ladesäulen; Sie erkennen sie/)).toBeVisible();

    await results.getByRole('link', { name: 'Alle Fragen anzeigen' }).click();
    await expect(page.getByRole('heading', { name: 'Stornierung & Änderung' })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('a deep link opens and scrolls to its question, also on a hash change', async ({ page }) => {
    await page.goto('/faq#frage-kostenlos-stornieren');
    const cancel = page.locator('#frage-kostenlos-stornieren');
    await expect(cancel).toHaveAttribute('open', '');
    const answer = cancel.getByText(/Bis 24 Stunden vor der gebuchten Einfahrtszeit/);
    await expect(answer).toBeVisible();
    await expect(answer).toBeInViewport();

    await page.evaluate(() => (window.location.hash = '#frage-voucher-verloren'));
    const voucher = page.locator('#frage-voucher-verloren');
    await expect(voucher).toHaveAttribute('open', '');
    await expect(voucher.getByText(/Laden Sie den Voucher jederzeit erneut/)).toBeInViewport();
  });

  test('the search box on the home page shows instant answers that link into the FAQ', async ({ page }) => {
    // The search library and the entries load only when the box is used, never with the page.
    const lazy: string[] = [];
    page.on('request', (request) => {
      if (/\/js\/faq-search-(?!box)[\w-]+\.js$|\/api\/faq$/.test(request.url())) lazy.push(request.url());
    });
    await page.goto('/');
    await new AccountPages(page).hydrated();
    await page.waitForLoadState('networkidle');
    expect(lazy).toEqual([]);
    const box = page.locator('[data-faq-search-box]');
    await box.getByRole('searchbox', { name: 'Häufige Fragen durchsuchen' }).pressSequentially('Schranke');
    await expect.poll(() => lazy.length).toBe(2);
    const link = box.getByRole('link', { name: 'Wie komme ich durch die Schranke?' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/faq#frage-einfahrt-schranke$/);
    await expect(page.locator('#frage-einfahrt-schranke')).toHaveAttribute('open', '');
    await expect(page.getByText(/QR-Code Ihres Vouchers/)).toBeVisible();
  });

  test('the FAQ search is in English under /en', async ({ page }) => {
    await page.goto('/en/faq');
    await new AccountPages(page).hydrated();
    await page.getByRole('searchbox', { name: 'Search the FAQ' }).pressSequentially('chargng');
    await expect(page.getByRole('heading', { name: 'Can I charge my electric car?' })).toBeVisible();
  });
});

test.describe('FAQ without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('?q= finds the answer on the server, also for a misspelt word, and the home page box leads there', async ({
    page,
  }) => {
    await page.goto('/faq');
    await page.getByRole('searchbox', { name: 'Häufige Fragen durchsuchen' }).fill('Elektroato');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/\/faq\?q=Elektroato$/);
    const results = page.locator('[data-faq-search-results]');
    await expect(results.getByRole('status')).toHaveText('1 Antwort zu „Elektroato“');
    await expect(results.locator('mark', { hasText: 'Elektroauto' })).toBeVisible();
    await expect(results.getByText(/Der Strom wird vor Ort nach Verbrauch abgerechnet/)).toBeVisible();

    await page.goto('/');
    const box = page.locator('[data-faq-search-box]');
    await box.getByRole('searchbox').fill('Ladesäulen');
    await box.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/\/faq\?q=Lades/);
    await expect(page.getByRole('heading', { name: 'Kann ich mein Elektroauto laden?' })).toBeVisible();
  });

  test('the questions open without JavaScript (native details)', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Wie läuft Valet Parking ab?' }).click();
    await expect(page.getByText(/Ein Fahrer erwartet Sie am Treffpunkt/)).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('with JavaScript: validates in the browser, then sends both mails through the API', async ({ page }) => {
    await page.goto('/kontakt');
    await new AccountPages(page).hydrated();
    await hydratedElement(page.locator('[data-contact-form]'));
    const email = uniqueEmail('js');
    const form = await fillContactForm(page, email, 'Bitte stellen Sie die Rechnung auf meine Firma aus (mit JS).');
    await form.getByLabel('Ihre Nachricht').fill('kurz');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(form.getByText('Bitte schreiben Sie mindestens 10 Zeichen.')).toBeVisible();
    await expect(form.getByLabel('Ihre Nachricht')).toBeFocused();

    await form.getByLabel('Ihre Nachricht').fill('Bitte stellen Sie die Rechnung auf meine Firma aus (mit JS).');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact')),
      form.getByRole('button', { name: 'Nachricht senden' }).click(),
    ]);
    expect(response.status()).toBe(202);
    await expect(form.getByRole('status')).toContainText('Ihre Nachricht ist bei uns angekommen');
    await expect(form.getByLabel('Ihr Name')).toHaveValue('');

    const { toShop, copy } = await contactMails(email);
    expect(toShop.headers.to).toContain(SHOP_EMAIL);
    expect(toShop.subject).toBe('Kontaktanfrage: Rechnung – Erika Mustermann (7K3QZ0MD)');
    expect(toShop.text).toContain('(mit JS)');
    expect(copy.headers['reply-to']).toContain(SHOP_EMAIL);
    expect(copy.text).toContain('(mit JS)');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('posts to the page, redirects with a success flash and sends both mails', async ({ page }) => {
      await page.goto('/kontakt');
      const email = uniqueEmail('nojs');
      const form = await fillContactForm(page, email, 'Bitte stellen Sie die Rechnung auf meine Firma aus (ohne JS).');
      await form.getByLabel('E-Mail-Adresse').fill('keine-adresse');
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible();
      await expect(form.getByLabel('Ihre Nachricht')).toHaveValue(/ohne JS/);

      await form.getByLabel('E-Mail-Adresse').fill(email);
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page).toHaveURL(/\/kontakt$/);
      await expect(page.locator('[data-flash="success"]')).toContainText('Nachricht gesendet');

      const { toShop, copy } = await contactMails(email);
      expect(toShop.headers.to).toContain(SHOP_EMAIL);
      expect(toShop.text).toContain('(ohne JS)');
      expect(copy.headers.to).toContain(email);
    });
  });

  test('shows the contact details, the FAQ search and links them from header and footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt' }).click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'contact.index');
    const details = page.locator('[data-contact-details]');
    await expect(details.getByRole('link', { name: SHOP_EMAIL })).toHaveAttribute('href', `mailto:${SHOP_EMAIL}`);
    await expect(details.getByRole('link', { name: '+49 69 90009 500' })).toHaveAttribute('href', 'tel:+496990009500');
    await expect(page.getByRole('searchbox', { name: 'Häufige Fragen durchsuchen' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'faq');
  });
});
