/**
 * Shared parts of the property-based tests of malformed input (issue 14, "What to build besides"): fast-check
 * arbitraries for hostile values, headers, cookies and query strings, a writes recorder that proves the database
 * unchanged, and the shopping state (a cart, a guest booking, a signed-in user) the requests run against.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import http from 'node:http';
import fc from 'fast-check';
import supertest from 'supertest';
import { airports, tariffs } from '../../database/schema.ts';
import { delegateMailDelivery } from '../../app/services/mail/mail.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, type TestApp } from './harness.ts';

/**
 * Fixed seed, so a run is reproducible; fast-check prints the seed and path of a failure anyway
 * (`FUZZ_SEED=… npx vitest run …` replays another one).
 */
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 1414;

/**
 * fast-check's options for these tests: `numRuns` (`FUZZ_RUNS` overrides it), the seed, and a short report of a
 * failure (seed, path, the failed expectation and a cut-down counterexample: the generated bodies can be
 * megabytes, which would drown the message).
 */
export function fuzzOptions<T>(numRuns: number): fc.Parameters<T> {
  return {
    numRuns: process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : numRuns,
    seed: FUZZ_SEED,
    endOnFailure: true,
    reporter: (details) => {
      if (!details.failed) return;
      const example = fc.stringify(details.counterexample).slice(0, 1500);
      const error =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `Property failed after ${details.numRuns} runs (FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}):\n` +
          `${error.slice(0, 2000)}\ncounterexample (cut): ${example}`,
      );
    },
  };
}

/** The bytes of a request's head as Node's parser counts them against `http.maxHeaderSize`: request line and headers. */
function headBytes(req: supertest.Test): number {
  const { pathname, search } = new URL(req.url);
  const headers = (req as unknown as { header: Record<string, string> }).header;
  return (
    Buffer.byteLength(`POST ${pathname}${search} HTTP/1.1\r\n`) +
    Object.entries(headers).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), 0)
  );
}

/**
 * Sends a request and returns its answer, taking a connection reset of a request whose head is over Node's limit
 * (16 KiB) as the 431 it is: Node 24's server answers such a head with 431 and closes the socket at once, so a
 * client still writing it may see ECONNRESET or EPIPE instead of the answer (Node 20's client read the 431). Either
 * way the request never reached the app. Every other failure is thrown.
 */
export async function answerOf(req: supertest.Test): Promise<supertest.Response> {
  try {
    return await req;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ECONNRESET' || code === 'EPIPE') && headBytes(req) > http.maxHeaderSize) {
      return { status: 431, headers: {}, text: '', body: {} } as unknown as supertest.Response;
    }
    throw error;
  }
}

/** Strings that broke or could break a layer: NUL, lone surrogates, escapes, numbers in disguise, markup. */
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\0'.repeat(20),
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '%ZZ',
  '%00',
  '%ED%A0%80',
  '\\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-400',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999',
  '0x7fffffff',
  '1.5',
  '-0',
  ' 1 ',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  "'; drop table reservations; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30T25:61',
  '0000-00-00T00:00',
  '0000-01-01',
  '9999-12-20',
  '9999-12-31T23:59',
  '-271821-04-20T00:00',
  'DE',
  'de',
  '😀'.repeat(50),
  'ä'.repeat(300),
];

/** Hostile text: random (any code point, lone surrogates included), special, very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '\0', '\uD800', 'ß', '9'), fc.integer({ min: 256, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** Numbers a 32-bit column, a day count or a price cannot hold, and other odd numbers. */
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 + 2,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    5e-324,
    1.5,
    -1,
    0,
    -0,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value of any type for a field: wrong types, deep nesting, hostile text and numbers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** Deeply nested arrays/objects (a recursion bomb for naive walkers), as JSON text. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/**
 * An object with some of `fields` (the names the endpoint or form reads) set to hostile values, plus maybe
 * unknown keys: this reaches the validation of each field, not only the parser.
 */
export function nastyObject(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc
    .subarray([...fields], { minLength: 1 })
    .chain((keys) => fc.tuple(...keys.map((k) => nastyValue.map((v) => [k, v] as const))));
  return fc
    .tuple(known, fc.dictionary(nastyString, nastyValue, { maxKeys: 2 }))
    .map(([pairs, extra]) => ({ ...extra, ...Object.fromEntries(pairs) }));
}

/** Characters that are trouble inside otherwise valid text. */
const POISON = [
  '\0',
  '\uD800',
  '\uDFFF',
  '\u0001',
  '\u001B',
  '\u202E',
  '\uFEFF',
  '\uFFFF',
  '\r\n',
  '%00',
  '"',
  "'",
  '\\',
];

/**
 * Spoils a valid value a little: a poison character inserted into text, a number pushed past 32 bits or
 * turned into text, a boolean into a string.
 */
const injected: fc.Arbitrary<(value: unknown) => unknown> = fc
  .tuple(fc.constantFrom(...POISON), fc.nat(), fc.constantFrom(2 ** 31, 2 ** 32 + 1, 1e308, -(2 ** 31) - 1))
  .map(([poison, at, big]) => (value: unknown) => {
    if (typeof value === 'string') {
      const i = value.length ? at % (value.length + 1) : 0;
      return value.slice(0, i) + poison + value.slice(i);
    }
    if (typeof value === 'number') return at % 2 ? big : `${value}${poison}`;
    if (typeof value === 'boolean') return `${value}${poison}`;
    return poison;
  });

/**
 * A valid body with one to three fields replaced by hostile values (or removed): the other fields pass
 * validation, so the hostile one travels as far as the code lets it (into the database, into a mail).
 */
export function spoiled(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(base);
  const change = fc.tuple(
    fc.constantFrom(...keys, 'unexpected', '__proto__'),
    fc.oneof(
      { weight: 3, arbitrary: nastyValue.map((v) => () => v) },
      { weight: 3, arbitrary: injected },
      { weight: 1, arbitrary: fc.constant(() => undefined) },
    ),
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = { ...base };
    for (const [key, change] of changes) {
      const value = change(body[key]);
      if (value === undefined) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return body;
  });
}

/** `arbitrary`'s value in one run of five, else undefined (the header is not sent). */
export function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** A header value Node's HTTP client accepts (visible ASCII and Latin-1, no CR/LF/NUL). */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constantFrom('', '%ZZ', '%00', 'XMLHttpRequest ', 'xmlhttprequest', '; ;', '=', '"'),
);

/** Cookie headers: none, the valid one, undecodable, huge, doubled, foreign and prefixed variants. */
export function cookieHeader(valid: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'eap_session=a%ZZ',
        'eap_session=%',
        'eap_session=%00',
        'eap_session=%ED%A0%80',
        'eap_session=',
        'eap_session',
        '=;=;=',
        `${valid}; eap_session=a%ZZ`,
        `eap_session=a%ZZ; ${valid}`,
        `__Host-eap_session=a%ZZ; ${valid}`,
        `eap_session=${'A'.repeat(6000)}`,
        `eap_session=${'%FF'.repeat(2000)}`,
        `${valid}.tampered`,
        'eap_session=s%3Aabc.def',
        `${'x=1; '.repeat(500)}${valid}`,
      ),
    },
    { weight: 2, arbitrary: headerText.map((v) => `eap_session=${v}`) },
  );
}

/** Query strings: repeated keys, `a[]=` arrays, nested brackets, percent garbage, very long values. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'a',
            'a[]',
            'a[b]',
            'a[0][x]',
            'airport',
            'entry',
            'exit',
            'schritt',
            'q',
            'page',
            '__proto__',
            '%ZZ',
          ),
          fc.oneof(
            nastyString.map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))),
            fc.constantFrom('%ZZ', '%', '%00', '%ED%A0%80', '%C0%AF', '', '[]', '1e308', '2147483648'),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', '?a', '?a=1&a=2&a=3', `?q=${'x'.repeat(6000)}`) },
);

/** Path segments for a `:param`: hostile text percent-encoded as a browser would, or raw percent garbage. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  nastyString
    .filter((s) => s.length > 0 && s.length < 2000)
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  fc.constantFrom(
    '%ZZ',
    '%00',
    '%ED%A0%80',
    '%C0%80',
    'A%2FB',
    '..',
    '%2e%2e',
    '2147483648',
    '-1',
    'ABCDEF',
    'x'.repeat(3000),
  ),
);

/** Form text as a browser could never send it, or would: NUL, long, numbers beyond 32 bits, broken escapes. */
function formValue(extra: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: nastyString },
    {
      weight: 1,
      arbitrary: fc.constantFrom('2147483648', '1e308', '-1', '0', '99999999999999999999', 'on', '[]', ...extra),
    },
  );
}

/** Characters inserted into a valid form value (a NUL in a name, a line break in an e-mail address, …). */
const FORM_POISON = ['\0', '\0', '\0', '\u0001', '\r\n', '\uFFFF', '\u202E', '%00', '"', '<'];

/**
 * A valid form (`base`) with one or two fields (of `fields`, `_csrf` or an unknown one) replaced by hostile text,
 * spoiled by a poison character, removed, or sent twice. `extra` adds values (to both the replacements and the
 * poisons), e.g. ids beyond a PostgreSQL integer for forms that name rows.
 */
export function spoiledForm(
  base: Record<string, string>,
  fields: string[],
  extra: readonly string[] = [],
): fc.Arbitrary<[string, string][]> {
  const keys = [...new Set([...Object.keys(base), ...fields, '_csrf', 'unexpected'])];
  const change = fc.tuple(
    fc.constantFrom(...keys),
    fc.oneof(
      { weight: 2, arbitrary: formValue(extra).map((v) => () => v) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...FORM_POISON, ...extra), fc.nat())
          .map(([p, at]) => (old: string | undefined) => {
            const text = old ?? '';
            const i = at % (text.length + 1);
            return text.slice(0, i) + p + text.slice(i);
          }),
      },
      { weight: 1, arbitrary: fc.constant(() => undefined) },
    ),
    fc.boolean(), // repeat the field (a second value for the same name)
  );
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const form = new Map(Object.entries(base));
    const repeated: [string, string][] = [];
    for (const [key, change, twice] of changes) {
      const value = change(form.get(key));
      if (value === undefined) form.delete(key);
      else if (twice) repeated.push([key, value]);
      else form.set(key, value);
    }
    return [...form, ...repeated];
  });
}

/** A `multipart/form-data` body of `fields` with `boundary`. */
function multipartBody(fields: [string, string][], boundary: string): string {
  return (
    fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
}

/** Percent-encodes a form value as a browser does: a lone surrogate cannot be encoded, a browser sends U+FFFD. */
function formEncode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
}

/** How a hostile form post travels: its encoding (or a raw body), and headers that may lie about it. */
export type FormPostShape = {
  encoding: 'urlencoded' | 'multipart' | 'raw';
  /** the body when `encoding` is raw */
  raw: string;
  /** sent instead of the one the encoding needs */
  contentType?: string;
  contentEncoding?: string;
  origin?: string;
  accept?: string;
};

/** Posts `fields` to `url` on `app` (Host `shop.test`) as `shape` says, with `cookie` when given. */
export function postForm(
  app: Parameters<typeof supertest>[0],
  url: string,
  fields: [string, string][],
  shape: FormPostShape,
  cookie: string | undefined,
) {
  let body: string;
  let contentType: string;
  if (shape.encoding === 'urlencoded') {
    body = fields.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join('&');
    contentType = 'application/x-www-form-urlencoded';
  } else if (shape.encoding === 'multipart') {
    body = multipartBody(fields, 'fuzzboundary');
    contentType = 'multipart/form-data; boundary=fuzzboundary';
  } else {
    body = shape.raw;
    contentType = 'application/x-www-form-urlencoded';
  }
  let req = supertest(app)
    .post(url)
    .set('Host', 'shop.test')
    .set('Content-Type', shape.contentType ?? contentType);
  if (cookie !== undefined) req = req.set('Cookie', cookie);
  if (shape.contentEncoding) req = req.set('Content-Encoding', shape.contentEncoding);
  if (shape.origin) req = req.set('Origin', shape.origin);
  if (shape.accept) req = req.set('Accept', shape.accept);
  return req.serialize((raw: unknown) => raw as string).send(body);
}

/**
 * Records every row written to the tables that hold the shop's state, with one trigger per table writing the
 * table's name into `fuzz_writes` in the same transaction (a rolled-back write leaves nothing behind, so a refusal
 * after a rolled-back attempt counts as "unchanged", which it is).
 *
 * Left out on purpose, because a refused request is meant to write them:
 * - `sessions`: a missing or undecodable cookie is replaced by a new session (issue 14 item 1), and a refused
 *   form keeps the visitor's entered values and flash messages in the session;
 * - `rate_limits`: the per-IP budgets count refused attempts (a failed guest lookup, sign-in or contact post
 *   takes a slot; that is their purpose);
 * - `idempotency_keys`: a refused checkout with an `Idempotency-Key` stores its refusal, so a retry with the
 *   same key replays it (DESIGN §5);
 * - drizzle's migrations journal.
 * Everything else (reservations, their events, payments, invoices, counters, tariff days, users, tokens,
 * mail_outbox, newsletter, airport alerts, coupons, reviews, …) must not change when the answer is a refusal.
 */
export async function recordWrites(
  test: TestApp,
  moreDelegates: (typeof delegateMailDelivery)[] = [],
): Promise<{ take: () => Promise<string[]>; stop: () => void }> {
  const db = test.ctx.db;
  // Queued mail stays queued: delivery is handed to a worker that is not there (as a cluster's web worker hands it
  // to the jobs process). Otherwise a successful booking's mail would be delivered in the background and its
  // writes (sent, the history event) would land while a later request runs. `moreDelegates`: the same function
  // of another module graph (the pages' graph in the production build).
  const stops = [delegateMailDelivery, ...moreDelegates].map((delegate) => delegate(() => {}));
  const stop = () => stops.forEach((s) => s());
  await db.execute(sql`create table if not exists fuzz_writes (table_name text not null, op text not null)`);
  await db.execute(sql`
    create or replace function fuzz_record_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (tg_table_name, tg_op);
      return null;
    end $$`);
  const rows = await rowsOf<{ table_name: string }>(
    test,
    sql`
    select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('sessions', 'rate_limits', 'idempotency_keys', 'fuzz_writes')
       and table_name not like '%migrations%'`,
  );
  if (rows.length < 10) throw new Error(`expected the shop's tables, found ${rows.map((r) => r.table_name)}`);
  for (const { table_name } of rows) {
    await db.execute(
      sql.raw(
        `create trigger fuzz_record_write after insert or update or delete on "${table_name}" ` +
          'for each row execute function fuzz_record_write()',
      ),
    );
  }
  return {
    stop,
    /** The tables written since the last call (`table:op`), then forgets them. */
    take: async () => {
      const taken = await rowsOf<{ table_name: string; op: string }>(
        test,
        sql`delete from fuzz_writes returning table_name, op`,
      );
      return [...new Set(taken.map((r) => `${r.table_name}:${r.op}`))].sort();
    },
  };
}

/** The rows of a raw query (both drivers answer `{rows}`). */
async function rowsOf<T>(test: TestApp, query: SQL): Promise<T[]> {
  return ((await test.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The state the hostile requests run against: one client per kind of visitor, a reservation, a user. */
export type FuzzWorld = {
  anonymous: ApiClient;
  /** a session with a cart (Frankfurt, one week in December) */
  shopper: ApiClient;
  /** a session that booked `reference` as a guest (guest access in its session) */
  guest: ApiClient;
  reference: string;
  guestEmail: string;
  /** a signed-in session of a new account */
  member: ApiClient;
  airportId: number;
  tariffId: number;
  /** the locked airport (Kassel): its notification sign-up is the one that is accepted */
  lockedAirportId: number;
  memberEmail: string;
};

/** Books one reservation as a guest and signs up a member, through the API, before the hostile requests. */
export async function buildWorld(test: TestApp): Promise<FuzzWorld> {
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(eq(tariffs.airportId, fra.id))
    .orderBy(tariffs.id)
    .limit(1);
  const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
  const cart = { airportId: fra.id, tariffId: tariff.id, ...stay };

  const guest = await new ApiClient(test).start();
  expect200(await guest.post('checkout/cart', cart), 'cart');
  const guestEmail = 'fuzz.guest@example.org';
  const booking = await guest.post('checkout', checkoutBody({ ...stay, email: guestEmail }));
  expect200(booking, 'booking', 201);
  const reference = booking.body.reservation.reference as string;

  const shopper = await new ApiClient(test).start();
  expect200(await shopper.post('checkout/cart', cart), 'cart');

  const member = await new ApiClient(test).start();
  const password = 'Fuzz-Passwort-2026!';
  expect200(
    await member.post('auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Muster',
      email: 'fuzz.member@example.org',
      password,
      passwordConfirmation: password,
      terms: true,
    }),
    'signup',
    201,
  );
  const anonymous = await new ApiClient(test).start();
  const [locked] = await test.ctx.db.select().from(airports).where(eq(airports.status, 'locked'));
  return {
    anonymous,
    shopper,
    guest,
    reference,
    guestEmail,
    member,
    airportId: fra.id,
    tariffId: tariff.id,
    lockedAirportId: locked.id,
    memberEmail: 'fuzz.member@example.org',
  };
}

function expect200(res: { status: number; text: string }, what: string, status = 200) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
}
