/**
 * Issue 10: the newsletter's double opt-in from the footer (with and without JavaScript) to the confirmed
 * subscription, and the locked-airport notification: Kassel's form stores the requests, then
 * `npm run airport -- unlock kassel` (run twice at once and once more, against this running server) sends exactly
 * one mail per request. Kassel is locked again at the end: other specs expect it locked.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { listEml, parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { AccountPages, localDateTime, mailLink } from './pages.ts';

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR!;
const MAIL_DIR = path.join(DATA_DIR, 'mail');

/** A fresh address per call. */
const newEmail = (tag: string) => `${tag}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.org`;

/** `npm run airport -- <action> kassel` against the e2e server (its DATA_DIR holds the admin token). */
async function airport(action: 'lock' | 'unlock') {
  const env = { ...process.env, DATA_DIR, DATABASE_URL: '' };
  const { stdout } = await run(process.execPath, ['scripts/airport.js', action, 'kassel'], { env, timeout: 60_000 });
  return stdout;
}

/** The delivered mails to `to` of a kind (the `X-Mail-Kind` header). */
function mailsTo(to: string, kind: string): ParsedMail[] {
  return listEml(MAIL_DIR)
    .map((file) => parseEml(fs.readFileSync(file)))
    .filter((m) => m.headers['x-mail-kind'] === kind && (m.headers.to ?? '').toLowerCase().includes(to));
}

/** Opens the confirmation link of the newest newsletter mail to `email` and confirms with the button. */
async function confirmFromMail(page: Page, email: string, texts: { title: string; button: string; done: string }) {
  const link = await mailLink(email, '/newsletter/');
  await page.goto(link);
  await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'newsletter.confirm');
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await page.getByRole('button', { name: texts.button }).click();
  await expect(page.getByRole('heading', { level: 2, name: texts.done })).toBeVisible();
}

test.describe('newsletter sign-up in the footer', () => {
  test('with JavaScript: the API answers in place, the mail link confirms (English)', async ({ page }) => {
    const email = newEmail('leser');
    await page.goto('/en/parkplatz');
    await new AccountPages(page).hydrated();
    const form = page.getByRole('form', { name: 'Newsletter' });
    await expect(form).toContainText('I can withdraw my consent at any time');
    await form.getByLabel('Email for the newsletter').fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await form.getByLabel('Email for the newsletter').fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await form.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
    expect((await answer).status()).toBe(202);
    await expect(page.getByRole('status').filter({ hasText: 'Please confirm your subscription' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/parkplatz$/);

    expect(await mailLink(email, '/en/newsletter/')).toMatch(/^\/en\/newsletter\/[A-Za-z0-9_-]{43}$/);
    await confirmFromMail(page, email, {
      title: 'Confirm your newsletter subscription',
      button: 'Confirm subscription',
      done: 'Subscription confirmed',
    });
    await expect(page.getByText('From now on you will receive our newsletter.')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form posts, comes back with a flash message, and the mail link confirms', async ({ page }) => {
      const email = newEmail('ohne-js');
      await page.goto('/parkplatz/hamburg');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.getByLabel('E-Mail für den Newsletter').fill(email);
      await form.getByRole('button', { name: 'Newsletter abonnieren' }).click();
      await expect(page).toHaveURL(/\/parkplatz\/hamburg$/);
      await expect(page.locator('[data-flash="success"]')).toContainText('Fast geschafft');

      await confirmFromMail(page, email, {
        title: 'Newsletter-Anmeldung bestätigen',
        button: 'Anmeldung bestätigen',
        done: 'Anmeldung bestätigt',
      });
      // the link works once; a second click says so
      await page.getByRole('link', { name: 'Zur Startseite' }).click();
      await page.goto(await mailLink(email, '/newsletter/'));
      await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
      await expect(page.getByText('Ihre Anmeldung war bereits bestätigt.')).toBeVisible();
    });

    test('a malformed address shows the newsletter page with the message and the value', async ({ page }) => {
      await page.goto('/parkplatz');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.getByLabel('E-Mail für den Newsletter').fill('kein-mail');
      await form.getByRole('button', { name: 'Newsletter abonnieren' }).click();
      await expect(page).toHaveURL(/\/newsletter$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Newsletter abonnieren' })).toBeVisible();
      const pageForm = page.locator('[data-newsletter-form="page"]');
      await expect(pageForm.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible();
      await expect(pageForm.getByLabel('E-Mail für den Newsletter')).toHaveValue('kein-mail');
    });
  });
});

test.describe('locked airport: notification when it opens', () => {
  test.afterAll(async () => {
    expect(await airport('lock')).toContain('Airport kassel');
  });

  test('two requests, three unlock runs (two at once): exactly one mail each', async ({ page, browser }) => {
    const tariffs = `/buchung/tarife?airport=kassel&entry=${localDateTime(20, '08:00')}&exit=${localDateTime(24, '18:00')}`;
    const withJs = newEmail('kassel-js');
    const withoutJs = newEmail('kassel-ohne-js');

    await page.goto(tariffs);
    await new AccountPages(page).hydrated();
    const form = page.getByRole('form', { name: 'Benachrichtigung erhalten' });
    await form.getByLabel('E-Mail-Adresse').fill(withJs);
    await form.getByRole('button', { name: 'Benachrichtigen' }).click();
    await expect(page.getByText('Wir schreiben Ihnen, sobald dieser Flughafen wieder buchbar ist.')).toBeVisible();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(tariffs);
    const plainForm = plain.getByRole('form', { name: 'Benachrichtigung erhalten' });
    await plainForm.getByLabel('E-Mail-Adresse').fill(withoutJs);
    await plainForm.getByRole('button', { name: 'Benachrichtigen' }).click();
    await expect(plain.getByText('Wir schreiben Ihnen, sobald dieser Flughafen wieder buchbar ist.')).toBeVisible();
    await noJs.close();

    const [first, second] = await Promise.all([airport('unlock'), airport('unlock')]);
    const third = await airport('unlock');
    const sent = [first, second, third].map((out) => Number(/(\d+) notification mails? sent/.exec(out)?.[1]));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(third).toContain('was already unlocked; 0 notification mails sent');

    // Each unlock run delivers its mails before it answers: all three have answered, so a second mail would be
    // written already.
    expect(mailsTo(withJs, 'airport_open')).toHaveLength(1);
    expect(mailsTo(withoutJs, 'airport_open')).toHaveLength(1);
    const [mail] = mailsTo(withJs, 'airport_open');
    expect(mail.subject).toContain('Flughafen Kassel ist wieder buchbar');
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/parkplatz\/kassel/);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/airport-alert\/\w+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Bookable now: the airport page and the tariffs page no longer show the lock.
    await page.goto(tariffs);
    await expect(page.locator('[data-airport-locked]')).toHaveCount(0);

    // The mail's unsubscribe link: a page with one button.
    const unsubscribe = /https?:\/\/\S+\/benachrichtigung\/abmelden\/\w+/.exec(mail.text)![0];
    await page.goto(new URL(unsubscribe).pathname);
    await page.getByRole('button', { name: 'Benachrichtigungen abbestellen' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Benachrichtigungen abbestellt' })).toBeVisible();
  });
});
