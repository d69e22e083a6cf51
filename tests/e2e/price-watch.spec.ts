/**
 * Issue 37 item 2, the price watch end to end, with JavaScript and without: a visitor asks to watch the price of a
 * stay on the tariffs page ("Preis beobachten"), confirms with the mail's link, staff lower the cheapest tariff's
 * price in the back office (a season of their own, a year ahead where no other spec searches), exactly one mail
 * arrives with the one-click headers, and its unsubscribe link ends the watch. The seasons are deleted at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { listEml, parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { signInAsAdmin } from './admin.ts';
import {
  AccountPages,
  bookViaApi,
  localDateTime,
  lookAt,
  mailLink,
  nearbyHydrated,
  signedUpCustomer,
} from './pages.ts';

const MAIL_DIR = path.join(process.env.E2E_DATA_DIR!, 'mail');

/** A fresh address per call. */
const newEmail = (tag: string) => `${tag}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.org`;

/** The delivered price drop mails to `to`. */
function dropMailsTo(to: string): ParsedMail[] {
  return listEml(MAIL_DIR)
    .map((file) => parseEml(fs.readFileSync(file)))
    .filter((m) => m.headers['x-mail-kind'] === 'price_watch_drop' && (m.headers.to ?? '').toLowerCase().includes(to));
}

/** The tariffs page of a three-day stay at Stuttgart `days` from today, and the entry date. */
function stayOf(days: number) {
  const entry = localDateTime(days, '08:00');
  const exit = localDateTime(days + 2, '18:00');
  return { url: `/buchung/tarife?airport=stuttgart&entry=${entry}&exit=${exit}`, date: entry.slice(0, 10) };
}

/** The cheapest offer on the open tariffs page: its tariff id and total in cents. */
async function cheapestOffer(page: Page): Promise<{ tariffId: number; totalCents: number }> {
  const cards = page.locator('article[data-tariff-id]:has([data-total-cents])');
  const offers = await cards.evaluateAll((nodes) =>
    nodes.map((n) => ({
      tariffId: Number(n.getAttribute('data-tariff-id')),
      totalCents: Number(n.querySelector('[data-total-cents]')!.getAttribute('data-total-cents')),
    })),
  );
  expect(offers.length).toBeGreaterThan(0);
  return offers.reduce((best, o) => (o.totalCents < best.totalCents ? o : best));
}

/** Staff (a new admin in a context of its own) add a season for `date` to `tariffId` at `euros` for 1–3 days. */
async function staffLowerPrice(browser: Browser, tariffId: number, date: string, euros: string) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAsAdmin(staff);
  await staff.goto(`/admin/katalog/tarif/${tariffId}`);
  const season = staff.getByRole('region', { name: 'Neue Saison' });
  await season.getByLabel('Name').fill('E2E-Preisbeobachtung');
  await season.getByLabel('Gültig ab (Einfahrt)').fill(date);
  await season.getByLabel('Gültig bis (Einfahrt)').fill(date);
  for (const days of [1, 2, 3]) await season.getByLabel(`Gesamtpreis für ${days} Tage in Euro`).fill(euros);
  await season.getByLabel('Jeder weitere Tag (€)').fill('5');
  await season.getByRole('button', { name: 'Saison anlegen' }).click();
  await expect(staff.getByRole('status')).toHaveText('Die Saison ist angelegt.');
  return {
    /** deletes the season again (other runs start from the seed's prices) */
    undo: async () => {
      await staff
        .getByRole('region', { name: `Saison ${date} – ${date}` })
        .getByRole('button', { name: 'Saison löschen' })
        .click();
      await expect(staff.getByRole('status')).toHaveText('Die Saison ist gelöscht.');
      await context.close();
    },
  };
}

/** Confirms the watch with the newest confirmation link to `email`. */
async function confirmFromMail(page: Page, email: string) {
  await page.goto(await mailLink(email, '/preisbeobachtung/'));
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'price-watch');
  await expect(page.getByRole('heading', { level: 1, name: 'Preisbeobachtung bestätigen' })).toBeVisible();
  await page.getByRole('button', { name: 'Preisbeobachtung bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preisbeobachtung bestätigt' })).toBeVisible();
}

/** Staff lower the price: one mail with the new price and the one-click headers; its link ends the watch. */
async function dropMailAndUnsubscribe(
  page: Page,
  browser: Browser,
  email: string,
  offer: { tariffId: number },
  date: string,
) {
  const lowered = await staffLowerPrice(browser, offer.tariffId, date, '9,90');
  try {
    await expect.poll(() => dropMailsTo(email).length, { timeout: 30_000 }).toBe(1);
    const [mail] = dropMailsTo(email);
    expect(mail.subject).toContain('Der Preis ist gesunken: jetzt 9,90');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/price-watch\/[\w-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('/buchung/tarife?airport=stuttgart');

    const unsubscribe = /https?:\/\/\S+\/preisbeobachtung\/abmelden\/[\w-]+/.exec(mail.text)![0];
    await page.goto(new URL(unsubscribe).pathname);
    await page.getByRole('button', { name: 'Beobachtung beenden' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Preisbeobachtung beendet' })).toBeVisible();
    await lookAt(page, 'price-watch-unsubscribed');
    // Still one mail: nothing more was sent.
    expect(dropMailsTo(email)).toHaveLength(1);
  } finally {
    await lowered.undo();
  }
}

test.describe('price watch', () => {
  test('with JavaScript: the form answers in place, the link confirms, a lower price sends one mail', async ({
    page,
    browser,
  }) => {
    const email = newEmail('preis-js');
    const stay = stayOf(300);
    await page.goto(stay.url);
    await new AccountPages(page).hydrated();
    const offer = await cheapestOffer(page);
    const form = page.getByRole('region', { name: 'Preis beobachten' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Ihre E-Mail-Adresse').fill('kein-mail');
    await form.getByRole('button', { name: 'Preis beobachten' }).click();
    await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible();
    await form.getByLabel('Ihre E-Mail-Adresse').fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/price-watch'));
    await form.getByRole('button', { name: 'Preis beobachten' }).click();
    expect((await answer).status()).toBe(202);
    await expect(form.getByRole('status')).toContainText('Bitte bestätigen Sie die Preisbeobachtung');
    await lookAt(page, 'price-watch-tariffs');

    await confirmFromMail(page, email);
    await lookAt(page, 'price-watch-confirmed');
    await dropMailAndUnsubscribe(page, browser, email, offer, stay.date);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form posts and comes back with the flash; confirm, one mail, unsubscribe', async ({ page, browser }) => {
      const email = newEmail('preis-ohne-js');
      const stay = stayOf(310);
      await page.goto(stay.url);
      const offer = await cheapestOffer(page);
      const form = page.getByRole('region', { name: 'Preis beobachten' });
      await form.getByLabel('Ihre E-Mail-Adresse').fill('kein-mail');
      await form.getByRole('button', { name: 'Preis beobachten' }).click();
      await expect(page).toHaveURL(/\/preisbeobachtung$/);
      await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible();
      await lookAt(page, 'price-watch-refused');
      await page.getByLabel('Ihre E-Mail-Adresse').fill(email);
      await page.getByRole('button', { name: 'Preis beobachten' }).click();
      await expect(page).toHaveURL(new RegExp(`/buchung/tarife\\?airport=stuttgart`));
      await expect(page.locator('[data-flash="success"]')).toContainText('Fast geschafft');

      await confirmFromMail(page, email);
      await dropMailAndUnsubscribe(page, browser, email, offer, stay.date);
    });
  });

  test('a customer watches their own booking: the mail leads to the change, whose quote has the lower price', async ({
    page,
    browser,
  }) => {
    const account = await signedUpCustomer(page, 'preiswache');
    const stay = { entry: localDateTime(320, '07:30'), exit: localDateTime(322, '21:00') };
    const { reference } = await bookViaApi(page, { ...account, stay });
    // bookViaApi booked the first offer shown for the stay
    const tariffId = Number(await page.locator('article[data-tariff-id]').first().getAttribute('data-tariff-id'));

    await page.goto(`/konto/reservierungen/${reference}`);
    const panel = page.getByRole('region', { name: 'Preis beobachten' });
    await nearbyHydrated(panel.getByRole('button', { name: 'Preis dieser Buchung beobachten' }));
    await panel.getByRole('button', { name: 'Preis dieser Buchung beobachten' }).click();
    await expect(page.locator('[data-flash="success"]')).toContainText('Fast geschafft');
    await expect(panel.getByRole('status')).toHaveText(/Bitte bestätigen Sie die Preisbeobachtung/);
    await lookAt(page, 'price-watch-reservation');
    await confirmFromMail(page, account.email);

    const lowered = await staffLowerPrice(browser, tariffId, stay.entry.slice(0, 10), '9,90');
    try {
      await expect.poll(() => dropMailsTo(account.email).length, { timeout: 30_000 }).toBe(1);
      const [mail] = dropMailsTo(account.email);
      expect(mail.text).toContain(reference);
      const change = new RegExp(`https?://\\S+/konto/reservierungen/${reference}#manage-title`).exec(mail.text);
      expect(change).not.toBeNull();
      await page.goto(new URL(change![0]).pathname);
      await new AccountPages(page).hydrated();
      // the same stay again: the change flow re-prices it at today's (lower) price list
      await page.getByText('Buchung ändern oder stornieren').click();
      await page.getByRole('button', { name: 'Neuen Preis berechnen' }).click();
      await expect(page.locator('[data-manage-new-total]')).toHaveText('9,90 €');
      await lookAt(page, 'price-watch-change-quote');
    } finally {
      await lowered.undo();
    }
  });
});
