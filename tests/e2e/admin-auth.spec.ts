/**
 * The back office's sign-in (issue 15 item 1): an invited member's password and TOTP enrolment on the pages, sign-in
 * with password and a fresh TOTP code, a recovery code that works once, a wrong code refused; with and without
 * JavaScript, in German and English. The only spec that signs in through the pages: the others get their staff
 * session over HTTP (tests/e2e/admin.ts); the first admin's setup link is the setup project's (staff.setup.ts). The
 * guard of every page is tests/integration/admin-guard.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { freshTotpCode, inviteThroughUi, signInAsAdmin, signInWithCode, type StaffCredentials } from './admin.ts';

/** Signs out with the bar's button and lands on the sign-in. */
async function signOut(page: Page, label = 'Abmelden') {
  await page.getByRole('button', { name: label }).click();
  await expect(page).toHaveURL(/\/admin\/anmelden$/);
}

/** The password step of the German sign-in; ends on the code page. */
async function passwordStep(page: Page, who: StaffCredentials) {
  await page.goto('/admin/anmelden');
  await page.getByLabel('E-Mail-Adresse').fill(who.email);
  await page.getByLabel('Passwort', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Bestätigungscode' })).toBeVisible();
}

/** Types a code on the code page and submits it. */
async function submitCode(page: Page, code: string) {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('an admin enrols TOTP and signs in with it', async ({ page }) => {
  const admin = await inviteThroughUi(page, { role: 'admin' });
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mitarbeiter' })).toBeVisible();
  await signOut(page);
  // Signed out, the back office sends to the sign-in and back to the page afterwards.
  await page.goto('/admin/protokoll');
  await expect(page).toHaveURL(/\/admin\/anmelden\?next=%2Fadmin%2Fprotokoll$/);
  await page.getByLabel('E-Mail-Adresse').fill(admin.email);
  await page.getByLabel('Passwort', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await submitCode(page, freshTotpCode(admin));
  await expect(page).toHaveURL(/\/admin\/protokoll$/);
  await expect(page.getByRole('heading', { name: 'Protokoll' })).toBeVisible();
  // The admin's enrolment is in the audit log.
  await expect(page.getByText('staff.totp_enrol').first()).toBeVisible();
});

test('a recovery code works once, a wrong or replayed code is refused', async ({ page }) => {
  const member = await inviteThroughUi(page, { role: 'support' });
  await expect(page.getByRole('link', { name: 'Reservierungen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mitarbeiter' })).toHaveCount(0);
  await signOut(page);

  await passwordStep(page, member);
  await submitCode(page, '000000');
  await expect(page.getByText('Dieser Code stimmt nicht oder wurde schon verwendet.').first()).toBeVisible();
  await submitCode(page, member.recoveryCodes[0]);
  await expect(page).toHaveURL(/\/admin$/);
  await signOut(page);

  await passwordStep(page, member);
  await submitCode(page, member.recoveryCodes[0]);
  await expect(page.getByText('Dieser Code stimmt nicht oder wurde schon verwendet.').first()).toBeVisible();
  // The TOTP code of the step used last is a replay (or by now too old): refused; a fresh one is accepted.
  await submitCode(page, generateSync({ secret: member.secret, epoch: member.lastStep * 30 }));
  await expect(page.getByText('Dieser Code stimmt nicht oder wurde schon verwendet.').first()).toBeVisible();
  await submitCode(page, freshTotpCode(member));
  await expect(page).toHaveURL(/\/admin$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member is invited, enrols and signs in again', async ({ page }) => {
    const member = await inviteThroughUi(page, { role: 'operator' });
    await expect(page.getByRole('link', { name: 'Check-in' })).toBeVisible();
    await signOut(page);
    await signInWithCode(page, member);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test('in English: sign-in, code, sign-out', async ({ page }) => {
  const member = await inviteThroughUi(page, { role: 'support' });
  await page.goto('/en/admin');
  await signOut(page, 'Sign out');
  await page.goto('/en/admin');
  await expect(page).toHaveURL(/\/en\/admin\/anmelden\?next=%2Fen%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('E-mail address or password is wrong.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verification code' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(freshTotpCode(member));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the sign-in, staff and audit pages pass axe at 390 and 1280 px', async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  for (const path of ['/admin/mitarbeiter', '/en/admin/protokoll']) {
    await page.goto(path);
    expect(await axeAtBothWidths(page), path).toEqual(NO_VIOLATIONS);
  }
  const context = await browser.newContext({ baseURL });
  const anonymous = await context.newPage();
  await anonymous.goto('/admin/anmelden');
  expect(await axeAtBothWidths(anonymous), 'sign-in').toEqual(NO_VIOLATIONS);
  await anonymous.goto('/en/admin/einladung/' + 'x'.repeat(43));
  expect(await axeAtBothWidths(anonymous), 'invalid invitation').toEqual(NO_VIOLATIONS);
  await context.close();
});
