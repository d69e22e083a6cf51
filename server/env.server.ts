/**
 * Environment, validated with zod once at start (Epic Stack style). A missing `SESSION_SECRET` is generated
 * once and kept in the data directory, so the embedded (PGlite) mode needs no configuration at all.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isValidBic, isValidIban } from '~/domain/girocode.ts';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

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
  SESSION_SECRET: z.string().min(32).optional(),
  APP_DEBUG: flag,
  COOKIE_SECURE: flag,
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parkplatz-Shop <buchung@parkplatz-shop.example>'),
  SHOP_NAME: z.string().default('Parkplatz-Shop'),
  SHOP_ADDRESS: z.string().default('Hafenstraße 12, 60327 Frankfurt am Main, Deutschland'),
  SHOP_EMAIL: z.string().default('service@parkplatz-shop.example'),
  SHOP_PHONE: z.string().default('+49 69 1234 5670'),
  SHOP_VAT_ID: z.string().default('DE123456789'),
  /** The shop's bank account for payment by invoice (bank details and GiroCode); holder = `SHOP_NAME`. */
  SHOP_IBAN: z
    .string()
    .default('DE02120300000000202051')
    .refine(isValidIban, 'not a valid IBAN (ISO 13616 format and mod-97 check digits)')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  SHOP_BIC: z
    .string()
    .default('BYLADEM1001')
    .refine(isValidBic, 'not a valid BIC (8 or 11 characters)')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  SHOP_BANK_NAME: z.string().min(1).default('Demo Bank'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ANALYTICS_URL: z.string().optional(),
  /** Photon-compatible geocoder endpoint of the billing-address autocomplete; unset or empty = feature off. */
  ADDRESS_AUTOCOMPLETE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** eKomi review provider (decision 0012): the shop's interface id and password; both or neither (demo reviews). */
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
});

/** The validated environment plus the derived, always-present session secret. */
export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

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
  if (!env.EKOMI_INTERFACE_ID !== !env.EKOMI_INTERFACE_PASSWORD) {
    throw new Error('Invalid environment:\n  EKOMI_INTERFACE_PASSWORD: set both EKOMI_INTERFACE_ID and it, or neither');
  }
  return { ...env, SESSION_SECRET: env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR) };
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
