/**
 * Accounts (issue 8): register, verify, sign out, sign in, lost password, the account area and booking while
 * signed in; with JavaScript (modals, API) and without (the pages' forms).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  AccountPages,
  bookViaApi,
  localDateTime,
  mailLink,
  newAccount,
  SearchPage,
  signedUpCustomer,
} from './pages.ts';

type DataLayerEntry = {
  event?: string;
  ecommerce?: { checkout?: { actionField?: { step?: number; option?: string } } };
};

/** Search → first Frankfurt offer → the booking page (a fresh cart), from `daysAhead`. */
async function openBooking(page: Page, daysAhead: number) {
  const search = new SearchPage(page);
  await search.open();
  const cookieBar = page.locator('[data-cookie-bar]');
  if (await cookieBar.isVisible()) await cookieBar.getByRole('button', { name: 'Nur notwendige' }).click();
  await search.search(
    'Flughafen Frankfurt (FRA)',
    localDateTime(daysAhead, '08:00'),
    localDateTime(daysAhead + 3, '18:00'),
  );
  await page
    .locator('article[data-tariff-id]')
    .first()
    .getByRole('button', { name: /Buchen/ })
    .click();
  await expect(page).toHaveURL(/\/buchung$/);
  await expect(page.locator('[data-step-submit]')).toBeEnabled();
}

test.describe('accounts with JavaScript', () => {
  test('register via /#registrieren → registered modal → signed in; verify the e-mail; sign out; sign in via /#login', async ({
    page,
  }) => {
    const account = newAccount('js');
    const ui = new AccountPages(page);
    await page.goto('/#registrieren');
    await ui.hydrated();
    const dialog = page.getByRole('dialog', { name: 'Registrieren' });
    await expect(dialog).toBeVisible();

    // Terms not accepted: refused in the browser, the tick box's message is announced; newsletter starts unticked.
    await ui.fillSignUp(dialog, account, { terms: false });
    await expect(dialog.getByRole('checkbox', { name: /Newsletter/ })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(dialog.locator('[data-field-error="terms"]')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Geschäftsbedingungen/ }).check();
    const csrfBefore = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    await dialog.getByRole('button', { name: 'Konto anlegen' }).click();

    await expect(page.getByRole('dialog', { name: 'Registrierung erfolgreich' })).toBeVisible();
    await expect(ui.authenticated()).toHaveAttribute('content', '1');
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).not.toBe(csrfBefore);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: new RegExp(account.firstname) })).toBeVisible();

    // The verification link of the mail: a page with a confirm button (POST).
    const verify = await mailLink(account.email, '/konto/bestaetigen/');
    await page.goto(verify);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.locator('[data-flash="success"]', { hasText: 'bestätigt' })).toBeVisible();

    // Sign out from a normal page: stays, info flash, the header offers sign-in again.
    await page.goto('/parkplatz');
    await ui.hydrated();
    await ui.signOutByMenu(account.firstname);
    await expect(page).toHaveURL(/\/parkplatz$/);
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

    // Wrong password: one message; then the right one via /#login.
    await page.goto('/#login');
    await ui.hydrated();
    const login = page.getByRole('dialog', { name: 'Anmelden' });
    await ui.signInWith(login, account.email, 'falsch-falsch-falsch');
    await expect(login.locator('[data-field-error="login"]')).toBeVisible();
    await ui.signInWith(login, account.email, account.password);
    await expect(login).toBeHidden();
    await expect(ui.authenticated()).toHaveAttribute('content', '1');
    await expect(page.locator('[data-flash="success"]', { hasText: account.firstname })).toBeVisible();
  });

  test('lost password → mail → new password works, the old one does not, old sessions end', async ({
    page,
    browser,
  }) => {
    const account = newAccount('lost');
    const ui = new AccountPages(page);
    // An account and a second, signed-in browser.
    await page.goto('/registrieren');
    await ui.fillSignUp(page.locator('[data-page-form="signup"]'), account);
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(ui.authenticated()).toHaveAttribute('content', '1');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const otherUi = new AccountPages(otherPage);
    await otherUi.signInByModal(account.email, account.password);
    await ui.hydrated();
    await ui.signOutByMenu(account.firstname);

    // Forgot password from the login modal.
    await page.goto('/#login');
    await ui.hydrated();
    await page.getByRole('dialog', { name: 'Anmelden' }).getByRole('button', { name: 'Passwort vergessen?' }).click();
    const lost = page.getByRole('dialog', { name: 'Passwort vergessen' });
    await lost.getByLabel('E-Mail-Adresse').fill(account.email);
    await lost.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(lost.getByRole('status')).toBeVisible();

    const reset = await mailLink(account.email, '/passwort/');
    const newPassword = `${account.password}-neu`;
    await page.goto(reset);
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort wiederholen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page).toHaveURL(/\/anmelden$/);
    await expect(page.locator('[data-flash="success"]', { hasText: 'neues Passwort' })).toBeVisible();

    // The link is single-use.
    await page.goto(reset);
    await page.getByLabel('Neues Passwort').fill(`${newPassword}-2`);
    await page.getByLabel('Passwort wiederholen').fill(`${newPassword}-2`);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.locator('[data-form-message]')).toBeVisible();

    // Old password refused, new one accepted.
    await ui.signInByPage(account.email, account.password);
    await expect(page.locator('[data-field-error="login"]')).toBeVisible();
    await ui.signInByPage(account.email, newPassword);
    await expect(page).toHaveURL(/\/konto$/);
    await expect(ui.authenticated()).toHaveAttribute('content', '1');

    // The other browser's session is gone.
    await otherPage.goto('/parkplatz');
    await expect(otherUi.authenticated()).toHaveAttribute('content', '0');
    await other.close();
  });
});

test.describe('account area', () => {
  test('book while signed in (prefill, save the address, "logged in"), find it in the account, sign out on checkout and account pages', async ({
    page,
    browser,
  }) => {
    const account = await signedUpCustomer(page, 'book');
    const ui = new AccountPages(page);
    await page.goto('/konto');
    await expect(page.getByText('Keine bevorstehenden Reservierungen.')).toBeVisible();

    // Step 2 starts with the account's name and e-mail; the address is saved back.
    await openBooking(page, 50);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeVisible();
    await expect(page.getByLabel('Vorname', { exact: true })).toHaveValue(account.firstname);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(account.email);
    await expect(page.getByRole('radio', { name: 'Frau' })).toBeChecked();
    await page.getByLabel('Straße', { exact: true }).fill('Kontoweg');
    await page.getByLabel('Hausnummer', { exact: true }).fill('7');
    await page.getByLabel('PLZ', { exact: true }).fill('60311');
    await page.getByLabel('Ort', { exact: true }).fill('Frankfurt am Main');
    await page.getByLabel('Telefonnummer', { exact: true }).fill('170 7654321');
    await page.getByRole('checkbox', { name: 'Diese Adresse in meinem Konto speichern' }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('radio', { name: /Rechnung/ }).check();
    const layer = (await page.evaluate(
      () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
    )) as DataLayerEntry[];
    const step2 = layer.find((e) => e.event === 'checkout' && e.ecommerce?.checkout?.actionField?.step === 2);
    expect(step2?.ecommerce?.checkout?.actionField?.option).toBe('logged in');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/profile'));
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}/);
    const reference = /\/reservierung\/([0-9A-Z]{8})/.exec(page.url())![1];

    // The account lists it; its page shows the reservation in the resized frame.
    await page.goto('/konto');
    await expect(page.getByLabel('Straße')).toHaveValue('Kontoweg');
    await page.getByRole('link', { name: `Reservierung ${reference} ansehen` }).click();
    await expect(page).toHaveURL(new RegExp(`/konto/reservierungen/${reference}$`));
    const frame = page.frameLocator('iframe[data-document-frame]');
    await expect(frame.locator('[data-reference]')).toHaveText(reference);
    await expect(page.locator('iframe[data-document-frame]')).toHaveAttribute('data-sized', 'true');
    const frameBox = await page.locator('iframe[data-document-frame]').boundingBox();
    expect(frameBox!.height).toBeGreaterThan(400);

    // Its voucher page (issue 9): the owner's document in the frame, and the PDF download.
    await page
      .getByRole('region', { name: 'Ihre Dokumente' })
      .getByRole('link', { name: 'Ansehen: Parkschein' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/konto/reservierungen/${reference}/pdf$`));
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'user.reservation.pdf');
    await expect(frame.locator('[data-reference]')).toHaveText(reference);
    const voucherHref = await page.getByRole('link', { name: /PDF herunterladen/ }).getAttribute('href');
    expect(voucherHref).toBe(`/konto/reservierungen/${reference}/download/Parkschein-${reference}.pdf`);
    expect((await page.request.get(voucherHref!)).headers()['content-type']).toBe('application/pdf');
    await page.goto(`/konto/reservierungen/${reference}`);

    // Another user gets a 404 for that reference; signed out, the sign-in page.
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await signedUpCustomer(stranger, 'stranger');
    expect((await stranger.goto(`/konto/reservierungen/${reference}`))?.status()).toBe(404);
    expect((await stranger.goto(`/konto/reservierungen/${reference}/dokument`))?.status()).toBe(404);
    for (const path of ['pdf', 'rechnung', 'dokument/parkschein', `download/Parkschein-${reference}.pdf`]) {
      expect((await stranger.request.get(`/konto/reservierungen/${reference}/${path}`)).status(), path).toBe(404);
    }
    await strangerContext.close();

    // The next booking starts with the saved address; signing out there stays on the page.
    await openBooking(page, 60);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByLabel('Straße', { exact: true })).toHaveValue('Kontoweg');
    await ui.signOutByMenu(account.firstname);
    await expect(page).toHaveURL(/\/buchung$/);

    // Signed in again on the account page, signing out goes to the root.
    await ui.signInByPage(account.email, account.password, '/anmelden?redirect=/konto');
    await expect(page).toHaveURL(/\/konto$/);
    await ui.hydrated();
    await ui.signOutByMenu(account.firstname);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/konto');
    await expect(page).toHaveURL(/\/anmelden\?redirect=%2Fkonto$/);
  });

  test('profile, password, e-mail change, export and deletion on the account page', async ({ page }) => {
    const account = await signedUpCustomer(page, 'area');
    const ui = new AccountPages(page);
    await page.goto('/konto');

    const profile = page.locator('[data-page-form="profile"]');
    await profile.getByLabel('Nachname').fill('Umbenannt');
    await profile.getByRole('button', { name: 'Daten speichern' }).click();
    await expect(page.locator('[data-flash="success"]', { hasText: 'gespeichert' })).toBeVisible();
    await expect(page.getByText('Hallo Erika Umbenannt')).toBeVisible();

    const password = page.locator('[data-page-form="password"]');
    await password.getByLabel('Aktuelles Passwort').fill('falsch-falsch');
    await password.getByLabel('Neues Passwort').fill(`${account.password}-2`);
    await password.getByLabel('Passwort wiederholen').fill(`${account.password}-2`);
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.locator('[data-field-error="currentPassword"]')).toBeVisible();
    await password.getByLabel('Aktuelles Passwort').fill(account.password);
    await password.getByLabel('Neues Passwort').fill(`${account.password}-2`);
    await password.getByLabel('Passwort wiederholen').fill(`${account.password}-2`);
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.locator('[data-flash="success"]', { hasText: 'Passwort ist geändert' })).toBeVisible();

    const newEmail = `neu.${account.email}`;
    const email = page.locator('[data-page-form="email"]');
    await email.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await email.getByLabel('Passwort').fill(`${account.password}-2`);
    await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(page.locator('[data-flash="info"]', { hasText: newEmail })).toBeVisible();
    await page.goto(await mailLink(newEmail, '/konto/bestaetigen/'));
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.getByText(`Aktuelle Adresse: ${newEmail}`)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Daten herunterladen (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);

    const remove = page.locator('[data-page-form="delete"]');
    await remove.getByLabel('Passwort').fill(`${account.password}-2`);
    await remove.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-flash="info"]', { hasText: 'gelöscht' })).toBeVisible();
    await expect(ui.authenticated()).toHaveAttribute('content', '0');
    await ui.signInByPage(newEmail, `${account.password}-2`);
    await expect(page.locator('[data-field-error="login"]')).toBeVisible();
  });
});

test.describe('accounts without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register, verify, sign out, sign in, lost password on the pages', async ({ page }) => {
    const account = newAccount('nojs');
    const ui = new AccountPages(page);

    // The header's login link leads to the page.
    await page.goto('/');
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/anmelden$/);
    await page.getByRole('link', { name: 'Jetzt registrieren' }).click();
    await expect(page).toHaveURL(/\/registrieren$/);

    const form = page.locator('[data-page-form="signup"]');
    await ui.fillSignUp(form, { ...account, password: 'kurz' });
    await form.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(page.locator('[data-field-error="password"]')).toBeVisible();
    await ui.fillSignUp(form, account);
    await form.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(page).toHaveURL(/\/konto$/);
    await expect(page.locator('[data-flash="success"]', { hasText: account.firstname })).toBeVisible();
    await expect(ui.authenticated()).toHaveAttribute('content', '1');

    await page.goto(await mailLink(account.email, '/konto/bestaetigen/'));
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.locator('[data-flash="success"]', { hasText: 'bestätigt' })).toBeVisible();

    // A booking made while signed in is in the account; its page shows it in the frame (fixed height).
    const { reference } = await bookViaApi(page, account);
    await page.goto('/konto');
    await page.getByRole('link', { name: `Reservierung ${reference} ansehen` }).click();
    await expect(page.frameLocator('iframe[data-document-frame]').locator('[data-reference]')).toHaveText(reference);

    // Lost password without JavaScript (signed out first, via the account page).
    await page.goto('/konto');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-flash="info"]', { hasText: 'Abgemeldet' })).toBeVisible();
    await expect(ui.authenticated()).toHaveAttribute('content', '0');

    await page.goto('/passwort-vergessen');
    await page.getByLabel('E-Mail-Adresse').fill(account.email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page).toHaveURL(/\/anmelden$/);
    await expect(page.locator('[data-flash="info"]')).toBeVisible();
    const newPassword = `${account.password}-neu`;
    await page.goto(await mailLink(account.email, '/passwort/'));
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort wiederholen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page).toHaveURL(/\/anmelden$/);

    await ui.signInByPage(account.email, account.password);
    await expect(page.locator('[data-field-error="login"]')).toBeVisible();
    await ui.signInByPage(account.email, newPassword, '/anmelden?redirect=/parkplatz');
    await expect(page).toHaveURL(/\/parkplatz$/);
    await expect(ui.authenticated()).toHaveAttribute('content', '1');
  });
});
