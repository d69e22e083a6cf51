/**
 * What the double opt-in subscriptions share (the newsletter, issue 10; the price watch, issue 37 item 2): token
 * hashing and shape, and the work started after the answer — everything that depends on the address runs in the
 * background, so neither the answer nor its timing tells whether an address is known (no enumeration).
 */
import crypto from 'node:crypto';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** SHA-256 of a token, hex (what the `confirm_token_hash` columns store). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new random token for a link: 32 bytes, base64url (43 characters). */
export function newLinkToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A token as it can appear in a link: 1–200 URL-safe characters. */
export function isTokenShape(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(token);
}

/** Work started after the answer (per process), so tests and shutdown can wait for it. */
const inFlight = new Set<Promise<void>>();

/**
 * Runs `work` after the caller answered; a failure is logged (`label: background work failed`), never thrown.
 * @param label - the subscription's name in the log line (`newsletter`, `price watch`).
 */
export function inBackground(ctx: ServiceContext, label: string, work: () => Promise<void>): void {
  const promise: Promise<void> = work()
    .catch((err: unknown) => ctx.logger.error({ err }, `${label}: background work failed`))
    .finally(() => inFlight.delete(promise));
  inFlight.add(promise);
}

/** Resolves once every subscription's background work started in this process has finished. */
export async function subscriptionWorkSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Counts one attempt of `key` against a database rate limit (shared by every process).
 * @returns null within the limit, else the seconds until the window ends (for `Retry-After`, at least 1).
 */
export async function overLimit(
  ctx: ServiceContext,
  limit: { name: string; limit: number; windowMs: number },
  key: string,
): Promise<number | null> {
  const hit = await new DatabaseRateLimitStore(ctx.db, limit.name).hit(key, limit.windowMs);
  if (hit.totalHits <= limit.limit) return null;
  return Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
}
