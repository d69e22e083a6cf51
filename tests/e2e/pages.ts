import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { listEml, parseEml } from '../fixtures/eml.ts';

// The e2e server's data directory (playwright.config.ts); the mail worker writes .eml files to its mail/.
const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e'), 'mail');

/** A local `YYYY-MM-DDTHH:mm` `days` from today at `time` (the suite's stays are always in the future). */
export function localDateTime(daysFromToday: number, time: string): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time}`;
}

/** The machine's local time `hours` from now, on the full hour, as `YYYY-MM-DDTHH:mm`. */
export function localHoursFromNow(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

/** Page object of the home page's search form (Hydrogen-style e2e helpers). */
export class SearchPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'index');
  }

  async search(airportLabel: RegExp | string, entry: string, exit: string) {
    const form = this.page.getByRole('form', { name: /Parkplatz suchen|Find parking/ });
    await form
      .getByLabel(/Flughafen|Airport/)
      .selectOption({ label: typeof airportLabel === 'string' ? airportLabel : undefined });
    await form.getByLabel(/Einfahrt|Entry/).fill(entry);
    await form.getByLabel(/Rückkehr|Return/).fill(exit);
    await form.getByRole('button', { name: /Angebote vergleichen|Compare offers/ }).click();
    await expect(this.page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.tariffs');
  }
}

/** Waits for the confirmation mail of `reference` (the worker sends right after booking, else within 30 s). */
export async function confirmationMail(reference: string) {
  let found: ReturnType<typeof parseEml> | null = null;
  await expect
    .poll(
      () => {
        for (const file of listEml(MAIL_DIR).reverse()) {
          const mail = parseEml(fs.readFileSync(file));
          if (mail.subject.includes(reference)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** A fresh account's data (unique e-mail per call). */
export function newAccount(tag: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstname: 'Erika',
    lastname: `Konto${tag}`,
    email: `erika.${tag}.${stamp}@example.org`,
    password: `Fernweh-${stamp}!`,
  };
}
export type Account = ReturnType<typeof newAccount>;

/**
 * A new customer account, signed up over HTTP (the sign-up API with the session and CSRF token of `page`'s context),
 * so `page`'s context is signed in as it. For specs whose subject is not the sign-up: the sign-up and sign-in pages
 * and modals are driven in accounts.spec.ts's first tests.
 */
export async function signedUpCustomer(page: Page, tag: string): Promise<Account> {
  const account = newAccount(tag);
  const home = await page.request.get('/');
  const csrf = /<meta name="csrf-token" content="([^"]*)"/.exec(await home.text())?.[1] ?? '';
  const res = await page.request.post('/api/auth/signup', {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'App-Language': 'de',
      'X-CSRF-TOKEN': csrf,
    },
    data: {
      gender: false,
      firstname: account.firstname,
      lastname: account.lastname,
      email: account.email,
      password: account.password,
      passwordConfirmation: account.password,
      terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Waits for the newest mail to `to` whose text has a link to `pathPrefix` (e.g. `/passwort/`); its path. */
export async function mailLink(to: string, pathPrefix: string): Promise<string> {
  let link: string | null = null;
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+`);
  await expect
    .poll(
      () => {
        for (const file of listEml(MAIL_DIR).reverse()) {
          const mail = parseEml(fs.readFileSync(file));
          if (!(mail.headers.to ?? '').toLowerCase().includes(to.toLowerCase())) continue;
          const match = pattern.exec(mail.text) ?? pattern.exec(mail.html);
          if (match) {
            link = new URL(match[0]).pathname;
            return true;
          }
        }
        return false;
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return link!;
}

/**
 * Waits until React has hydrated the element (islands hydrate one by one from chunks of their own, decision 0019;
 * before that a form posts to the server as without JavaScript). React keeps its props on a hydrated node.
 */
export async function hydratedElement(locator: Locator): Promise<void> {
  await expect.poll(() => isReactManaged(locator)).toBe(true);
}

/** Whether React manages the element yet: it keeps its props on every node it has hydrated or created. */
export function isReactManaged(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')));
}

/**
 * Waits until the page is fully interactive: the client layer is mounted and every island has hydrated (each
 * hydrates from a chunk of its own after the first paint, decisions 0019/0020; a click before that gets the
 * no-JavaScript behaviour: a link navigates, a form posts). Every element React hydrated carries its props.
 * Islands that hydrate only near the viewport (`data-hydrate="visible"`, issue 11) are left out: scroll to one
 * with {@link nearbyHydrated} before using it.
 */
export async function pageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (typeof (window as { eapFlash?: unknown }).eapFlash !== 'function') return false;
    const controls = document.body.querySelectorAll('a, button, input, select, textarea, form');
    return [...controls]
      .filter((el) => !el.closest('[data-hydrate="visible"]'))
      .every((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')));
  });
}

/**
 * Scrolls `locator` into view and waits until React has hydrated it: for the parts of a page that hydrate only as
 * they near the viewport (islands with `whenVisible`, issue 11), as a visitor's scrolling would.
 */
export async function nearbyHydrated(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await hydratedElement(locator);
}

/** Page object of the account modals and pages (issue 8). */
export class AccountPages {
  constructor(readonly page: Page) {}

  /** Waits until the client layer is mounted and the page's islands are hydrated (modals and forms work). */
  async hydrated() {
    await pageHydrated(this.page);
  }

  authenticated() {
    return this.page.locator('meta[name="authenticated"]');
  }

  /** Fills the sign-up fields inside `scope` (the register modal or the /registrieren page). */
  async fillSignUp(scope: ReturnType<Page['locator']>, account: Account, { terms = true } = {}) {
    await scope.getByRole('radio', { name: 'Frau' }).check();
    await scope.getByLabel('Vorname').fill(account.firstname);
    await scope.getByLabel('Nachname').fill(account.lastname);
    await scope.getByLabel('E-Mail-Adresse').fill(account.email);
    await scope.getByLabel('Neues Passwort').fill(account.password);
    await scope.getByLabel('Passwort wiederholen').fill(account.password);
    if (terms) await scope.getByRole('checkbox', { name: /Geschäftsbedingungen/ }).check();
  }

  /** Fills and sends the sign-in fields inside `scope`. */
  async signInWith(scope: ReturnType<Page['locator']>, email: string, password: string) {
    await scope.getByLabel('E-Mail-Adresse').fill(email);
    await scope.getByLabel('Passwort', { exact: true }).fill(password);
    await scope.getByRole('button', { name: 'Anmelden' }).click();
  }

  /** Signs in through the login modal opened by `/#login` (JavaScript). */
  async signInByModal(email: string, password: string) {
    await this.page.goto('/#login');
    await this.hydrated();
    const dialog = this.page.getByRole('dialog', { name: 'Anmelden' });
    await expect(dialog).toBeVisible();
    await this.signInWith(dialog, email, password);
    await expect(dialog).toBeHidden();
    await expect(this.authenticated()).toHaveAttribute('content', '1');
  }

  /** Signs in through the /anmelden page (works with and without JavaScript). */
  async signInByPage(email: string, password: string, path = '/anmelden') {
    await this.page.goto(path);
    await this.signInWith(this.page.locator('[data-page-form="signin"]'), email, password);
  }

  /** Opens the header's account dropdown and signs out (JavaScript). */
  async signOutByMenu(firstname: string) {
    await this.page.getByRole('button', { name: new RegExp(firstname) }).click();
    await this.page.locator('[data-dropdown="account-menu"]').getByRole('button', { name: 'Abmelden' }).click();
    await expect(this.page.locator('[data-flash="info"]', { hasText: 'Abgemeldet' })).toBeVisible();
    await expect(this.authenticated()).toHaveAttribute('content', '0');
  }
}

/** Who books and what differs from the defaults (stay in days from today, persons, licence plate, salutation). */
type Booker = {
  firstname: string;
  lastname: string;
  email: string;
  gender?: boolean;
  licensePlate?: string;
  personCount?: number;
  /** default `on_site` */
  paymentType?: 'on_site' | 'invoice' | 'online';
  /** entry and exit as days from today (local 07:30 and 21:00) */
  days?: [number, number];
  /** entry and exit as local `YYYY-MM-DDTHH:mm` (instead of `days`) */
  stay?: { entry: string; exit: string };
  /** the return flight's number (issue 35), default none */
  returnFlightNumber?: string;
  /** a coupon code to redeem; default none */
  couponCode?: string;
  /** the tariff category of the offer booked (the first offer of that list); default the first offer shown */
  category?: 'shuttle' | 'valet' | 'terminal';
};

/**
 * Books like the browser does (cart, then the checkout body of DESIGN §5) with the page's session and CSRF
 * token; works with JavaScript disabled (requests, not the form). Returns the reference and the redirect.
 */
export async function bookViaApi(page: Page, who: Booker): Promise<{ reference: string; redirect: string }> {
  const [entryDays, exitDays] = who.days ?? [45, 48];
  const entry = who.stay?.entry ?? localDateTime(entryDays, '07:30');
  const exit = who.stay?.exit ?? localDateTime(exitDays, '21:00');
  await page.goto(`/buchung/tarife?airport=frankfurt&entry=${entry}&exit=${exit}`);
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const offer = page
    .locator(
      who.category ? `article[data-tariff-id][data-tariff-category="${who.category}"]` : 'article[data-tariff-id]',
    )
    .first();
  const tariffId = Number(await offer.getAttribute('data-tariff-id'));
  const airportId = Number(await offer.locator('input[name="airportId"]').inputValue());
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'App-Language': 'de',
    'X-CSRF-TOKEN': csrf,
  };
  const cart = await page.request.post('/api/checkout/cart', {
    headers,
    data: { airportId, tariffId, entryTime: entry, exitTime: exit },
  });
  expect(cart.status()).toBe(200);
  const res = await page.request.post('/api/checkout', {
    headers,
    data: {
      entryTime: entry,
      exitTime: exit,
      personCount: who.personCount ?? 1,
      childrenSeat: 0,
      bulkyBaggage: '',
      licensePlate: who.licensePlate ?? '',
      ...(who.returnFlightNumber ? { returnFlightNumber: who.returnFlightNumber } : {}),
      gender: who.gender ?? false,
      firstname: who.firstname,
      lastname: who.lastname,
      email: who.email,
      phoneRegionCode: 'DE',
      phonePrefix: '+49',
      phoneNumber: '1701234567',
      company: '',
      street: 'Musterweg',
      streetNumber: '5',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
      billIsDifferent: false,
      paymentType: who.paymentType ?? 'on_site',
      couponCode: who.couponCode ?? '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { reference: body.reservation.reference as string, redirect: body.redirect as string };
}

/**
 * Full-page screenshots at 390 and 1280 px (the viewport restored after) as `<E2E_SCREENSHOTS>/<name>-<width>.png`, for
 * a person looking at pages only a test reaches (a checkout step, a refusal); `asIs`: one shot of the viewport as it
 * is. Nothing when E2E_SCREENSHOTS is unset, as in `npm test`: a screenshot checks nothing and costs a core's second
 * (decision 0050). Pages reached by a URL: `node scripts/screenshots.js`.
 */
export async function lookAt(page: Page, name: string, { asIs = false } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  if (asIs) {
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`) });
    return;
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}
