/**
 * Back-office page objects for the e2e specs (issue 15): `signInAsAdmin(page)` and `signInAsStaff(page, {role})`.
 *
 * The e2e server starts on an empty data directory, so no staff exists: the first `signInAsAdmin` opens the
 * one-time setup link the server wrote to `<E2E_DATA_DIR>/admin-setup-url`, creates the admin, enrols TOTP (codes
 * computed here with otplib from the secret the enrolment page shows) and saves credentials, TOTP secret, the last
 * used TOTP step and the staff cookie in `<E2E_DATA_DIR>/e2e-admin.json` (the data directory is new per server run,
 * so nothing of an older run is reused). Later calls put the saved cookie into the page's context; only when that
 * session has ended (idle 30 min) do they sign in again with password and a fresh code (never a replayed step).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { mailLink } from './pages.ts';

const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e');
const STATE_FILE = path.join(DATA_DIR, 'e2e-admin.json');
const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3107)}`;
/** The password every e2e staff member gets (long, not a common password). */
const STAFF_PASSWORD = 'Backoffice-Passwort 2026!';

/** A staff member the tests signed in as: credentials, TOTP secret and the last TOTP step used. */
export type StaffCredentials = {
  email: string;
  password: string;
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
};

type AdminState = StaffCredentials & { cookies: Awaited<ReturnType<BrowserContext['cookies']>> };

function readState(): AdminState | null {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as AdminState;
  } catch {
    return null;
  }
}

function writeState(state: AdminState): void {
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

/**
 * A TOTP code the server has not seen yet for `who`: the current 30 s step, or the next one when the current was
 * used already (the server accepts ±1 step); waits only when even that is used. Updates `who.lastStep`.
 */
export async function freshTotpCode(who: { secret: string; lastStep: number }): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = Math.max(now, who.lastStep + 1);
    if (step <= now + 1) {
      who.lastStep = step;
      return generateSync({ secret: who.secret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, ((step - 1) * 30 + 1) * 1000 - Date.now()));
  }
}

/** Fills the TOTP enrolment page: reads the secret, confirms with a code, keeps the recovery codes, goes on. */
async function enrolTotp(page: Page, email: string, password: string): Promise<StaffCredentials> {
  await expect(page.getByRole('heading', { name: 'Authenticator-App einrichten' })).toBeVisible();
  const secret = (await page.locator('[data-totp-secret]').getAttribute('data-totp-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const who = { email, password, secret, lastStep: 0, recoveryCodes: [] as string[] };
  await page.getByLabel('Code aus der App').fill(await freshTotpCode(who));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  const list = page.getByRole('list', { name: 'Wiederherstellungscodes' });
  await expect(list).toBeVisible();
  who.recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  expect(who.recoveryCodes).toHaveLength(10);
  await page.getByRole('link', { name: 'Weiter zum Backoffice' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return who;
}

/**
 * Signs in with e-mail, password and a fresh TOTP code on the German sign-in page (`/admin/anmelden`).
 * Ends on `/admin` (or the page of `next`).
 */
export async function signInWithCode(page: Page, who: StaffCredentials, path = '/admin/anmelden'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-Mail-Adresse').fill(who.email);
  await page.getByLabel('Passwort', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Bestätigungscode' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await freshTotpCode(who));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/admin\/anmelden/);
}

/** Creates the first admin through the setup link and enrols TOTP (first call of a run). */
async function setUpAdmin(page: Page): Promise<AdminState> {
  const file = path.join(DATA_DIR, 'admin-setup-url');
  await expect.poll(() => fs.existsSync(file), { timeout: 30_000 }).toBe(true);
  const url = new URL(fs.readFileSync(file, 'utf8').trim());
  const email = `admin.${Date.now()}@staff.example`;
  await page.goto(url.pathname);
  await page.getByLabel('Name').fill('Erste Administratorin');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(STAFF_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Administrator anlegen' }).click();
  const who = await enrolTotp(page, email, STAFF_PASSWORD);
  return { ...who, cookies: await page.context().cookies() };
}

/**
 * Signs `page`'s browser context in as the run's admin (creating it through the setup link on the first call)
 * and returns its credentials. Ends on `/admin`.
 */
export async function signInAsAdmin(page: Page): Promise<StaffCredentials> {
  let state = readState();
  if (!state) {
    state = await setUpAdmin(page);
  } else {
    const staffCookies = state.cookies.filter((c) => /eap_staff$/.test(c.name));
    await page.context().addCookies(staffCookies);
    await page.goto('/admin');
    if (/\/admin\/anmelden/.test(page.url())) await signInWithCode(page, state);
  }
  await expect(page).toHaveURL(/\/admin$/);
  state.cookies = await page.context().cookies();
  writeState(state);
  return state;
}

/** Records a TOTP step or recovery code the admin used outside these helpers (specs that sign in by hand). */
export function saveAdminCredentials(who: StaffCredentials): void {
  const state = readState();
  if (state) writeState({ ...state, lastStep: who.lastStep, recoveryCodes: who.recoveryCodes });
}

let counter = 0;

/**
 * Signs `page`'s context in as a new member of `role` (for operator: `operator`, default the first company in the
 * invitation form): the admin invites it in a context of its own, the member opens the invitation mail's link,
 * sets the password and enrols TOTP. Ends on `/admin`.
 */
export async function signInAsStaff(
  page: Page,
  options: { role: 'admin' | 'support' | 'operator'; operator?: string },
): Promise<StaffCredentials> {
  counter += 1;
  const email = `${options.role}.${Date.now()}.${counter}@staff.example`;
  const browser = page.context().browser();
  if (!browser) throw new Error('signInAsStaff needs a browser context of its own for the admin');
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/mitarbeiter');
    const form = admin.locator('[data-page-form="staff-invite"]');
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Name', { exact: true }).fill(`E2E ${options.role} ${counter}`);
    await form.getByLabel('Rolle', { exact: true }).selectOption(options.role);
    if (options.role === 'operator') {
      const select = form.getByLabel(/Betreiberfirma/);
      if (options.operator) await select.selectOption(options.operator);
      else await select.selectOption({ index: 1 });
    }
    await form.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(admin.getByText(`Einladung an ${email} gesendet.`)).toBeVisible();
  } finally {
    await adminContext.close();
  }
  await page.goto(await mailLink(email, '/admin/einladung/'));
  await page.getByLabel('Neues Passwort').fill(STAFF_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  return enrolTotp(page, email, STAFF_PASSWORD);
}
