// `npm run audit:security` (issue 14, "Supply chain"): sqlmap (the Debian package, /usr/bin/sqlmap) against the
// production build on loopback, on every endpoint and page form that takes input: the JSON API's bodies, query
// strings and path parameters, and the pages' no-JavaScript forms and query strings.
//
// sqlmap talks to a small local proxy in this script, never to the shop directly. For every request the proxy opens
// a FRESH session (its own cookie and CSRF token, from a random client address: the server trusts X-Forwarded-For
// from loopback, TRUST_PROXY=loopback, so the per-IP limits do not answer 429 to the scanner) and prepares what the
// endpoint needs before it looks at its fields (a cart for the checkout, guest access for a reservation, a signed-in
// user for the account, a signed-in staff member for the back office): otherwise a CSRF, session or "no cart" check
// would answer before any parameter reaches the database and hide it from the test. The staff member is the first
// admin, created through the setup link the server writes at boot, enrolled with a TOTP code computed here (otplib);
// its recovery codes sign in a few more sessions, used in turn. The proxy adds the headers of SPEC §7 (X-Requested-With, X-CSRF-TOKEN) to API
// calls and `_csrf` plus Origin to page forms. Every 5xx the shop answers counts as a finding too.
//
// Starts the shop on a throw-away PGlite data dir (AUDIT_DATABASE_URL: a PostgreSQL database instead) on
// AUDIT_PORT (default 3421; the proxy on the next port). AUDIT_ONLY=<substring> runs the targets whose name
// contains it. Writes bench/results/security-audit.md and exits 1 when a parameter is injectable or a 5xx was seen.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

const PORT = Number(process.env.AUDIT_PORT ?? 3421);
const PROXY_PORT = PORT + 1;
const APP = `http://127.0.0.1:${PORT}`;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const SQLMAP = process.env.SQLMAP ?? '/usr/bin/sqlmap';
const SECRET = crypto.randomBytes(32).toString('hex');
const LEVEL = process.env.AUDIT_LEVEL ?? '1';
const RISK = process.env.AUDIT_RISK ?? '1';
const REPORT = 'bench/results/security-audit.md';

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ENTRY = `${day(30)}T08:00`;
const EXIT = `${day(37)}T18:00`;
const GUEST = { email: 'audit.guest@example.com', firstname: 'Erika', lastname: 'Mustermann' };
const USER = { email: 'audit.user@example.com', password: 'Kirschbaum-Allee-7-audit' };
const STAFF = { name: 'Audit Admin', email: 'audit.admin@staff.example', password: 'Lindenhof-Weg-12-audit' };

/** Travel, billing and payment fields of a valid guest booking (the checkout's flat body, DESIGN §5). */
function bookingFields(cart) {
  return {
    entryTime: cart.entryTime,
    exitTime: cart.exitTime,
    personCount: 1,
    childrenSeat: 0,
    bulkyBaggage: '',
    licensePlate: 'F-AB 1234',
    gender: true,
    firstname: GUEST.firstname,
    lastname: GUEST.lastname,
    email: GUEST.email,
    phoneRegionCode: 'DE',
    phonePrefix: '+49',
    phoneNumber: '170 1234567',
    company: '',
    street: 'Hauptstraße',
    streetNumber: '1',
    postcode: '60311',
    city: 'Frankfurt am Main',
    country: 'DE',
    billIsDifferent: false,
    paymentType: 'invoice',
    couponCode: '',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The shop and a client of it

function startShop(dataDir) {
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.AUDIT_DATABASE_URL ?? '',
      WEB_CONCURRENCY: '1',
      SESSION_SECRET: SECRET,
      PUBLIC_URL: APP,
      TRUST_PROXY: 'loopback',
      PAGE_CACHE_SECONDS: '0',
      LOG_LEVEL: 'warn',
      // The address autocomplete is on only with a geocoder: the proxy plays an empty one (`/photon/`).
      ADDRESS_AUTOCOMPLETE_URL: `${PROXY}/photon/`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  return { child, log: () => log };
}

async function waitReady(seconds = 240) {
  for (let i = 0; i < seconds * 5; i++) {
    try {
      if ((await fetch(`${APP}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the shop did not get ready');
}

const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;
const csrfFor = (cookie) =>
  crypto
    .createHmac('sha256', SECRET)
    .update(`csrf:${cookie.slice(cookie.indexOf('=') + 1).split('.')[0]}`)
    .digest('base64url');

/** A visitor of the shop: a session cookie, its CSRF token and a client address of its own. */
class Visitor {
  ip = randomIp();
  cookie = '';
  csrf = '';
  /** the cart a `cart` setup put in the session */
  cart = null;
  /** the back office's session cookie (`eap_staff=…`) a `staff` setup lent this visitor */
  staffCookie = '';

  /** The Cookie header: the shop's session and, for the back office, the staff session. */
  cookieHeader() {
    return [this.cookie, this.staffCookie].filter(Boolean).join('; ');
  }

  /** Opens a session (any API GET sets the cookie). */
  async start() {
    const res = await fetch(`${APP}/api/auth/check`, { headers: this.apiHeaders() });
    this.take(res);
    if (!this.cookie) throw new Error(`no session cookie: ${res.status}`);
    return this;
  }

  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      if (/^(__Host-)?eap_session=/.test(pair)) {
        this.cookie = pair;
        this.csrf = csrfFor(pair);
      }
      if (/^(__Host-)?eap_staff=./.test(pair)) this.staffCookie = pair;
    }
  }

  apiHeaders(extra = {}) {
    return {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Forwarded-For': this.ip,
      ...(this.cookie ? { Cookie: this.cookieHeader(), 'X-CSRF-TOKEN': this.csrf } : {}),
      ...extra,
    };
  }

  async api(method, apiPath, body) {
    const res = await fetch(`${APP}/api/${apiPath}`, {
      method,
      headers: this.apiHeaders(body ? { 'Content-Type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    });
    this.take(res);
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    if (json?.csrfToken) this.csrf = json.csrfToken;
    return { status: res.status, json, text };
  }

  /** A page form posted without JavaScript (with `_csrf` and the same-origin Origin header). */
  async form(pagePath, fields) {
    return (await this.formPage(pagePath, fields)).status;
  }

  /** Like `form`, with the answer's text (a page) and `Location`. */
  async formPage(pagePath, fields) {
    const res = await fetch(APP + pagePath, {
      method: 'POST',
      headers: { Cookie: this.cookieHeader(), Origin: APP, 'X-Forwarded-For': this.ip },
      body: new URLSearchParams({ ...fields, _csrf: this.csrf }),
      redirect: 'manual',
    });
    this.take(res);
    return { status: res.status, text: await res.text(), location: res.headers.get('Location') };
  }

  /** A page's HTML (following no redirect). */
  async page(pagePath) {
    const res = await fetch(APP + pagePath, {
      headers: { Cookie: this.cookieHeader(), 'X-Forwarded-For': this.ip },
      redirect: 'manual',
    });
    this.take(res);
    return { status: res.status, text: await res.text() };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the audit needs in the database, and what each target needs in its session

const state = {
  cart: null,
  reference: null,
  userSessions: [],
  nextUser: 0,
  staffSessions: [],
  nextStaff: 0,
  ids: {},
  inviteToken: null,
};
/** Signed-in sessions of the audit's account: the per-account sign-in limit (10 in 15 min) allows no sign-in per request. */
const USER_SESSIONS = 8;

/** Books one reservation (its reference and e-mail open it as a guest) and signs up the account user. */
async function prepareData() {
  const page = await fetch(`${APP}/buchung/tarife?airport=frankfurt&entry=${ENTRY}&exit=${EXIT}`);
  const html = await page.text();
  const form = html.match(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)?.find((f) => f.includes('tariffId'));
  if (!form) throw new Error('no bookable tariff on the tariffs page');
  const hidden = Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, n, v]) => [n, v]),
  );
  state.cart = {
    airportId: Number(hidden.airportId),
    tariffId: Number(hidden.tariffId),
    entryTime: hidden.entryTime,
    exitTime: hidden.exitTime,
  };
  const guest = await new Visitor().start();
  const cart = await guest.api('POST', 'checkout/cart', state.cart);
  if (cart.status !== 200) throw new Error(`cart: ${cart.status} ${cart.text}`);
  const booked = await guest.api('POST', 'checkout', bookingFields(state.cart));
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.text}`);
  state.reference = booked.json.reservation.reference;
  const user = await new Visitor().start();
  const signup = await user.api('POST', 'auth/signup', {
    gender: true,
    firstname: 'Max',
    lastname: 'Mustermann',
    email: USER.email,
    password: USER.password,
    passwordConfirmation: USER.password,
    terms: true,
  });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${signup.text}`);
  for (let i = 0; i < USER_SESSIONS; i++) {
    const signedIn = await new Visitor().start();
    const res = await signedIn.api('POST', 'auth/signin', { login: USER.email, password: USER.password });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${res.text}`);
    state.userSessions.push({ cookie: signedIn.cookie, csrf: signedIn.csrf });
  }
}

/** Staff sessions of the audit's admin: the enrolment's, and one per recovery code used (sign-in needs a second factor). */
const STAFF_SESSIONS = 5;

/**
 * Creates the first admin through the setup link (DATA_DIR/admin-setup-url), enrols TOTP with a code computed from
 * the secret the enrolment page shows, and signs in more sessions with password and recovery codes. Then reads the
 * ids the back office's forms name (a coupon, a review) from its pages.
 */
async function prepareStaff(dataDir) {
  const file = path.join(dataDir, 'admin-setup-url');
  for (let i = 0; i < 150 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 200));
  const setupPath = new URL(fs.readFileSync(file, 'utf8').trim()).pathname;
  const admin = await new Visitor().start();
  const setup = await admin.formPage(setupPath, { ...STAFF, passwordConfirmation: STAFF.password });
  if (setup.status !== 303 || !admin.staffCookie)
    throw new Error(`staff setup: ${setup.status} ${setup.text.slice(0, 300)}`);
  const enrolPage = await admin.page('/admin/anmelden/einrichten');
  const secret = enrolPage.text.match(/data-totp-secret="([A-Z2-7]+)"/)?.[1];
  if (!secret) throw new Error(`no TOTP secret on the enrolment page: ${enrolPage.status}`);
  const enrolled = await admin.formPage('/admin/anmelden/einrichten', { code: generateSync({ secret }) });
  const codes = [...enrolled.text.matchAll(/>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)].map(([, code]) => code);
  if (enrolled.status !== 200 || codes.length < STAFF_SESSIONS) {
    throw new Error(`TOTP enrolment: ${enrolled.status}, ${codes.length} recovery codes`);
  }
  state.staffSessions.push(admin.staffCookie);
  for (const code of codes.slice(0, STAFF_SESSIONS - 1)) {
    const member = await new Visitor().start();
    const signIn = await member.formPage('/admin/anmelden', { login: STAFF.email, password: STAFF.password });
    if (signIn.status !== 303) throw new Error(`staff sign-in: ${signIn.status} ${signIn.text.slice(0, 300)}`);
    const second = await member.formPage('/admin/anmelden/code', { code });
    if (second.status !== 303) throw new Error(`staff second factor: ${second.status} ${second.text.slice(0, 300)}`);
    state.staffSessions.push(member.staffCookie);
  }
  const firstId = async (pagePath, name) => {
    const { text } = await admin.page(pagePath);
    const input = text.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
    return input.match(/value="(\d+)"/)?.[1] ?? '1';
  };
  state.ids = {
    coupon: await firstId('/admin/gutscheine', 'couponId'),
    review: await firstId('/admin/bewertungen', 'reviewId'),
  };
  // An open invitation (its page answers 404 to an unknown token, which would end sqlmap's scan at once): invited
  // through the staff page, its link read from the mail (an .eml file in DATA_DIR/mail without SMTP_URL).
  const invited = await admin.formPage('/admin/mitarbeiter', {
    intent: 'invite',
    email: 'audit.invited@staff.example',
    name: 'Audit Invited',
    role: 'support',
    operator: '',
  });
  if (invited.status !== 200) throw new Error(`staff invitation: ${invited.status}`);
  const mailDir = path.join(dataDir, 'mail');
  for (let i = 0; i < 150 && !state.inviteToken; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const mails = fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'latin1'))
      : [];
    // Quoted-printable: soft line breaks and `=3D` undone before the link is looked for.
    const text = mails
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    state.inviteToken = text.match(/\/admin\/einladung\/([A-Za-z0-9_-]{20,})/)?.[1] ?? null;
  }
  if (!state.inviteToken) throw new Error('no invitation mail in DATA_DIR/mail');
}

/** Prepares a fresh visitor for a target's request (`X-Audit-Setup`). */
const SETUPS = {
  none: async () => {},
  // A cart for a one-day stay on a random day: the bookings sqlmap's valid bodies make spread over the year instead
  // of selling out one stay (sold out would answer 409 before the fields reach the database).
  cart: async (v) => {
    const d = day(20 + crypto.randomInt(300));
    v.cart = { ...state.cart, entryTime: `${d}T08:00`, exitTime: `${d}T18:00` };
    const res = await v.api('POST', 'checkout/cart', v.cart);
    if (res.status !== 200) throw new Error(`setup cart: ${res.status} ${res.text}`);
  },
  guest: async (v) => {
    const status = await v.form('/reservierung', { reference: state.reference, email: GUEST.email });
    if (status !== 302 && status !== 303) throw new Error(`setup guest: ${status}`);
  },
  // One of the signed-in sessions (a new sign-in per request would meet the per-account limit), with its own token.
  user: async (v) => {
    const session = state.userSessions[state.nextUser++ % state.userSessions.length];
    v.cookie = session.cookie;
    v.csrf = session.csrf;
  },
  // One of the admin's staff sessions beside the visitor's own shop session (whose token the back office's forms carry).
  staff: async (v) => {
    v.staffCookie = state.staffSessions[state.nextStaff++ % state.staffSessions.length];
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The proxy between sqlmap and the shop

/**
 * The body as the shop must see it: fields named for sqlmap renamed back (`X-Audit-Rename: tokn=token`: sqlmap below
 * level 4 never tests a parameter whose name contains "token"), and the stay of the visitor's own cart in place of
 * the base stay (only where sqlmap left the base value: an injected value is passed on as it is).
 */
function adaptBody(body, contentType, visitor, renameHeader) {
  const renames = Object.fromEntries(
    String(renameHeader ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  );
  const adapt = (key, value) => {
    const name = renames[key] ?? key;
    if (visitor.cart && (name === 'entryTime' || name === 'exitTime') && value === state.cart[name])
      return [name, visitor.cart[name]];
    return [name, value];
  };
  if (/json/.test(contentType)) {
    let parsed;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return body; // sqlmap's own broken JSON goes through unchanged
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
    return Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(parsed).map(([k, v]) => adapt(k, v)))));
  }
  if (/x-www-form-urlencoded/.test(contentType)) {
    const form = new URLSearchParams(body.toString('latin1'));
    return Buffer.from(new URLSearchParams([...form].map(([k, v]) => adapt(k, v))).toString(), 'latin1');
  }
  return body;
}

const stats = new Map(); // target name → { requests, statuses: {code: n}, setupFailures }

function startProxy() {
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/photon/')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ type: 'FeatureCollection', features: [] }));
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const target = req.headers['x-audit-target'] ?? '?';
      const entry = stats.get(target) ?? { requests: 0, statuses: {}, setupFailures: 0 };
      stats.set(target, entry);
      entry.requests += 1;
      try {
        const visitor = await new Visitor().start();
        const setup = SETUPS[req.headers['x-audit-setup'] ?? 'none'] ?? SETUPS.none;
        await setup(visitor).catch((error) => {
          entry.setupFailures += 1;
          throw error;
        });
        const isApi = req.url.startsWith('/api/');
        let body = adaptBody(
          Buffer.concat(chunks),
          req.headers['content-type'] ?? '',
          visitor,
          req.headers['x-audit-rename'],
        );
        const headers = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (!/^(host|cookie|content-length|connection|x-audit-.*|x-csrf-token|origin|x-forwarded-for)$/i.test(name))
            headers[name] = value;
        }
        Object.assign(
          headers,
          isApi ? visitor.apiHeaders() : { Cookie: visitor.cookieHeader(), 'X-Forwarded-For': visitor.ip },
        );
        if (!isApi && req.method === 'POST') {
          headers.Origin = APP;
          const form = new URLSearchParams(body.toString('latin1'));
          form.set('_csrf', visitor.csrf);
          body = Buffer.from(form.toString(), 'latin1');
        }
        const answer = await fetch(APP + req.url, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
          redirect: 'manual',
        });
        entry.statuses[answer.status] = (entry.statuses[answer.status] ?? 0) + 1;
        const out = Buffer.from(await answer.arrayBuffer());
        const outHeaders = {};
        for (const [name, value] of answer.headers) {
          if (!/^(content-encoding|content-length|transfer-encoding|connection|set-cookie)$/i.test(name))
            outHeaders[name] = value;
        }
        res.writeHead(answer.status, outHeaders);
        res.end(out);
      } catch (error) {
        entry.statuses.proxyError = (entry.statuses.proxyError ?? 0) + 1;
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(`audit proxy: ${error.message}`);
      }
    });
  });
  return new Promise((resolve) => server.listen(PROXY_PORT, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------------------------------------------------------
// The targets: every endpoint and form that takes input

function targets() {
  const ref = state.reference;
  const cart = state.cart;
  const json = (name, method, url, body, setup = 'none') => ({ name, method, url, body, setup, type: 'json' });
  const query = (name, url, setup = 'none') => ({ name, method: 'GET', url, setup, type: 'query' });
  const form = (name, url, fields, setup = 'none') => ({
    name,
    method: 'POST',
    url,
    body: fields,
    setup,
    type: 'form',
  });
  const booking = bookingFields(cart);
  const change = { entryTime: cart.entryTime, exitTime: cart.exitTime, personCount: 2, childrenSeat: 0, dryRun: true };
  return [
    // JSON API: bodies
    json('POST /api/auth/signin', 'POST', '/api/auth/signin', { login: USER.email, password: 'wrong-password' }),
    json('POST /api/auth/signup', 'POST', '/api/auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Muster',
      email: 'new.user@example.com',
      password: USER.password,
      passwordConfirmation: USER.password,
      terms: true,
    }),
    json('POST /api/auth/lost-password', 'POST', '/api/auth/lost-password', { email: USER.email }),
    {
      ...json('POST /api/auth/reset-password', 'POST', '/api/auth/reset-password', {
        tokn: 'abcdef0123456789',
        password: USER.password,
        passwordConfirmation: USER.password,
      }),
      rename: 'tokn=token',
    },
    {
      ...json('POST /api/auth/verify-email', 'POST', '/api/auth/verify-email', { tokn: 'abcdef0123456789' }),
      rename: 'tokn=token',
    },
    json('POST /api/checkout/cart', 'POST', '/api/checkout/cart', cart),
    json('POST /api/checkout/validate', 'POST', '/api/checkout/validate', { step: 'travel', ...booking }, 'cart'),
    json('POST /api/checkout/coupon', 'POST', '/api/checkout/coupon', { couponCode: 'SOMMER', ...change }, 'cart'),
    json('POST /api/checkout', 'POST', '/api/checkout', booking, 'cart'),
    json('POST /api/reservations/:reference/change', 'POST', `/api/reservations/${ref}/change`, change, 'guest'),
    json(
      'POST /api/reservations/:reference/cancel',
      'POST',
      `/api/reservations/${ref}/cancel`,
      { dryRun: true },
      'guest',
    ),
    json(
      'POST /api/account/profile',
      'POST',
      '/api/account/profile',
      {
        gender: true,
        firstname: 'Max',
        lastname: 'Mustermann',
        company: '',
        street: 'Hauptstraße',
        streetNumber: '1',
        postcode: '60311',
        city: 'Frankfurt',
        country: 'DE',
      },
      'user',
    ),
    json(
      'POST /api/account/password',
      'POST',
      '/api/account/password',
      {
        currentPassword: 'wrong-password',
        password: 'Another-Password-9',
        passwordConfirmation: 'Another-Password-9',
      },
      'user',
    ),
    json(
      'POST /api/account/email',
      'POST',
      '/api/account/email',
      { password: 'wrong-password', email: 'x@example.com' },
      'user',
    ),
    json('POST /api/contact', 'POST', '/api/contact', {
      topic: 'booking',
      reference: ref,
      name: 'Erika Mustermann',
      email: GUEST.email,
      message: 'Eine Frage zu meiner Buchung, bitte um Rückruf.',
    }),
    json('POST /api/newsletter', 'POST', '/api/newsletter', {
      email: 'news@example.com',
      firstname: 'Erika',
      lastname: 'M',
    }),
    json('POST /api/locked-airport-notification', 'POST', '/api/locked-airport-notification', {
      email: 'alert@example.com',
      airportId: cart.airportId,
      airportStatus: 'locked',
    }),
    json('POST /api/error-report', 'POST', '/api/error-report', {
      message: 'TypeError: x is undefined',
      url: '/faq',
      stack: 'at x (app.js:1:1)',
    }),
    // JSON API: query strings and path parameters (`*` marks a path parameter for sqlmap)
    query('GET /api/faq?q=', '/api/faq?q=parken&category=booking'),
    query('GET /api/database/check/:email', `/api/database/check/${encodeURIComponent(USER.email)}*`),
    query('GET /api/ekomi-ratings/:id/:page', '/api/ekomi-ratings/eap-fra*/1*'),
    query('GET /api/ekomi-ratings/translate/:id', '/api/ekomi-ratings/translate/1*'),
    query('GET /api/address-autocomplete?q=', '/api/address-autocomplete?q=Hauptstr&lang=de'),
    // Pages: query strings and path parameters
    query('GET /buchung/tarife?airport=&entry=&exit=', `/buchung/tarife?airport=frankfurt&entry=${ENTRY}&exit=${EXIT}`),
    query('GET /parkplatz/:airport', '/parkplatz/frankfurt*'),
    query('GET /faq?q=', '/faq?q=parken'),
    query('GET /reservierung/:reference', `/reservierung/${ref}*`, 'guest'),
    query('GET /newsletter/:token', '/newsletter/abcdef0123456789*'),
    // Pages: forms without JavaScript
    form('POST /reservierung (guest lookup)', '/reservierung', { reference: ref, email: GUEST.email }),
    form('POST /buchung/tarife (book button)', `/buchung/tarife?airport=frankfurt&entry=${ENTRY}&exit=${EXIT}`, {
      airportId: cart.airportId,
      tariffId: cart.tariffId,
      entryTime: cart.entryTime,
      exitTime: cart.exitTime,
    }),
    // The travel step of the booking page (its billing and payment fields reach the same service as POST /api/checkout).
    form(
      'POST /buchung (checkout form, travel step)',
      '/buchung',
      {
        step: 'travel',
        intent: 'next',
        entryTime: cart.entryTime,
        exitTime: cart.exitTime,
        personCount: 1,
        childrenSeat: 0,
        bulkyBaggage: '',
        licensePlate: 'F-AB 1234',
      },
      'cart',
    ),
    form('POST /kontakt', '/kontakt', {
      topic: 'booking',
      reference: ref,
      name: 'Erika Mustermann',
      email: GUEST.email,
      message: 'Eine Frage zu meiner Buchung, bitte um Rückruf.',
    }),
    form('POST /newsletter', '/newsletter', { email: 'news2@example.com', firstname: 'Erika', lastname: 'M' }),
    form('POST /anmelden', '/anmelden', { login: USER.email, password: 'wrong-password' }),
    form('POST /passwort-vergessen', '/passwort-vergessen', { email: USER.email }),
    json('POST /api/account/delete', 'POST', '/api/account/delete', { password: 'wrong-password' }, 'user'),
    form(
      'POST /reservierung/:reference (manage)',
      `/reservierung/${ref}`,
      {
        intent: 'change-quote',
        entryTime: cart.entryTime,
        exitTime: cart.exitTime,
        personCount: 2,
      },
      'guest',
    ),
    // The back office (issue 15), with a signed-in admin: its API, its pages' query strings and path parameters, and
    // its forms. Left out: signing out (it would end the session the other targets use) and the second-factor and
    // enrolment forms (their one field, `code`, must be six digits or a recovery code's ten letters and digits before
    // it reaches a query, and every wrong one counts against the member's code limit).
    query('GET /api/admin/checkin/lookup?code=', '/api/admin/checkin/lookup?code=F-AB1234', 'staff'),
    query(
      'GET /admin/reservierungen?q=&status=&airport=&from=&to=&page=',
      `/admin/reservierungen?q=${ref}&status=confirmed&airport=FRA&dateField=entry&from=${day(1)}&to=${day(90)}&page=1`,
      'staff',
    ),
    query('GET /admin/reservierungen/export.csv?q=', `/admin/reservierungen/export.csv?q=Muster&airport=FRA`, 'staff'),
    query('GET /admin/reservierungen/:reference', `/admin/reservierungen/${ref}*`, 'staff'),
    query('GET /admin/checkin?code=', '/admin/checkin?code=F-AB1234', 'staff'),
    query('GET /admin?auswahl=', '/admin?auswahl=FRA', 'staff'),
    query('GET /admin/katalog/:airport', '/admin/katalog/frankfurt*', 'staff'),
    query('GET /admin/katalog/tarif/:tariffId', `/admin/katalog/tarif/${cart.tariffId}*`, 'staff'),
    query(
      'GET /admin/katalog/tarif/:tariffId/kapazitaet?von=',
      `/admin/katalog/tarif/${cart.tariffId}*/kapazitaet?von=${day(1)}`,
      'staff',
    ),
    query('GET /admin/protokoll?entity=&id=&vor=', '/admin/protokoll?entity=staff&id=1&vor=100', 'staff'),
    query('GET /admin/gutscheine/:id', `/admin/gutscheine/${state.ids.coupon}*`, 'staff'),
    query('GET /admin/bewertungen?seite=&versteckt=', '/admin/bewertungen?seite=1&versteckt=1', 'staff'),
    query('GET /admin/mails?status=&vor=', '/admin/mails?status=failed&vor=100', 'staff'),
    form('POST /admin/anmelden (staff sign-in)', '/admin/anmelden', { login: STAFF.email, password: 'wrong-password' }),
    {
      // The two passwords differ: a valid post would accept the invitation and spend its token for the rest of the scan.
      ...form('POST /admin/einladung/:token (invitation)', `/admin/einladung/${state.inviteToken}*`, {
        password: STAFF.password,
        passwordConfirmation: `${STAFF.password}-2`,
      }),
    },
    form(
      'POST /admin/reservierungen/:reference (change on behalf)',
      `/admin/reservierungen/${ref}`,
      { intent: 'change-quote', entryTime: cart.entryTime, exitTime: cart.exitTime, personCount: 2 },
      'staff',
    ),
    form('POST /admin/checkin (check in)', '/admin/checkin', { intent: 'check-in', reference: ref }, 'staff'),
    form('POST /admin/katalog (lock)', '/admin/katalog', { intent: 'lock', slug: 'kassel' }, 'staff'),
    form(
      'POST /admin/katalog/:airport (comments)',
      '/admin/katalog/frankfurt',
      { commentDe: 'Zufahrt über Tor 3.', commentEn: 'Access through gate 3.' },
      'staff',
    ),
    form(
      'POST /admin/katalog/tarif/:tariffId (tariff)',
      `/admin/katalog/tarif/${cart.tariffId}`,
      {
        intent: 'tariff',
        nameDe: 'Audit-Tarif',
        nameEn: 'Audit tariff',
        active: 'on',
        capacity: 500,
        leadTimeMinutes: 120,
      },
      'staff',
    ),
    form(
      'POST /admin/katalog/tarif/:tariffId (season)',
      `/admin/katalog/tarif/${cart.tariffId}`,
      {
        intent: 'price_list',
        name: 'Audit',
        dayPrices: '10,00',
        extraDayPrice: '9,00',
        validFrom: day(400),
        validTo: day(430),
      },
      'staff',
    ),
    form(
      'POST /admin/katalog/tarif/:tariffId/kapazitaet',
      `/admin/katalog/tarif/${cart.tariffId}/kapazitaet`,
      { from: day(200), to: day(202), mode: 'set', capacity: 500 },
      'staff',
    ),
    form(
      'POST /admin/mitarbeiter (invite)',
      '/admin/mitarbeiter',
      { intent: 'invite', email: 'audit.invite@staff.example', name: 'Audit Invite', role: 'support', operator: '' },
      'staff',
    ),
    form('POST /admin/mitarbeiter (resend)', '/admin/mitarbeiter', { intent: 'resend', id: 1 }, 'staff'),
    form(
      'POST /admin/gutscheine (create)',
      '/admin/gutscheine',
      {
        intent: 'create',
        code: 'AUDIT10',
        kind: 'percent',
        value: 10,
        validFrom: day(1),
        validTo: day(90),
        minDays: 1,
        usageLimit: 100,
        airportIds: cart.airportId,
      },
      'staff',
    ),
    form(
      'POST /admin/gutscheine (disable)',
      '/admin/gutscheine',
      { intent: 'disable', couponId: state.ids.coupon },
      'staff',
    ),
    form(
      'POST /admin/bewertungen (hide)',
      '/admin/bewertungen',
      { intent: 'hide', reviewId: state.ids.review, back: '?seite=1' },
      'staff',
    ),
    form('POST /admin/mails (retry)', '/admin/mails', { intent: 'retry', mailId: 1, status: 'failed' }, 'staff'),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// sqlmap

/** Runs sqlmap on one target through the proxy (asynchronously: the proxy lives in this process). */
async function sqlmap(target, outputDir) {
  const args = [
    '-u',
    PROXY + target.url,
    '--method',
    target.method,
    '--batch',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    '--threads=4',
    '--flush-session',
    '--disable-coloring',
    '--ignore-code=401',
    '--dbms=PostgreSQL',
    `--output-dir=${outputDir}`,
    '-v',
    '1',
  ];
  const headers = [`X-Audit-Target: ${target.name}`, `X-Audit-Setup: ${target.setup}`];
  if (target.rename) headers.push(`X-Audit-Rename: ${target.rename}`);
  if (target.type === 'json') {
    args.push('--data', JSON.stringify(target.body));
    headers.push('Content-Type: application/json');
  } else if (target.type === 'form') {
    args.push('--data', new URLSearchParams(Object.entries(target.body).map(([k, v]) => [k, String(v)])).toString());
    headers.push('Content-Type: application/x-www-form-urlencoded');
  }
  args.push('--headers', headers.join('\n'));
  const started = Date.now();
  const child = spawn(SQLMAP, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exit = await new Promise((resolve) => child.once('exit', resolve));
  const safe = new Set();
  const injectable = new Set();
  for (const [, param] of out.matchAll(/parameter '([^']+)' does not seem to be injectable/g)) safe.add(param);
  for (const [, param] of out.matchAll(
    /parameter '([^']+)' (?:is '[^']*' injectable|is vulnerable|appears to be '[^']*' injectable)/g,
  ))
    injectable.add(param);
  const identified = /sqlmap identified the following injection point/.test(out);
  const none = /all tested parameters do not appear to be injectable/.test(out);
  const problems = [...out.matchAll(/\[CRITICAL\] (.*)/g)]
    .map(([, line]) => line)
    .filter((line) => !/all tested parameters do not appear to be injectable/.test(line));
  return {
    seconds: Math.round((Date.now() - started) / 1000),
    safe: [...safe].filter((p) => !injectable.has(p)),
    injectable: [...injectable],
    identified,
    none,
    problems,
    exit,
    tail: out.split('\n').slice(-15).join('\n'),
  };
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(SQLMAP)) {
    console.error(`sqlmap not found at ${SQLMAP} (Debian: apt-get install sqlmap)`);
    process.exit(2);
  }
  buildIfNeeded();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-security-audit-'));
  const shop = startShop(path.join(work, 'data'));
  let proxy;
  const started = Date.now();
  const results = [];
  try {
    await waitReady();
    await prepareData();
    await prepareStaff(path.join(work, 'data'));
    proxy = await startProxy();
    const only = process.env.AUDIT_ONLY;
    const selected = targets().filter((t) => !only || t.name.includes(only));
    // Two scans at a time: sqlmap waits for each answer, and the shop (one process) and the scanners share 2 cores.
    const queue = [...selected];
    const scan = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const verdict = await sqlmap(target, path.join(work, 'sqlmap', String(results.length)));
        const entry = stats.get(target.name) ?? { requests: 0, statuses: {}, setupFailures: 0 };
        results.push({ target, verdict, entry });
        const errors = Object.entries(entry.statuses).filter(([code]) => code === 'proxyError' || Number(code) >= 500);
        console.log(
          `${target.name} … ${verdict.injectable.length ? 'INJECTABLE' : verdict.none || verdict.safe.length ? 'not injectable' : 'no verdict'}` +
            ` (${verdict.safe.length} parameters, ${entry.requests} requests, ${verdict.seconds} s${errors.length ? `, errors ${JSON.stringify(Object.fromEntries(errors))}` : ''})`,
        );
        if (!verdict.none && !verdict.safe.length && !verdict.injectable.length) console.log(verdict.tail);
      }
    };
    await Promise.all(Array.from({ length: Number(process.env.AUDIT_JOBS ?? 2) }, scan));
    // The report lists the targets in their order.
    results.sort((a, b) => selected.indexOf(a.target) - selected.indexOf(b.target));
  } finally {
    proxy?.close();
    shop.child.kill('SIGTERM');
    await new Promise((r) => shop.child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const failed = results.filter(
    ({ verdict, entry }) =>
      verdict.injectable.length > 0 ||
      verdict.identified ||
      Object.keys(entry.statuses).some((code) => code === 'proxyError' || Number(code) >= 500) ||
      (!verdict.none && verdict.safe.length === 0),
  );
  const rows = results.map(({ target, verdict, entry }) => {
    const statuses = Object.entries(entry.statuses)
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    const result = verdict.injectable.length
      ? `**injectable: ${verdict.injectable.join(', ')}**`
      : verdict.none || verdict.safe.length
        ? 'not injectable'
        : `**no verdict** (${verdict.problems.join('; ') || 'see log'})`;
    return `| ${target.name} | ${target.setup} | ${verdict.safe.map((p) => `\`${p}\``).join(', ')} | ${entry.requests} | ${statuses} | ${result} |`;
  });
  const report = `# Security audit: sqlmap

\`npm run audit:security\` (bench/security-audit.js) on ${new Date().toISOString().slice(0, 10)}: sqlmap ${
    spawnSync(SQLMAP, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0]
  } (Debian package), \`--level=${LEVEL} --risk=${RISK}\`, \`--dbms=PostgreSQL\` (PGlite is PostgreSQL), all techniques (boolean, error, union, stacked, time-based),
against the production build on loopback (PGlite${process.env.AUDIT_DATABASE_URL ? ' → PostgreSQL' : ''}), through a
proxy that gives every request a fresh session, CSRF token and client address and prepares what the endpoint needs
(setup: \`cart\` a cart in the session, \`guest\` guest access to a booked reservation, \`user\` a signed-in
account, \`staff\` a signed-in admin of the back office). ${results.length} targets, ${minutes} minutes.

**Result: ${failed.length === 0 ? 'no injectable parameter, no server error.' : `${failed.length} target(s) need attention.`}**

| Target | Setup | Parameters tested | Requests | Answers | Result |
| --- | --- | --- | --: | --- | --- |
${rows.join('\n')}
`;
  if (!process.env.AUDIT_ONLY) {
    fs.mkdirSync(path.dirname(REPORT), { recursive: true });
    fs.writeFileSync(REPORT, report);
    console.log(`\nwrote ${REPORT}`);
  } else console.log(`\n${report}`);
  if (failed.length) {
    console.log(`\n${shop.log().slice(-4000)}`);
    process.exit(1);
  }
}

await main();
