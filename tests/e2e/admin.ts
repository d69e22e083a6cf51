/**
 * Back-office sessions for the e2e specs (issue 15; issue 32, decision 0048).
 *
 * The e2e server starts on an empty data directory, so no staff exists: the setup project (`staff.setup.ts`) opens
 * the one-time setup link the server wrote to `<E2E_DATA_DIR>/admin-setup-url` in the browser, creates the first
 * admin, enrols TOTP (codes computed here with otplib from the secret the enrolment page shows) and saves its
 * credentials and cookies in `<E2E_DATA_DIR>/e2e-admin.json`. That admin only invites.
 *
 * Every test that needs the back office gets a member of its own (`signInAsAdmin`, `signInAsStaff`): the first admin
 * invites it over HTTP (the staff page's form, posted with its CSRF token), the member's invitation link is read
 * from its own mail, the password and the TOTP enrolment are posted the same way, and the member's staff cookie goes
 * into the page's browser context. No page is clicked, no TOTP code is ever used twice (a new member has a new
 * secret), so no test waits for the next 30 s step, and two workers never share a member. The sign-in pages
 * themselves are driven through the UI in admin-auth.spec.ts only (`inviteThroughUi`, `signInWithCode`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { mailLink } from './pages.ts';

const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e');
const STATE_FILE = path.join(DATA_DIR, 'e2e-admin.json');
const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3107)}`;
/** The password every e2e staff member gets (long, not a common password). */
const STAFF_PASSWORD = 'Backoffice-Passwort 2026!';

type Role = 'admin' | 'support' | 'operator' | 'accountant';

/** A staff member the tests signed in as: credentials, TOTP secret and the last TOTP step used. */
export type StaffCredentials = {
  email: string;
  password: string;
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
};

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
type AdminState = StaffCredentials & { cookies: Cookies };

/**
 * A TOTP code the server has not seen yet for `who`: the current 30 s step, or the next one when the current was
 * used already (the server accepts ±1 step). Updates `who.lastStep`. Never waits: a test that needs a third code
 * within one step takes a new member instead.
 */
export function freshTotpCode(who: { secret: string; lastStep: number }): string {
  const now = Math.floor(Date.now() / 1000 / 30);
  const step = Math.max(now, who.lastStep + 1);
  if (step > now + 1) throw new Error('both usable TOTP steps of this member are used: take a new member');
  who.lastStep = step;
  return generateSync({ secret: who.secret, epoch: step * 30 });
}

/** A unique address for a new member (workers run at once: no per-process counter). */
function newStaffEmail(role: string): string {
  return `${role}.${Date.now()}.${crypto.randomBytes(4).toString('hex')}@staff.example`;
}

/** Fills the TOTP enrolment page: reads the secret, confirms with a code, keeps the recovery codes, goes on. */
async function enrolTotp(page: Page, email: string, password = STAFF_PASSWORD): Promise<StaffCredentials> {
  await expect(page.getByRole('heading', { name: 'Authenticator-App einrichten' })).toBeVisible();
  const secret = (await page.locator('[data-totp-secret]').getAttribute('data-totp-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const who = { email, password, secret, lastStep: 0, recoveryCodes: [] as string[] };
  await page.getByLabel('Code aus der App').fill(freshTotpCode(who));
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
  await page.getByLabel('Code', { exact: true }).fill(freshTotpCode(who));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/admin\/anmelden/);
}

/** The first admin through the setup link, in the browser, TOTP enrolled; saved for every worker (setup project). */
export async function setUpFirstAdmin(page: Page): Promise<void> {
  const file = path.join(DATA_DIR, 'admin-setup-url');
  await expect.poll(() => fs.existsSync(file), { timeout: 30_000 }).toBe(true);
  const url = new URL(fs.readFileSync(file, 'utf8').trim());
  const email = newStaffEmail('admin');
  await page.goto(url.pathname);
  await page.getByLabel('Name').fill('Erste Administratorin');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(STAFF_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Administrator anlegen' }).click();
  const who = await enrolTotp(page, email);
  const state: AdminState = { ...who, cookies: await page.context().cookies() };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

/** Text of an HTML attribute value as React writes it. */
function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The page's CSRF token (root loader: `<meta name="csrf-token">`) from a page's HTML. */
function csrfOf(html: string): string {
  const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/** GETs a page (for its CSRF token) and posts `fields` to its action as the page's form would; the answer's HTML. */
async function postForm(api: APIRequestContext, pagePath: string, fields: Record<string, string>): Promise<string> {
  const form = await api.get(pagePath);
  expect(form.status(), `GET ${pagePath}`).toBe(200);
  const answer = await api.post(pagePath, {
    form: { _csrf: csrfOf(await form.text()), ...fields },
    headers: { Origin: BASE_URL },
  });
  expect(answer.status(), `POST ${pagePath}`).toBe(200);
  return answer.text();
}

/** An HTTP client signed in as the first admin (the setup project's saved cookies). */
async function firstAdmin(): Promise<APIRequestContext> {
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as AdminState;
  return request.newContext({ baseURL: BASE_URL, storageState: { cookies: state.cookies, origins: [] } });
}

/** The first admin invites a new member of `role` over HTTP (the staff page's form); its address. */
async function invite(options: { role: Role; operator?: string }): Promise<string> {
  const email = newStaffEmail(options.role);
  const admin = await firstAdmin();
  try {
    let operator = '';
    if (options.role === 'operator') {
      const staffPage = await (await admin.get('/admin/mitarbeiter')).text();
      // default: the first company of the invitation form's list
      const select = /name="operator"[^>]*>([\s\S]*?)<\/select>/.exec(staffPage)?.[1] ?? '';
      const first = [...select.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => unescapeHtml(m[1]))[0];
      operator = options.operator ?? first ?? '';
    }
    const html = await postForm(admin, '/admin/mitarbeiter', {
      intent: 'invite',
      email,
      name: `E2E ${options.role}`,
      role: options.role,
      operator,
    });
    expect(html).toContain(`Einladung an ${email} gesendet.`);
  } finally {
    await admin.dispose();
  }
  return email;
}

/**
 * A new member of `role` with its own staff session, made over HTTP: invited by the first admin, password set from
 * the invitation mail's link, TOTP enrolled with a code of its new secret. The member's cookies go into `page`'s
 * browser context (signed in with the second factor). Ends on `/admin` (an accountant, who has no dashboard, on
 * `/admin/buchhaltung`, where `/admin` sends it).
 */
export async function signInAsStaff(page: Page, options: { role: Role; operator?: string }): Promise<StaffCredentials> {
  const email = await invite(options);
  const link = await mailLink(email, '/admin/einladung/');
  const member = await request.newContext({ baseURL: BASE_URL });
  try {
    // The password, then on to the enrolment page (a redirect): its secret, confirmed with a code.
    const enrolment = await postForm(member, link, {
      email,
      password: STAFF_PASSWORD,
      passwordConfirmation: STAFF_PASSWORD,
    });
    const secret = /data-totp-secret="([A-Z2-7]{32})"/.exec(enrolment)?.[1];
    if (!secret) throw new Error(`no TOTP enrolment after the invitation of ${email}`);
    const who: StaffCredentials = { email, password: STAFF_PASSWORD, secret, lastStep: 0, recoveryCodes: [] };
    const codes = await postForm(member, '/admin/anmelden/einrichten', { code: freshTotpCode(who) });
    // Enrolled: the answer shows the ten recovery codes once.
    const list = /<ul aria-label="Wiederherstellungscodes"[^>]*>([\s\S]*?)<\/ul>/.exec(codes)?.[1] ?? '';
    who.recoveryCodes = [...list.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((m) => m[1]);
    expect(who.recoveryCodes, `the TOTP enrolment of ${email}`).toHaveLength(10);
    const { cookies } = await member.storageState();
    await page.context().addCookies(cookies.filter((c) => /eap_staff$/.test(c.name)));
    await page.goto('/admin');
    await expect(page).toHaveURL(options.role === 'accountant' ? /\/admin\/buchhaltung$/ : /\/admin$/);
    return who;
  } finally {
    await member.dispose();
  }
}

/** {@link signInAsStaff} as a new admin of its own. */
export function signInAsAdmin(page: Page): Promise<StaffCredentials> {
  return signInAsStaff(page, { role: 'admin' });
}

/**
 * The same member made through the pages, for the spec of the sign-in pages (admin-auth.spec.ts): the first admin
 * invites it over HTTP, the member opens the invitation mail's link in `page`, sets the password and enrols TOTP on
 * the pages. Ends on `/admin`.
 */
export async function inviteThroughUi(
  page: Page,
  options: { role: Role; operator?: string },
): Promise<StaffCredentials> {
  const email = await invite(options);
  await page.goto(await mailLink(email, '/admin/einladung/'));
  await page.getByLabel('Neues Passwort').fill(STAFF_PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  return enrolTotp(page, email);
}
