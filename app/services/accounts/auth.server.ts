/**
 * Accounts: sign-up, sign-in, sign-out, the current user, lost and reset password, e-mail verification and the
 * "has this e-mail an account" check (issue 8, DESIGN §5, SPEC §7). The API routes and the page actions call
 * these and send the answer; the caller saves the session afterwards (its `save()` hands out the cookie).
 *
 * Security stance (decision 0010): argon2id hashes; one answer for unknown e-mail and wrong password, with a
 * dummy hash verified so both take the same time; lost-password answers the same whether or not the account
 * exists; one-time tokens of 32 random bytes stored as SHA-256; rate limits counted atomically in the database.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Database } from '#database/client.server.ts';
import { reservations, sessions, users, userTokens, type UserTokenPurpose } from '#database/schema.ts';
import { isUniqueViolation } from '#database/errors.server.ts';
import { LostPasswordSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from '~/domain/auth-schema.ts';
import type { Gender } from '~/domain/checkout-schema.ts';
import type { UserView } from '~/domain/account-view.ts';
import { isEmail, issuesToFieldKeys } from '~/domain/field-errors.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { enqueueAccountMail, kickMailDelivery } from '../mail/mail.server.ts';
import { requestNewsletterForSignUp } from '../subscriptions/newsletter.server.ts';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.server.ts';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SessionPort } from '../session-port.ts';

/** A verification link is valid this long, ms (7 days; issue 8, decision 0010). */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A password-reset link is valid this long, ms (60 minutes; issue 8). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Rate limits (decision 0010): at most `limit` requests per `windowMs` per key, counted in `rate_limits` with
 * one atomic upsert per request (so parallel requests and several app processes share one count).
 */
export const AUTH_LIMITS = {
  /** sign-in attempts per client IP (several people may share an IP) */
  signinIp: { name: 'auth-signin-ip', limit: 30, windowMs: 15 * 60_000 },
  /**
   * failed sign-ins per account (e-mail as typed, lower-cased; attempts still running count until they end): over
   * it the account is braked, i.e. only addresses without a failure on it are still checked (issue 31 item 2)
   */
  signinAccount: { name: 'auth-signin-account', limit: 10, windowMs: 15 * 60_000 },
  /** failed sign-ins per account and client address (IPv6 by its /56): each address's own budget on one account */
  signinPair: { name: 'auth-signin-pair', limit: 10, windowMs: 15 * 60_000 },
  /** lost-password requests per client IP */
  lostPasswordIp: { name: 'auth-lost-ip', limit: 10, windowMs: 60 * 60_000 },
  /** lost-password requests per e-mail (bounds the mails one address can be sent) */
  lostPasswordEmail: { name: 'auth-lost-email', limit: 3, windowMs: 60 * 60_000 },
  /** sign-ups per client IP */
  signupIp: { name: 'auth-signup-ip', limit: 10, windowMs: 60 * 60_000 },
  /** `database/check/{email}` per client IP (the checkout's hint is debounced; this bounds enumeration) */
  emailCheckIp: { name: 'auth-email-check-ip', limit: 30, windowMs: 15 * 60_000 },
} as const;

/** A rate limit of {@link AUTH_LIMITS}. */
type Limit = (typeof AUTH_LIMITS)[keyof typeof AUTH_LIMITS];

/**
 * A refused accounts request: 401 (not signed in), 409, 422 (field errors, translation keys; field keys as
 * sent) or 429 (a rate limit holds; `retryAfterSeconds`). The JSON API answers it as `{message, errors?}`.
 */
export class AuthError extends RequestError {}

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;

/** The user's stored gender text as the wire value. */
function genderFromRow(value: string): Gender {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return 'd';
}

/** The wire gender as stored text (`'true'`, `'false'`, `'d'`). */
export function genderToRow(value: Gender): string {
  return String(value);
}

/** The public view of a user row. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    gender: genderFromRow(row.gender),
    firstname: row.firstname,
    lastname: row.lastname,
    emailVerified: row.emailVerifiedAt !== null,
    newsletter: row.newsletter,
  };
}

/** 422 `validation.failed` with `fields` (translation keys). */
export function invalid(fields: Record<string, string[]>): AuthError {
  return new AuthError(422, 'validation.failed', fields);
}

/** Parses `body` (a non-object counts as `{}`) with `schema`, or throws a 422 with the field errors. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (!result.success) throw invalid(issuesToFieldKeys(result.error.issues));
  return result.data;
}

/**
 * Counts one request against `limit` for `key` (atomic upsert) and throws a 429 once the count is over it.
 * @throws AuthError 429 `api.error.rate_limited` with `retryAfterSeconds` (until the window ends).
 */
export async function brake(db: Database, limit: Limit, key: string): Promise<void> {
  const hit = await new DatabaseRateLimitStore(db, limit.name).hit(key, limit.windowMs);
  if (hit.totalHits > limit.limit) {
    throw new AuthError(429, 'api.error.rate_limited', {}, secondsUntil(hit.resetTime));
  }
}

/** The seconds until `resetTime` (database clock, so compared with real time, not the app's test clock), at least 1. */
function secondsUntil(resetTime: Date): number {
  return Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
}

/** A sign-in attempt's reserved slot ({@link takeSignInSlot}). */
export type SignInSlot = {
  /** gives the slot back: the attempt did not fail (right password), so it uses up no budget */
  release(): Promise<void>;
  /** true when the account is braked once this attempt fails (its failures reach the limit with it) */
  braked: boolean;
};

/**
 * Reserves one sign-in attempt on `account` from `clientIp` BEFORE the password is checked (as the staff code
 * limit does, issue 31 item 1): one atomic upsert on the account's counter ({@link AUTH_LIMITS}.signinAccount) and
 * one on the account-and-address counter (`signinPair`, the address as express-rate-limit keys it: an IPv6 address
 * by its /56 network). A failure keeps both slots; the caller gives them back with `release()` when the password
 * was right, so the counters hold failures (plus attempts still running).
 *
 * Refused (both slots given back, so a refusal counts as nothing):
 * - an address with `signinPair.limit` failures on the account;
 * - while the account is braked (over `signinAccount.limit`), every address that failed on it in the window (or
 *   has an attempt running). An address without one, normally the owner's, is still checked, so nobody locks the
 *   owner out; each of its failures makes it refused too, so an attacker with N addresses gets at most
 *   `signinAccount.limit` + N guesses per window (issue 31 item 2, decision 0047).
 *
 * @param account - the counter key of the account (the shop's e-mail, `staff:` + e-mail for the back office).
 * @throws AuthError 429 `api.error.rate_limited` with the seconds until the refusing window ends.
 */
export async function takeSignInSlot(db: Database, account: string, clientIp: string): Promise<SignInSlot> {
  const { signinAccount, signinPair } = AUTH_LIMITS;
  const pairs = new DatabaseRateLimitStore(db, signinPair.name);
  const accounts = new DatabaseRateLimitStore(db, signinAccount.name);
  const pairKey = JSON.stringify([account, ipKeyGenerator(clientIp)]);
  const pair = await pairs.hit(pairKey, signinPair.windowMs);
  if (pair.totalHits > signinPair.limit) {
    // A refusal is not a failure: the count stays at the limit instead of growing with every refused request.
    await pairs.decrement(pairKey);
    throw new AuthError(429, 'api.error.rate_limited', {}, secondsUntil(pair.resetTime));
  }
  const hit = await accounts.hit(account, signinAccount.windowMs);
  // pair.totalHits > 1: this address failed on the account before (or has an attempt running right now).
  if (hit.totalHits > signinAccount.limit && pair.totalHits > 1) {
    await Promise.all([pairs.decrement(pairKey), accounts.decrement(account)]);
    // Allowed again when either window ends: the account's (no brake) or the address's (no failure).
    const reset = Math.min(hit.resetTime.getTime(), pair.resetTime.getTime());
    throw new AuthError(429, 'api.error.rate_limited', {}, secondsUntil(new Date(reset)));
  }
  return {
    braked: hit.totalHits >= signinAccount.limit,
    async release() {
      await Promise.all([pairs.decrement(pairKey), accounts.decrement(account)]);
    },
  };
}

/** SHA-256 of a token, hex (what `user_tokens.token_hash` stores). */
function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a one-time token (32 random bytes, base64url) for `userId` and stores its hash.
 * @returns the token itself (goes into the mail link only).
 */
async function createUserToken(
  ctx: ServiceContext,
  input: { userId: number; purpose: UserTokenPurpose; email: string; ttlMs: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db.insert(userTokens).values({
    purpose: input.purpose,
    tokenHash: hashToken(token),
    userId: input.userId,
    email: input.email,
    expiresAt: new Date(ctx.now().getTime() + input.ttlMs),
    createdAt: ctx.now(),
  });
  return token;
}

/**
 * Uses a one-time token of one of `purposes`: marks it used in one conditional update (so two parallel uses
 * cannot both succeed) when it exists, is unused and has not expired.
 * @returns the token row, or null when the token is unknown, used, expired or of another purpose.
 */
async function consumeToken(db: Database, token: string, purposes: UserTokenPurpose[], now: Date) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
        sql`${userTokens.purpose} in (${sql.join(
          purposes.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The live (not deleted) user with this lower-cased e-mail, or null. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The live (not deleted) user with this id, or null. */
export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The lifetime of a link as the reader sees it ("60 Minuten", "7 days"). */
function validFor(locale: Locale, ttlMs: number): string {
  const t = translator(locale);
  const minutes = Math.round(ttlMs / 60_000);
  return minutes < 24 * 60
    ? t('auth.mail.minutes', { count: minutes })
    : t('auth.mail.days', { count: Math.round(minutes / (24 * 60)) });
}

/**
 * Sends a one-time link by mail (outbox; delivery kicked, failures logged): the verification of `email`
 * (`verify_email`, `change_email`: `/konto/bestaetigen/<token>`) or a password reset (`/passwort/<token>`).
 * Links start with `PUBLIC_URL` (never the request's host: issue 14 item 7).
 */
export async function sendTokenMail(
  ctx: ServiceContext,
  input: { user: UserRow; purpose: UserTokenPurpose; email: string; locale: Locale },
): Promise<void> {
  const ttlMs = input.purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
  const token = await createUserToken(ctx, {
    userId: input.user.id,
    purpose: input.purpose,
    email: input.email,
    ttlMs,
  });
  const path = input.purpose === 'reset_password' ? `/passwort/${token}` : `/konto/bestaetigen/${token}`;
  const base = ctx.env.PUBLIC_URL;
  await enqueueAccountMail(ctx, {
    kind: input.purpose,
    to: input.email,
    locale: input.locale,
    url: `${base}${localePath(input.locale, path)}`,
    firstname: input.user.firstname,
    validFor: validFor(input.locale, ttlMs),
  });
  // Like every queued mail: this process's worker, or in a cluster the jobs process, delivers it (decision 0018).
  kickMailDelivery(ctx);
}

/** Signs `userId` in on `session`: a new id (against session fixation), the user and the sign-in time. */
async function startSignedInSession(ctx: ServiceContext, session: SessionPort, userId: number): Promise<void> {
  await session.rotate();
  const now = ctx.now().getTime();
  session.set('userId', userId);
  session.set('authenticatedAt', now);
  session.set('lastSeenAt', now);
}

/**
 * Ends every session of a user (deletes the rows; their cookies then load as new anonymous sessions).
 * Used after a password reset and an account deletion. Source: issue 8.
 */
export async function endAllSessionsOfUser(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Attaches the guest reservations booked with `email` (billing address e-mail, ignoring case) to `userId`;
 * only called once the user has proved owning the address (issue 8: never before verification).
 * @returns how many reservations were attached.
 */
async function attachGuestReservations(db: Database, userId: number, email: string): Promise<number> {
  const rows = await db
    .update(reservations)
    .set({ userId })
    .where(
      and(isNull(reservations.userId), sql`lower(${reservations.billingAddress}->>'email') = ${email.toLowerCase()}`),
    )
    .returning({ id: reservations.id });
  return rows.length;
}

/**
 * Signs a new customer up (`POST auth/signup`): checks the body (SignUpSchema and the password rules), creates
 * the user (argon2id hash, unverified e-mail), queues the verification mail (7 days), rotates the session id and
 * signs in. Earlier guest reservations are attached only once the e-mail is verified.
 *
 * @param input.session - the visitor's session (rotated; the caller saves it and sends the new CSRF token).
 * @param input.body - `{gender, firstname, lastname, email, password, passwordConfirmation, newsletter?, terms}`.
 * @param input.locale - language of the account's mails.
 * @param input.clientIp - for the per-IP limit.
 * @returns the new user's view.
 * @throws AuthError 429 (limit), 422 field errors (`email`: `auth.api.email_taken` for a known e-mail).
 * Source: issue 8, DESIGN §5 (auth/signup), SPEC §7.
 */
export async function signUp(
  ctx: ServiceContext,
  input: { session: SessionPort; body: unknown; locale: Locale; clientIp: string },
): Promise<UserView> {
  await brake(ctx.db, AUTH_LIMITS.signupIp, input.clientIp);
  const data = parseBody(SignUpSchema, input.body);
  const problems = passwordProblems(data.password, data.email);
  if (problems.length) throw invalid({ password: problems });
  const taken = invalid({ email: ['auth.api.email_taken'] });
  if (await findUserByEmail(ctx.db, data.email)) throw taken;
  const passwordHash = await hashPassword(data.password);
  let user: UserRow;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        email: data.email,
        passwordHash,
        gender: genderToRow(data.gender),
        firstname: data.firstname,
        lastname: data.lastname,
        newsletter: data.newsletter,
        locale: input.locale,
        createdAt: ctx.now(),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
  try {
    await sendTokenMail(ctx, {
      user,
      purpose: 'verify_email',
      email: user.email,
      locale: input.locale,
    });
  } catch (err) {
    ctx.logger.error({ err, userId: user.id }, 'could not queue the verification mail');
  }
  // The newsletter tick box starts the double opt-in for the account's address (issue 10), in the background.
  if (data.newsletter) {
    const { email, firstname, lastname } = user;
    const { locale, clientIp } = input;
    requestNewsletterForSignUp(ctx, { email, firstname, lastname, locale, clientIp });
  }
  await startSignedInSession(ctx, input.session, user.id);
  return toUserView(user);
}

/**
 * Signs in (`POST auth/signin` `{login, password}`): limits per IP, then the account's brake and the address's
 * budget on it ({@link takeSignInSlot}: a braked account still checks addresses that have not failed on it, so the
 * owner gets in; issue 31 item 2), then the password check; unknown e-mail, deleted account and wrong password
 * give the same answer in about the same time (a dummy hash is verified). Rotates the session id (the cart and
 * guest access stay).
 *
 * @returns the user's view.
 * @throws AuthError 429 (limit), 422 malformed body (field errors) or `{login: ['auth.api.signin_failed']}`.
 * Source: issue 8 (no enumeration), issue 31 item 2, DESIGN §5 (auth/signin), OWASP Authentication Cheat Sheet,
 * decision 0047.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { session: SessionPort; body: unknown; clientIp: string },
): Promise<UserView> {
  await brake(ctx.db, AUTH_LIMITS.signinIp, input.clientIp);
  const data = parseBody(SignInSchema, input.body);
  const slot = await takeSignInSlot(ctx.db, data.login, input.clientIp);
  const user = await findUserByEmail(ctx.db, data.login);
  const ok = await verifyPassword(user?.passwordHash, data.password);
  if (!user || !ok) throw new AuthError(422, 'auth.api.signin_failed', { login: ['auth.api.signin_failed'] });
  await slot.release();
  await startSignedInSession(ctx, input.session, user.id);
  return toUserView(user);
}

/**
 * Signs out (`GET auth/signout`): deletes the session row; the session continues as a new anonymous one (new
 * id and CSRF token; the caller saves it and hands the token out). Source: issue 8, decision 0003.
 */
export async function signOut(_ctx: ServiceContext, input: { session: SessionPort }): Promise<void> {
  await input.session.destroy();
}

/**
 * The signed-in user (`GET auth/me`), or null when the session is anonymous, timed out (the session store
 * already dropped it) or its user was deleted.
 */
export async function currentUser(ctx: ServiceContext, input: { session: SessionPort }): Promise<UserView | null> {
  const userId = input.session.get('userId');
  if (userId === undefined) return null;
  const user = await findUserById(ctx.db, userId);
  return user ? toUserView(user) : null;
}

/**
 * Starts a password reset (`POST auth/lost-password` `{email}`): when a live account has the address, a reset
 * link valid 60 minutes is mailed (outbox, queued in the background). The outcome and its timing are the same
 * whether or not the account exists.
 *
 * @throws AuthError 429 (per IP, per e-mail), 422 malformed e-mail.
 * Source: issue 8 (no enumeration), OWASP Forgot Password Cheat Sheet.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: { body: unknown; locale: Locale; clientIp: string },
): Promise<void> {
  await brake(ctx.db, AUTH_LIMITS.lostPasswordIp, input.clientIp);
  const { email } = parseBody(LostPasswordSchema, input.body);
  await brake(ctx.db, AUTH_LIMITS.lostPasswordEmail, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  // Queued without waiting, so the answer takes the same time whether or not the account exists.
  void sendTokenMail(ctx, {
    user,
    purpose: 'reset_password',
    email: user.email,
    locale: input.locale,
  }).catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'could not queue the reset mail'));
}

/**
 * Sets a new password with a reset token (`POST auth/reset-password` `{token, password, passwordConfirmation}`):
 * the token must be a live, unused reset token (it is used up by this call, and so are the user's other reset
 * tokens); the password must meet the rules. Ends every session of the user.
 *
 * @throws AuthError 422: `token` `auth.api.token_invalid` (unknown, used, expired); password rules.
 * Source: issue 8.
 */
export async function resetPassword(ctx: ServiceContext, input: { body: unknown }): Promise<void> {
  const data = parseBody(ResetPasswordSchema, input.body);
  const tokenInvalid = invalid({ token: ['auth.api.token_invalid'] });
  const now = ctx.now();
  // Check the password against the token's user before using the token up, so a refused password can be retried.
  const [pending] = await ctx.db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(data.token)),
        eq(userTokens.purpose, 'reset_password'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const user = pending ? await findUserById(ctx.db, pending.userId) : null;
  if (!user) throw tokenInvalid;
  const problems = passwordProblems(data.password, user.email);
  if (problems.length) throw invalid({ password: problems });
  const passwordHash = await hashPassword(data.password);
  const used = await consumeToken(ctx.db, data.token, ['reset_password'], now);
  if (!used) throw tokenInvalid;
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await ctx.db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'reset_password'), isNull(userTokens.usedAt)));
  await endAllSessionsOfUser(ctx.db, user.id);
}

/**
 * Verifies an e-mail address with the token from the mail (`POST auth/verify-email` `{token}`): a sign-up's
 * `verify_email` marks the account's address verified; a `change_email` token switches the account to the new
 * address (verified). Either way, guest reservations booked with the verified address are attached to the user.
 *
 * @returns the user's view after the change.
 * @throws AuthError 422 `token`: `auth.api.token_invalid` (unknown, used, expired, or the account's address has
 *   changed since), `auth.api.email_taken` (the new address now belongs to another account).
 * Source: issue 8 (e-mail ownership before reservations are attached).
 */
export async function verifyEmail(ctx: ServiceContext, input: { token: string }): Promise<UserView> {
  const tokenInvalid = invalid({ token: ['auth.api.token_invalid'] });
  if (typeof input.token !== 'string' || input.token.length === 0 || input.token.length > 200) throw tokenInvalid;
  const now = ctx.now();
  const token = await consumeToken(ctx.db, input.token, ['verify_email', 'change_email'], now);
  const user = token ? await findUserById(ctx.db, token.userId) : null;
  if (!token || !user || !token.email) throw tokenInvalid;
  let updated: UserRow;
  if (token.purpose === 'verify_email') {
    if (token.email !== user.email) throw tokenInvalid;
    [updated] = await ctx.db
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id))
      .returning();
  } else {
    const other = await findUserByEmail(ctx.db, token.email);
    if (other && other.id !== user.id) throw invalid({ token: ['auth.api.email_taken'] });
    try {
      [updated] = await ctx.db
        .update(users)
        .set({ email: token.email, emailVerifiedAt: now })
        .where(eq(users.id, user.id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ token: ['auth.api.email_taken'] });
      throw error;
    }
  }
  const attached = await attachGuestReservations(ctx.db, updated.id, updated.email);
  if (attached) ctx.logger.info({ userId: updated.id, attached }, 'guest reservations attached');
  return toUserView(updated);
}

/**
 * Whether an account has this e-mail (`GET database/check/{email}`, SPEC §7; the checkout's "log in?" hint).
 * A malformed address has none. Limited per IP, since the answer reveals whether an account exists.
 * @throws AuthError 429.
 */
export async function emailExists(ctx: ServiceContext, input: { email: string; clientIp: string }): Promise<boolean> {
  await brake(ctx.db, AUTH_LIMITS.emailCheckIp, input.clientIp);
  const email = String(input.email ?? '')
    .trim()
    .toLowerCase();
  if (!isEmail(email)) return false;
  return (await findUserByEmail(ctx.db, email)) !== null;
}
