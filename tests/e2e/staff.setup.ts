/**
 * The setup project of the e2e suite (playwright.config.ts): the first admin through the one-time setup link and its
 * TOTP enrolment, in the browser, before any spec runs. It only invites the members the specs sign in as
 * (tests/e2e/admin.ts).
 */
import { expect, test as setup } from '@playwright/test';
import { setUpFirstAdmin } from './admin.ts';

setup('the first admin sets up the back office through the setup link and enrols TOTP', async ({ page }) => {
  await setUpFirstAdmin(page);
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
});
