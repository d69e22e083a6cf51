/**
 * Password hashing and the password rules (issue 8). Hashes are argon2id PHC strings with the OWASP minimum
 * parameters (m = 19456 KiB, t = 2, p = 1); unknown e-mails are checked against a dummy hash so sign-in takes
 * about the same time whether or not the account exists. Source: issue 8, OWASP Password Storage Cheat Sheet,
 * NIST SP 800-63B §5.1.1.2 (length 8+, refuse common passwords), decision 0010.
 */
import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordEqualsEmail } from '~/domain/auth-schema.ts';

/** argon2id parameters: memory in KiB, passes, lanes (issue 8). */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** How many of the most common passwords are refused (issue 8: "top 10,000"). */
const COMMON_PASSWORD_COUNT = 10_000;

// `Algorithm` is a const enum (not usable under isolated modules): 2 is Argon2id.
const OPTIONS = { ...ARGON2_PARAMS, algorithm: 2 as Algorithm };

let commonPasswords: Set<string> | undefined;
let dummyHash: Promise<string> | undefined;

/**
 * Hashes a password with argon2id (random 16-byte salt).
 * @returns the PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Checks `password` against a stored PHC hash. With `storedHash` null (unknown e-mail, deleted account) it
 * verifies against a dummy hash of the same cost and returns false, so both cases take about the same time.
 * A malformed stored hash counts as a mismatch.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** True when `password` is among the 10,000 most common passwords (ignoring case). */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => String(p).toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The rules a new password must meet: 8–128 characters, not among the 10,000 most common passwords of
 * `@zxcvbn-ts/language-common` (case-insensitive), not the account's e-mail (case-insensitive).
 * @returns the translation keys of the broken rules (`validation.password.*`), empty when the password is fine.
 */
export function passwordProblems(password: string, email: string): string[] {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return ['validation.password.too_short'];
  if (length > PASSWORD_MAX_LENGTH) return ['validation.password.too_long'];
  if (passwordEqualsEmail(password, email)) return ['validation.password.email'];
  if (isCommonPassword(password)) return ['validation.password.common'];
  return [];
}
