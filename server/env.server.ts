/**
 * Environment, validated with zod once at start (Epic Stack style). A missing `SESSION_SECRET` is generated
 * once and kept in the data directory, so the embedded (PGlite) mode needs no configuration at all.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isDatevAccount } from '~/domain/accounting.ts';
import { isValidBic, isValidIban } from '~/domain/girocode.ts';
import { isValidVatId } from '~/domain/buyer-ids.ts';
import { postalAddressOf } from '~/domain/e-invoice.ts';
import { isDramaNumber } from '#database/seed/drama-numbers.ts';
import {
  isValidEconomicId,
  isValidRegisterCourt,
  isValidRegisterNumber,
  isReservedDomain,
  normalizeRegisterNumber,
  townOfAddress,
} from '~/domain/legal-identity.ts';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** An optional setting: unset, empty or white space = off. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * The sample company (README, Configuration): the defaults of its settings. Obviously not a real company: the
 * register number 000000 is never assigned, the directors are the specimen names of German identity cards, the
 * phone number is one the Bundesnetzagentur keeps free for media productions, the IBAN is a well-known demo account,
 * the VAT id the textbook one, the addresses lie in the reserved domain `.example` (RFC 2606). Every one is refused
 * while SHOP_SAMPLE_DATA=0 (`legalSettingProblems`; issue 30 item 6, decision 0045).
 */
const SAMPLE_IDENTITY = {
  SHOP_NAME: 'Parkplatz-Shop',
  SHOP_ADDRESS: 'Hafenstraße 12, 60327 Frankfurt am Main, Deutschland',
  SHOP_EMAIL: 'service@parkplatz-shop.example',
  MAIL_FROM: 'Parkplatz-Shop <buchung@parkplatz-shop.example>',
  SHOP_PHONE: '+49 69 90009 500',
  SHOP_VAT_ID: 'DE123456789',
  SHOP_IBAN: 'DE02120300000000202051',
  SHOP_BANK_NAME: 'Demo Bank',
  SHOP_MANAGING_DIRECTORS: 'Erika Mustermann, Max Mustermann',
  SHOP_REGISTER_NUMBER: 'HRB 000000',
} as const;

/** Schema of the process environment; see the configuration table in README.md. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** connections per process to PostgreSQL (node-postgres pool size; decision 0035); unset: 10 */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  APP_DEBUG: flag,
  COOKIE_SECURE: flag,
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** lifetime of a cached anonymous page, s (issue 11); unset: 5, or 0 (off) in development */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /**
   * The shop's public address (`https://parkplatz-shop.example`): the base of every link in mails and documents,
   * never the request's Host header (issue 14 item 7, decision 0027). Required in production; elsewhere
   * `http://localhost:<PORT>` when unset. Resolved by `loadEnv`.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || isAbsoluteHttpUrl(v),
      'must be an absolute http(s) URL, e.g. https://parkplatz-shop.example',
    ),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(SAMPLE_IDENTITY.MAIL_FROM),
  SHOP_NAME: z.string().default(SAMPLE_IDENTITY.SHOP_NAME),
  SHOP_ADDRESS: z.string().default(SAMPLE_IDENTITY.SHOP_ADDRESS),
  SHOP_EMAIL: z.string().default(SAMPLE_IDENTITY.SHOP_EMAIL),
  SHOP_PHONE: z.string().default(SAMPLE_IDENTITY.SHOP_PHONE),
  SHOP_VAT_ID: z.string().default(SAMPLE_IDENTITY.SHOP_VAT_ID),
  /** The shop's bank account for payment by invoice (bank details and GiroCode); holder = `SHOP_NAME`. */
  SHOP_IBAN: z
    .string()
    .default(SAMPLE_IDENTITY.SHOP_IBAN)
    .refine(isValidIban, 'not a valid IBAN (ISO 13616 format and mod-97 check digits)')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  SHOP_BIC: z
    .string()
    .default('BYLADEM1001')
    .refine(isValidBic, 'not a valid BIC (8 or 11 characters)')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  SHOP_BANK_NAME: z.string().min(1).default(SAMPLE_IDENTITY.SHOP_BANK_NAME),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ANALYTICS_URL: z.string().optional(),
  /**
   * The test host (SPEC §7, issue 16, decision 0022): its host name, e.g. `staging.parkplatz-shop.example`; every
   * request to it needs `STAGING_BASIC_AUTH`. Unset or empty: no test host.
   */
  STAGING_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, 'not a host name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `user:password` of the test host's basic authorization (SPEC §7); with `STAGING_HOST` only. */
  STAGING_BASIC_AUTH: z
    .string()
    .regex(/^[^:\s]+:\S+$/, 'must be user:password (no spaces, a user without ":")')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Photon-compatible geocoder endpoint of the billing-address autocomplete; unset or empty = feature off. */
  ADDRESS_AUTOCOMPLETE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `1` (default): the data are samples; notices say so (footer, airport pages, lot cards, legal pages). */
  SHOP_SAMPLE_DATA: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Impressum (§ 5 DDG): legal form, representatives, register entry; an empty register court and number = none. */
  SHOP_LEGAL_FORM: z.string().trim().max(60).default('GmbH'),
  SHOP_MANAGING_DIRECTORS: z.string().trim().min(1).max(300).default(SAMPLE_IDENTITY.SHOP_MANAGING_DIRECTORS),
  SHOP_REGISTER_COURT: z
    .string()
    .default('Amtsgericht Frankfurt am Main')
    .refine((v) => v.trim() === '' || isValidRegisterCourt(v), 'not a register court (e.g. "Amtsgericht Köln")')
    .transform((v) => v.trim()),
  SHOP_REGISTER_NUMBER: z
    .string()
    .default(SAMPLE_IDENTITY.SHOP_REGISTER_NUMBER)
    .refine((v) => v.trim() === '' || isValidRegisterNumber(v), 'not a register number (e.g. "HRB 12345")')
    .transform(normalizeRegisterNumber),
  /**
   * The company's seat (Sitz der Gesellschaft, § 4a GmbHG): the town its articles name, printed on invoices and
   * credit notes (§ 35a GmbHG). Unset: the town of `SHOP_ADDRESS` (decision 0045). Resolved by `loadEnv`.
   */
  SHOP_SEAT: optionalText,
  SHOP_ECONOMIC_ID: optionalText.refine(
    (v) => v === undefined || isValidEconomicId(v),
    'not an economic identification number (DE + 9 digits + "-" + 5 digits)',
  ),
  /** Supervisory authority of a licensed activity (Impressum); none by default. */
  SHOP_SUPERVISORY_AUTHORITY: optionalText,
  /** The data protection authority responsible for the shop (privacy policy, Art. 13(2)(d) GDPR). */
  SHOP_DATA_PROTECTION_AUTHORITY: z
    .string()
    .trim()
    .min(1)
    .default(
      'Der Hessische Beauftragte für Datenschutz und Informationsfreiheit, Gustav-Stresemann-Ring 1, 65189 Wiesbaden',
    ),
  /** Hosting provider named in the privacy policy (name and seat); unset = the shop's own servers. */
  SHOP_HOSTING_PROVIDER: optionalText,
  /**
   * Stripe (DESIGN §6, issue 13, online payment): the secret API key and the webhook endpoint's signing secret, both
   * or neither. With them the payment type `online` is offered and the privacy policy names Stripe as a recipient.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe's API base URL (tests point it at a local fixture server); unset: Stripe's own. */
  STRIPE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `1`: the built-in demo payment provider (a test checkout page inside the shop) when Stripe is not configured. */
  PAYMENT_DEMO: flag,
  /**
   * `1`: the test clock of test and staging servers (decision 0054): `POST /internal/clock?at=ISO` moves the app's
   * `now()`, `POST /internal/clock/reset` resets it; off, both answer 404. Refused with `SHOP_SAMPLE_DATA=0`.
   */
  SHOP_TEST_CLOCK: flag,
  /**
   * Flight-delay cover (issue 35 item 1, decision 0056): the hours after the booked exit a late return flight's overstay
   * is free (0 turns the cover off); the demo flight status provider (`1`: flight numbers ending in 7 land 190 minutes
   * late, in 0 are cancelled); AeroDataBox (through RapidAPI) when its key is set, named in the privacy policy; minutes
   * between two lookups of one flight.
   */
  FLIGHT_DELAY_FREE_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  FLIGHT_STATUS_DEMO: flag,
  AERODATABOX_API_KEY: optionalText,
  AERODATABOX_API_URL: z.string().url().default('https://aerodatabox.p.rapidapi.com'),
  FLIGHT_STATUS_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(720).default(30),
  /** eKomi review provider (decision 0014): the shop's interface id and password; both or neither (demo reviews). */
  EKOMI_INTERFACE_ID: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  EKOMI_INTERFACE_PASSWORD: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** eKomi's v3 API base URL (getFeedback lives below it). */
  EKOMI_API_URL: z.string().url().default('https://api.ekomi.de/v3'),
  /** minutes between eKomi imports in a running shop; 0 = only `npm run ratings:import` */
  EKOMI_IMPORT_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /**
   * DATEV Buchungsstapel of the accountant's month (issue 34 item 5, decision 0053): the tax adviser's consultant
   * number (Beraternummer, 1001–9999999) and the shop's client number there (Mandantennummer, 1–99999) for the file's
   * header — the defaults are placeholders to be replaced —, the length of the ledger accounts (Sachkontenlänge,
   * 4–8), the revenue account (an automatic account of 19 % VAT: SKR03 8400) and the account the customer's side is
   * booked on (SKR03's first debitor 10000 as the collective debitor; a personal account has one digit more than
   * the ledger accounts).
   */
  DATEV_CONSULTANT_NUMBER: z.coerce.number().int().min(1001).max(9_999_999).default(1001),
  DATEV_CLIENT_NUMBER: z.coerce.number().int().min(1).max(99_999).default(1),
  DATEV_ACCOUNT_LENGTH: z.coerce.number().int().min(4).max(8).default(4),
  DATEV_REVENUE_ACCOUNT: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'digits only')
    .default('8400'),
  DATEV_DEBITOR_ACCOUNT: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'digits only')
    .default('10000'),
  /**
   * Apple Wallet passes (issue 35 item 3, decision 0055): the pass type identifier and team id of the Pass Type ID
   * certificate, and the paths of three PEM files — that certificate, its private key (unencrypted) and Apple's
   * WWDR intermediate certificate. All five or none; without them the reservation pages offer no Apple Wallet pass.
   */
  APPLE_WALLET_PASS_TYPE_ID: optionalText.refine(
    (v) => v === undefined || /^pass(\.[A-Za-z0-9-]+)+$/.test(v),
    'a pass type identifier, e.g. pass.com.example.parking',
  ),
  APPLE_WALLET_TEAM_ID: optionalText.refine((v) => v === undefined || /^[A-Z0-9]{10}$/.test(v), '10 letters or digits'),
  APPLE_WALLET_CERT: optionalText,
  APPLE_WALLET_KEY: optionalText,
  APPLE_WALLET_WWDR: optionalText,
  /**
   * Google Wallet passes (decision 0055): the issuer id of the Google Pay & Wallet Console and the path of the
   * service account's JSON key file (its `client_email` and `private_key` sign the save link). Both or neither.
   */
  GOOGLE_WALLET_ISSUER_ID: optionalText.refine((v) => v === undefined || /^\d{1,25}$/.test(v), 'digits only'),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  /**
   * Handover photos (issue 36 item 2): an S3-compatible object store for the photos of a car at entry and exit —
   * endpoint URL (path-style requests, so MinIO, Ceph or a provider's S3 all work), bucket and credentials, all four
   * or none; without them the photos are files under `DATA_DIR/handover-photos`. `S3_REGION` only with them (unset:
   * `us-east-1`, what most S3-compatible stores accept).
   */
  S3_ENDPOINT: optionalText.refine(
    (v) => v === undefined || isAbsoluteHttpUrl(v),
    'must be an absolute http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com',
  ),
  S3_BUCKET: optionalText.refine(
    // S3's bucket naming rules (3-63 lower-case letters, digits, dots and hyphens; letter or digit at both ends)
    (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    'not a bucket name (3-63 characters: a-z, 0-9, "." and "-")',
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText.refine((v) => v === undefined || /^[a-z0-9-]{1,40}$/.test(v), 'a region, e.g. eu-central-1'),
  /**
   * Worker processes of the production server (node's `cluster`, issue 11); unset or empty = the number of cores
   * with PostgreSQL, 1 on PGlite (one process per data directory). Resolved by `loadEnv`.
   */
  WEB_CONCURRENCY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
});

/**
 * The validated environment plus the derived, always-present session secret and the resolved number of worker
 * processes (`WEB_CONCURRENCY`, at least 1).
 */
export type Env = Omit<z.infer<typeof EnvSchema>, 'WEB_CONCURRENCY' | 'PUBLIC_URL' | 'SHOP_SEAT'> & {
  SESSION_SECRET: string;
  /** `SHOP_SEAT`, else the town of `SHOP_ADDRESS`; empty only without a register entry and without a town */
  SHOP_SEAT: string;
  WEB_CONCURRENCY: number;
  /** absolute http(s) origin (and path prefix, if any) without a trailing slash */
  PUBLIC_URL: string;
};

/**
 * Parses `source` (default `process.env`); throws a readable error listing every bad variable.
 * When `SESSION_SECRET` is absent it is read from, or created in, `DATA_DIR/session-secret` (mode 0600).
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems = legalSettingProblems(env);
  // A moved clock would date real invoices wrongly: test and staging servers (sample data) only.
  if (env.SHOP_TEST_CLOCK && !env.SHOP_SAMPLE_DATA) {
    problems.push('SHOP_TEST_CLOCK: only for test and staging servers; never with real data (SHOP_SAMPLE_DATA=0)');
  }
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (!env.EKOMI_INTERFACE_ID !== !env.EKOMI_INTERFACE_PASSWORD) {
    throw new Error('Invalid environment:\n  EKOMI_INTERFACE_PASSWORD: set both EKOMI_INTERFACE_ID and it, or neither');
  }
  if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment:\n  STRIPE_WEBHOOK_SECRET: set both STRIPE_SECRET_KEY and it, or neither');
  }
  const datev = datevSettingProblems(env);
  if (datev.length > 0) throw new Error(`Invalid environment:\n${datev.map((p) => `  ${p}`).join('\n')}`);
  const wallet = walletSettingProblems(env);
  if (wallet.length > 0) throw new Error(`Invalid environment:\n${wallet.map((p) => `  ${p}`).join('\n')}`);
  const store = photoStoreSettingProblems(env);
  if (store.length > 0) throw new Error(`Invalid environment:\n${store.map((p) => `  ${p}`).join('\n')}`);
  if (!env.STAGING_HOST !== !env.STAGING_BASIC_AUTH) {
    throw new Error('Invalid environment:\n  STAGING_BASIC_AUTH: set both STAGING_HOST and it, or neither');
  }
  return {
    ...env,
    SHOP_SEAT: seatOf(env) ?? '',
    PUBLIC_URL: publicUrl(env),
    WEB_CONCURRENCY: webConcurrency(env),
    SESSION_SECRET: env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR),
  };
}

/**
 * The base of links in mails and documents (issue 14 item 7, decision 0027): `PUBLIC_URL` without its trailing
 * slash; outside production `http://localhost:<PORT>` when unset. The request's Host header is never used: a
 * client controls it, and a reset link pointing at its host would hand it the token.
 * @throws Error in production without `PUBLIC_URL` (`npm start` sets a local default and says so).
 */
function publicUrl(env: z.infer<typeof EnvSchema>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  PUBLIC_URL: required in production: the absolute http(s) address of the shop, e.g. ' +
        "https://parkplatz-shop.example (links in mails and documents use it, never the request's Host header)",
    );
  }
  return `http://localhost:${env.PORT}`;
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * The number of server processes (issue 11, decision 0018): `WEB_CONCURRENCY` when set, else the cores
 * (`os.availableParallelism()`) with PostgreSQL and 1 on PGlite.
 * @throws Error when more than one process is asked for without `DATABASE_URL`: PGlite is the database inside
 *   one process (`database/pglite-lock.server.ts`), a second process could not open it.
 */
function webConcurrency(env: z.infer<typeof EnvSchema>): number {
  if (!env.DATABASE_URL) {
    if ((env.WEB_CONCURRENCY ?? 1) > 1) {
      throw new Error(
        `Invalid environment:\n  WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} processes need PostgreSQL (DATABASE_URL); ` +
          'the embedded PGlite database lives inside one process. Unset WEB_CONCURRENCY or set it to 1.',
      );
    }
    return 1;
  }
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/**
 * The DATEV accounts against the account length (decision 0053): the revenue account is a ledger account (at most
 * `DATEV_ACCOUNT_LENGTH` digits), the debitor account a personal (one digit more) or a ledger account.
 */
function datevSettingProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const length = env.DATEV_ACCOUNT_LENGTH;
  if (!isDatevAccount(env.DATEV_REVENUE_ACCOUNT, length, 'ledger')) {
    problems.push(`DATEV_REVENUE_ACCOUNT: a ledger account of 1 to ${length} digits (DATEV_ACCOUNT_LENGTH), not 0`);
  }
  if (!isDatevAccount(env.DATEV_DEBITOR_ACCOUNT, length, 'any')) {
    problems.push(
      `DATEV_DEBITOR_ACCOUNT: a debitor of ${length + 1} digits or a ledger account of up to ${length}, not 0`,
    );
  }
  return problems;
}

/** The settings of the Apple Wallet pass, all or none (decision 0055). */
const APPLE_WALLET_KEYS = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERT',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR',
] as const;

/**
 * The wallet settings (decision 0055): Apple's five together or none, Google's two together or neither, and every
 * named file readable at start (a missing certificate would otherwise first show as a failed download).
 */
function walletSettingProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const apple = APPLE_WALLET_KEYS.filter((key) => env[key] !== undefined);
  if (apple.length > 0 && apple.length < APPLE_WALLET_KEYS.length) {
    const missing = APPLE_WALLET_KEYS.filter((key) => env[key] === undefined);
    problems.push(`${missing.join(', ')}: set all of ${APPLE_WALLET_KEYS.join(', ')}, or none`);
  }
  if (!env.GOOGLE_WALLET_ISSUER_ID !== !env.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT: set both GOOGLE_WALLET_ISSUER_ID and it, or neither');
  }
  for (const key of [
    'APPLE_WALLET_CERT',
    'APPLE_WALLET_KEY',
    'APPLE_WALLET_WWDR',
    'GOOGLE_WALLET_SERVICE_ACCOUNT',
  ] as const) {
    const file = env[key];
    if (file && !isReadableFile(file)) problems.push(`${key}: ${file} is not a readable file`);
  }
  return problems;
}

/** The settings of the S3 photo store, all or none (issue 36 item 2). */
const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The photo store's settings (issue 36 item 2): the four S3 settings together or none — with some of them the photos
 * would silently land on the local disk of one server —, and `S3_REGION` only beside them.
 */
function photoStoreSettingProblems(env: z.infer<typeof EnvSchema>): string[] {
  const set = S3_KEYS.filter((key) => env[key] !== undefined);
  if (set.length > 0 && set.length < S3_KEYS.length) {
    const missing = S3_KEYS.filter((key) => env[key] === undefined);
    return [`${missing.join(', ')}: set all of ${S3_KEYS.join(', ')}, or none`];
  }
  if (set.length === 0 && env.S3_REGION !== undefined) {
    return [`S3_REGION: only with ${S3_KEYS.join(', ')} (the S3 photo store)`];
  }
  return [];
}

function isReadableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The seat: `SHOP_SEAT` when set, else the town of `SHOP_ADDRESS` (decision 0045); null when neither. */
function seatOf(env: z.infer<typeof EnvSchema>): string | null {
  return env.SHOP_SEAT ?? townOfAddress(env.SHOP_ADDRESS);
}

/**
 * Cross-field rules of the shop's identity: register court and number come together, a registered company has a
 * seat, and with SHOP_SAMPLE_DATA=0 (real data configured) no value of the sample company may remain — Impressum,
 * invoice seller, bank account, mail addresses (issue 30 item 6). Each problem names the setting to change.
 */
function legalSettingProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if ((env.SHOP_REGISTER_COURT === '') !== (env.SHOP_REGISTER_NUMBER === '')) {
    problems.push('SHOP_REGISTER_COURT, SHOP_REGISTER_NUMBER: set both or neither');
  }
  if (env.SHOP_REGISTER_NUMBER !== '' && !seatOf(env)) {
    problems.push(
      'SHOP_SEAT: the town of SHOP_ADDRESS cannot be read ("postcode town" missing); set the seat of the company',
    );
  }
  if (env.SHOP_SAMPLE_DATA) return problems;
  const sample = 'is still the sample value; set the real one (or SHOP_SAMPLE_DATA=1)';
  for (const key of ['SHOP_NAME', 'SHOP_ADDRESS', 'SHOP_MANAGING_DIRECTORS'] as const) {
    if (env[key].trim() === SAMPLE_IDENTITY[key]) problems.push(`${key}: ${sample}`);
  }
  if (env.SHOP_VAT_ID.replace(/\s+/g, '').toUpperCase() === SAMPLE_IDENTITY.SHOP_VAT_ID) {
    problems.push(`SHOP_VAT_ID: ${sample}`);
  }
  if (env.SHOP_REGISTER_NUMBER === SAMPLE_IDENTITY.SHOP_REGISTER_NUMBER)
    problems.push(`SHOP_REGISTER_NUMBER: ${sample}`);
  if (isDramaNumber(env.SHOP_PHONE)) {
    problems.push('SHOP_PHONE: a number reserved for media productions never rings; set the real one');
  }
  for (const key of ['SHOP_EMAIL', 'MAIL_FROM'] as const) {
    if (isReservedDomain(env[key])) {
      problems.push(`${key}: ${env[key]} lies in a domain reserved for examples and receives no mail; set a real one`);
    }
  }
  if (env.PUBLIC_URL && isReservedDomain(new URL(env.PUBLIC_URL).hostname)) {
    problems.push(`PUBLIC_URL: ${env.PUBLIC_URL} lies in a domain reserved for examples; set the shop's real address`);
  }
  if (env.SHOP_IBAN === SAMPLE_IDENTITY.SHOP_IBAN) {
    problems.push(`SHOP_IBAN: ${sample} (a demo account: customers paying by invoice would transfer to it)`);
  }
  if (env.SHOP_BANK_NAME.trim().toLowerCase() === SAMPLE_IDENTITY.SHOP_BANK_NAME.toLowerCase()) {
    problems.push(`SHOP_BANK_NAME: ${sample}`);
  }
  problems.push(...eInvoiceSettingProblems(env));
  return problems;
}

/**
 * What an EN 16931 invoice needs of the seller (issue 34 item 4, decision 0052) and the settings lack: a name
 * (BT-27), an address whose street, postcode and town can be read (BT-35, BT-38, BT-37), a VAT ID in its country's
 * format (BT-31), an e-mail address (BT-34, BT-43) and a phone number (BT-42, XRechnung). Checked with
 * SHOP_SAMPLE_DATA=0 only: the sample company's data are complete.
 */
function eInvoiceSettingProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const needed = 'an e-invoice (EN 16931) needs it';
  if (!env.SHOP_NAME.trim()) problems.push(`SHOP_NAME: empty; ${needed}`);
  const address = postalAddressOf(env.SHOP_ADDRESS);
  if (!address.street || !address.postcode || !address.city) {
    problems.push(
      `SHOP_ADDRESS: street, postcode and town cannot be read (write "Street 1, 12345 Town, Country"); ${needed}`,
    );
  }
  // (the sample's VAT ID is named once, as a sample value)
  const vatId = env.SHOP_VAT_ID.replace(/\s+/g, '').toUpperCase();
  if (vatId !== SAMPLE_IDENTITY.SHOP_VAT_ID && !isValidVatId(vatId)) {
    problems.push(`SHOP_VAT_ID: not a VAT ID with country prefix and right check digit; ${needed}`);
  }
  if (!env.SHOP_EMAIL.trim()) problems.push(`SHOP_EMAIL: empty; ${needed}`);
  if (!env.SHOP_PHONE.trim()) problems.push(`SHOP_PHONE: empty; ${needed}`);
  return problems;
}

function persistentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
