/**
 * The back office's accounts (issue 15 item 1): the one-time setup link for the first admin, the sign-in with
 * password and TOTP (RFC 6238, otplib) or a recovery code, the TOTP enrolment, invitations with a set-password
 * link, disabling members, and the staff list. Sessions themselves are `staff-session.server.ts`.
 *
 * Security stance (decision 0028 "back-office sign-in"): argon2id passwords with the shop's rules; TOTP SHA-1,
 * 6 digits, 30 s steps, ±1 step accepted, a step never accepted twice (`staff.totp_last_step`, updated
 * conditionally so two parallel uses of one code cannot both pass); recovery codes stored as SHA-256, each used
 * once; failed codes limited per member; one-time links stored as SHA-256.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, gt, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '#database/client.server.ts';
import { parkingLots, staff, staffSessions, staffTokens } from '#database/schema.ts';
import { isUniqueViolation } from '#database/errors.server.ts';
import {
  RECOVERY_CODE_COUNT,
  recoveryCodeOf,
  StaffInviteSchema,
  StaffPasswordSchema,
  StaffSetupSchema,
  StaffSignInSchema,
  totpCodeOf,
  formatRecoveryCode,
} from '~/domain/staff-auth.ts';
import type { StaffActor, StaffListEntry } from '~/domain/staff-roles.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { recordAudit } from './audit-log.server.ts';
import { AUTH_LIMITS, AuthError, brake, parseBody, takeSignInSlot } from '../accounts/auth.server.ts';
import { enqueueAccountMail, enqueueMail, kickMailDelivery, shopInfo } from '../mail/mail.server.ts';
import { renderStaffBrakeMail } from '../mail/mail-templates.server.ts';
import { hashPassword, passwordProblems, verifyPassword } from '../accounts/passwords.server.ts';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { endAllStaffSessions, findActiveStaffByEmail, hashToken, staffExists } from './staff-session.server.ts';

/** The setup link is valid this long, ms (24 h; a restart while no staff exists makes a new one). */
const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** An invitation link is valid this long, ms (7 days, issue 15). */
const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** TOTP time step, s (RFC 6238 default; what authenticator apps use). */
const TOTP_PERIOD_S = 30;
/** Failed second-factor codes per member and window before it answers 429 (issue 15: failed codes limited). */
const CODE_LIMIT = { name: 'staff-code', limit: 10, windowMs: 15 * 60_000 } as const;
/** Brake notices per member (issue 31 item 2): counted like a limit, only the window's first one is mailed. */
const BRAKE_NOTICE = { name: 'staff-brake-notice' } as const;
/** The name of the file the setup link is written to, in `DATA_DIR` (PGlite: no second process may ask). */
export const SETUP_URL_FILE = 'admin-setup-url';
/** The TOTP issuer shown in authenticator apps. */
const TOTP_ISSUER = 'Parkplatz-Shop Backoffice';

/** A refused back-office accounts request: 422 field errors (translation keys), 404, 409 or 429. */
class StaffAuthError extends RequestError {}

/** A staff row as stored. */
export type StaffRow = typeof staff.$inferSelect;

function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

// ---------------------------------------------------------------------------------------------------------------
// The one-time setup link

/**
 * At server start: while no staff exists, replaces any unused setup link by a new one (24 h), logs it and writes
 * it to `DATA_DIR/admin-setup-url`; once staff exists, removes that file. Call it in one process only (the single
 * process or the cluster's jobs process).
 * @returns the absolute setup link, or null when staff exists.
 */
export async function offerSetupLink(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'logger'>,
  input: { dataDir: string; origin: string },
): Promise<string | null> {
  const file = path.join(input.dataDir, SETUP_URL_FILE);
  if (await staffExists(ctx.db)) {
    fs.rmSync(file, { force: true });
    return null;
  }
  const token = newToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(staffTokens).where(and(eq(staffTokens.kind, 'setup'), isNull(staffTokens.usedAt)));
    await tx.insert(staffTokens).values({
      kind: 'setup',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS),
      createdAt: now,
    });
  });
  const url = `${input.origin}/admin/einrichten/${token}`;
  fs.mkdirSync(input.dataDir, { recursive: true });
  fs.writeFileSync(file, `${url}\n`, { mode: 0o600 });
  ctx.logger.warn({ setupUrl: url }, `No back-office account yet. Create the first admin within 24 hours: ${url}`);
  return url;
}

/** The condition of the live (unused, unexpired) one-time link of `kind` with this token. */
function liveTokenIs(token: string, kind: 'setup' | 'invite', now: Date) {
  return and(
    eq(staffTokens.tokenHash, hashToken(token)),
    eq(staffTokens.kind, kind),
    isNull(staffTokens.usedAt),
    gt(staffTokens.expiresAt, now),
  );
}

/** A live (unused, unexpired) one-time link of `kind`, or null. */
async function liveToken(db: Database, token: string, kind: 'setup' | 'invite', now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(staffTokens)
    .where(liveTokenIs(token, kind, now))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the live one-time link of `kind` used, inside the caller's transaction `tx`; false when it is not live
 * (used meanwhile by a parallel request, expired, unknown), so of two parallel uses exactly one gets true.
 */
async function spendToken(tx: Database, token: string, kind: 'setup' | 'invite', now: Date): Promise<boolean> {
  const used = await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(liveTokenIs(token, kind, now))
    .returning({ id: staffTokens.id });
  return used.length > 0;
}

/** Whether `token` is a live setup link while no staff exists (the setup page shows its form only then). */
export async function setupLinkValid(db: Database, token: string, now: Date): Promise<boolean> {
  return (await liveToken(db, token, 'setup', now)) !== null && !(await staffExists(db));
}

/**
 * Creates the first admin with the setup link (`{name, email, password, passwordConfirmation}`): the link is used
 * up in the same transaction (conditional update: two parallel posts cannot both create one), the audit row has
 * no actor; `DATA_DIR/admin-setup-url` is removed.
 * @returns the new admin.
 * @throws StaffAuthError 422 field errors (password rules), 404 `admin.auth.link_invalid` (unknown, used, expired
 *   link, or staff exists already).
 */
export async function completeSetup(
  ctx: ServiceContext,
  input: { token: string; body: unknown; dataDir: string },
): Promise<StaffRow> {
  const data = parseBody(StaffSetupSchema, input.body);
  const problems = passwordProblems(data.password, data.email);
  if (problems.length) throw new StaffAuthError(422, 'validation.failed', { password: problems });
  const passwordHash = await hashPassword(data.password);
  const now = ctx.now();
  const gone = new StaffAuthError(404, 'admin.auth.link_invalid');
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await spendToken(tx, input.token, 'setup', now))) throw gone;
    // Serialises parallel setups: the second waits for the first's commit and then finds the staff row.
    await tx.execute(sql`lock table ${staff} in share row exclusive mode`);
    if (await staffExists(tx)) throw gone;
    const [admin] = await tx
      .insert(staff)
      .values({ email: data.email, name: data.name, role: 'admin', passwordHash, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      null,
      {
        action: 'staff.setup',
        entity: 'staff',
        entityId: admin.id,
        after: { email: admin.email, name: admin.name, role: admin.role },
      },
      now,
    );
    return admin;
  });
  fs.rmSync(path.join(input.dataDir, SETUP_URL_FILE), { force: true });
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in: password, then TOTP or a recovery code

/**
 * The password step of the staff sign-in (`{login, password}`): limits per client IP, then the account's brake
 * and the address's budget on it, as the shop's sign-in ({@link takeSignInSlot}: a braked account still checks
 * addresses that have not failed on it, so the member gets in; issue 31 item 2), then argon2id; unknown, disabled,
 * not yet activated accounts and a wrong password all give the same answer in about the same time. A failure that
 * leaves an active member's account braked queues a notice to the member ({@link renderStaffBrakeMail}; at most
 * one per 15 minutes, not one per failure). A member not yet enrolled loses a pending TOTP secret (the enrolment page
 * makes a new one).
 * @returns the member (the caller starts a session without second factor).
 * @throws AuthError 429, StaffAuthError 422 (`login`: `admin.auth.signin_failed`).
 * Source: issue 15 item 1, issue 31 item 2, decisions 0028 and 0047.
 */
export async function checkStaffPassword(
  ctx: ServiceContext,
  input: { body: unknown; clientIp: string },
): Promise<StaffRow> {
  await brake(ctx.db, AUTH_LIMITS.signinIp, `staff:${input.clientIp}`);
  const data = parseBody(StaffSignInSchema, input.body);
  const slot = await takeSignInSlot(ctx.db, `staff:${data.login}`, input.clientIp);
  const member = await findActiveStaffByEmail(ctx.db, data.login);
  const ok = await verifyPassword(member?.passwordHash, data.password);
  if (!member || !ok) {
    if (member && slot.braked) await mailBrakeNotice(ctx, member);
    throw new StaffAuthError(422, 'validation.failed', { login: ['admin.auth.signin_failed'] });
  }
  await slot.release();
  if (!member.totpEnabledAt && member.totpSecret) {
    // A pending enrolment's secret is not handed to a second sign-in: each one starts with a fresh secret, so
    // whoever else learnt the password cannot know the secret the member finally confirms.
    await ctx.db
      .update(staff)
      .set({ totpSecret: null })
      .where(and(eq(staff.id, member.id), isNull(staff.totpEnabledAt)));
  }
  return member;
}

/**
 * Queues the notice that the member's sign-in is braked (issue 31 item 2), once per window: every failure that
 * leaves the account braked calls it, and only the first hit of {@link BRAKE_NOTICE} (the same atomic upsert as
 * the limits) mails, so parallel failures and a right password running meanwhile cannot make it two.
 */
async function mailBrakeNotice(ctx: ServiceContext, member: StaffRow): Promise<void> {
  const { limit, windowMs } = AUTH_LIMITS.signinAccount;
  const notice = await new DatabaseRateLimitStore(ctx.db, BRAKE_NOTICE.name).hit(String(member.id), windowMs);
  if (notice.totalHits > 1) return;
  const mail = renderStaffBrakeMail(
    {
      name: member.name,
      failures: limit,
      minutes: windowMs / 60_000,
      // PUBLIC_URL only, never the request's Host header (issue 14 item 7, decision 0027).
      signInUrl: `${ctx.env.PUBLIC_URL}${localePath('de', '/admin/anmelden')}`,
    },
    shopInfo(ctx.env),
  );
  await enqueueMail(ctx.db, { kind: 'staff_signin_brake', to: member.email, locale: 'de', mail });
  kickMailDelivery(ctx);
}

/**
 * The time step a TOTP `code` belongs to for `secret` at `now` (±1 step for clock drift), or null when it does not
 * match. Steps at or before `afterStep` are refused (replay).
 */
async function totpStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_S,
    epochTolerance: TOTP_PERIOD_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

/** The member with this id (whatever its state), or null. */
async function staffById(db: Database, staffId: number): Promise<StaffRow | null> {
  const [member] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  return member ?? null;
}

/**
 * A member's budget of failed codes ({@link CODE_LIMIT}). `take()` counts the attempt BEFORE its code is checked,
 * in one atomic upsert, so parallel attempts cannot all read "below the limit" before any of them counts: exactly
 * `CODE_LIMIT.limit` codes are checked per window, on PostgreSQL as on PGlite (issue 31 item 1; as the guest
 * lookup's per-IP slot, issue 14). A failure keeps its slot (`fail()`); an attempt that does not fail gives it back
 * (`release()`), so successful codes never use up the budget.
 * @throws from `take()`: AuthError 429 `api.error.rate_limited` with the seconds until the window ends (database
 * clock); from `fail()`: StaffAuthError 422 (`code`: `admin.auth.code_invalid`), always.
 */
function codeBrake(db: Database, staffId: number) {
  const store = new DatabaseRateLimitStore(db, CODE_LIMIT.name);
  const key = String(staffId);
  return {
    async take(): Promise<void> {
      const hit = await store.hit(key, CODE_LIMIT.windowMs);
      if (hit.totalHits > CODE_LIMIT.limit) {
        // A refusal is not a failure: the count stays at the limit instead of growing with every refused request.
        await store.decrement(key);
        const seconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
        throw new AuthError(429, 'api.error.rate_limited', {}, seconds);
      }
    },
    async release(): Promise<void> {
      await store.decrement(key);
    },
    fail(): never {
      throw new StaffAuthError(422, 'validation.failed', { code: ['admin.auth.code_invalid'] });
    },
  };
}

/**
 * Starts a code attempt of a member: counts it against the member's brake first ({@link codeBrake}: `take()`),
 * then loads the member (null when gone). The caller checks the code and ends with `limit.fail()` or
 * `limit.release()`.
 * @throws AuthError 429 when the brake holds.
 */
async function codeAttempt(db: Database, staffId: number) {
  const limit = codeBrake(db, staffId);
  await limit.take();
  return { limit, member: await staffById(db, staffId) };
}

/**
 * The second step of the sign-in: a TOTP code (six digits; a step already used is refused) or one of the member's
 * recovery codes (used up). Failed codes count against {@link CODE_LIMIT}, each attempt counted before its code is
 * checked (issue 31 item 1). Records the sign-in time.
 * @returns how the member proved it: `totp` or `recovery` (with the number of recovery codes left).
 * @throws AuthError 429; StaffAuthError 422 (`code`: `admin.auth.code_invalid`), 409 when TOTP is not enrolled.
 */
export async function verifySecondFactor(
  ctx: ServiceContext,
  input: { staffId: number; code: string },
): Promise<{ method: 'totp' } | { method: 'recovery'; left: number }> {
  const { limit, member } = await codeAttempt(ctx.db, input.staffId);
  const now = ctx.now();
  if (!member?.totpSecret || !member.totpEnabledAt) {
    await limit.release();
    throw new StaffAuthError(409, 'admin.auth.not_enrolled');
  }
  const totp = totpCodeOf(input.code);
  if (totp) {
    const step = await totpStep(member.totpSecret, totp, now, member.totpLastStep);
    if (step === null) return limit.fail();
    // Conditional: of two requests with the same code only one moves the step forward.
    const [taken] = await ctx.db
      .update(staff)
      .set({ totpLastStep: step, lastSignInAt: now })
      .where(and(eq(staff.id, member.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    if (!taken) return limit.fail();
    await limit.release();
    return { method: 'totp' };
  }
  const recovery = recoveryCodeOf(input.code);
  if (!recovery) return limit.fail();
  const hash = hashToken(recovery);
  const [left] = await ctx.db
    .update(staff)
    .set({ recoveryCodeHashes: sql`${staff.recoveryCodeHashes} - ${hash}::text`, lastSignInAt: now })
    .where(and(eq(staff.id, member.id), sql`jsonb_exists(${staff.recoveryCodeHashes}, ${hash}::text)`))
    .returning({ codes: staff.recoveryCodeHashes });
  if (!left) return limit.fail();
  await limit.release();
  return { method: 'recovery', left: left.codes.length };
}

// ---------------------------------------------------------------------------------------------------------------
// TOTP enrolment

/** What the enrolment page shows: the secret as text (grouped) and as an otpauth QR code (inline SVG). */
export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

/**
 * The pending TOTP secret of a member not yet enrolled (created on first call, kept across reloads so the QR code
 * stays the same until confirmed).
 * @throws StaffAuthError 409 `admin.auth.already_enrolled` when TOTP is enrolled already.
 */
export async function startTotpEnrolment(db: Database, staffId: number): Promise<TotpEnrolment> {
  const member = await staffById(db, staffId);
  if (!member) throw new StaffAuthError(404, 'admin.auth.link_invalid');
  if (member.totpEnabledAt) throw new StaffAuthError(409, 'admin.auth.already_enrolled');
  let secret = member.totpSecret;
  if (!secret) {
    secret = generateSecret({ length: 20 });
    const [row] = await db
      .update(staff)
      .set({ totpSecret: secret })
      .where(and(eq(staff.id, staffId), isNull(staff.totpSecret)))
      .returning({ secret: staff.totpSecret });
    // A parallel first call stored its secret first: use that one.
    if (!row) secret = (await db.select({ s: staff.totpSecret }).from(staff).where(eq(staff.id, staffId)))[0].s!;
  }
  const uri = generateURI({ issuer: TOTP_ISSUER, label: member.email, secret, period: TOTP_PERIOD_S });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the enrolment with a code of the pending secret: TOTP counts from now on (the step is marked used), and
 * 10 fresh recovery codes are made (their SHA-256 stored). Audited as the member's own write.
 * @returns the recovery codes as shown once (`xxxxx-xxxxx`).
 * @throws AuthError 429; StaffAuthError 422 (`code`), 409 already enrolled / no pending secret.
 */
export async function confirmTotpEnrolment(
  ctx: ServiceContext,
  input: { staffId: number; code: string },
): Promise<string[]> {
  const { limit, member } = await codeAttempt(ctx.db, input.staffId);
  const now = ctx.now();
  if (!member?.totpSecret || member.totpEnabledAt) {
    await limit.release();
    throw new StaffAuthError(409, 'admin.auth.already_enrolled');
  }
  const code = totpCodeOf(input.code);
  const step = code ? await totpStep(member.totpSecret, code, now, member.totpLastStep) : null;
  if (step === null) return limit.fail();
  // The code was right: its slot goes back whatever the enrolment's write answers (a 409 is no wrong code).
  await limit.release();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomRecoveryCode());
  return ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(staff)
      .set({ totpEnabledAt: now, totpLastStep: step, recoveryCodeHashes: codes.map(hashToken), lastSignInAt: now })
      .where(and(eq(staff.id, member.id), isNull(staff.totpEnabledAt), eq(staff.totpSecret, member.totpSecret!)))
      .returning({ id: staff.id });
    if (!done) throw new StaffAuthError(409, 'admin.auth.already_enrolled');
    await recordAudit(
      tx,
      { staffId: member.id },
      { action: 'staff.totp_enrol', entity: 'staff', entityId: member.id, after: { totpEnabledAt: now } },
      now,
    );
    return codes.map(formatRecoveryCode);
  });
}

/**
 * A recovery code: 10 characters from the CSPRNG (≈ 49.5 bits) of an alphabet without the look-alikes 0/o, 1/l/i,
 * so a code written down on paper reads back unambiguously.
 */
function randomRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let code = '';
  while (code.length < 10) {
    const byte = crypto.randomBytes(1)[0];
    // 248 = 8 × 31: bytes above are skipped so every character is equally likely.
    if (byte < 248) code += alphabet[byte % alphabet.length];
  }
  return code;
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations and the staff list

export type { StaffListEntry };

/** All staff members, admins first, then by e-mail. */
export async function listStaff(db: Database): Promise<StaffListEntry[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.role), asc(staff.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    operator: r.operator,
    status: r.disabledAt ? 'disabled' : r.passwordHash && r.totpEnabledAt ? 'active' : 'invited',
    canResend: !r.disabledAt && r.passwordHash === null,
    lastSignInAt: r.lastSignInAt,
  }));
}

/** The operator companies an operator account may be tied to: the distinct `parking_lots.operator` values. */
export async function operatorCompanies(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ operator: parkingLots.operator })
    .from(parkingLots)
    .orderBy(asc(parkingLots.operator));
  return rows.map((r) => r.operator).filter((o): o is string => !!o);
}

/** Queues the invitation mail with a fresh link (older unused invitation links of the member stop working). */
async function sendInvite(
  ctx: ServiceContext,
  tx: Database,
  member: StaffRow,
  input: { locale: Locale },
): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await tx
    .delete(staffTokens)
    .where(and(eq(staffTokens.staffId, member.id), eq(staffTokens.kind, 'invite'), isNull(staffTokens.usedAt)));
  await tx.insert(staffTokens).values({
    kind: 'invite',
    staffId: member.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITE_TOKEN_TTL_MS),
    createdAt: now,
  });
  // PUBLIC_URL only, never the request's Host header (issue 14 item 7, decision 0027).
  const url = `${ctx.env.PUBLIC_URL}${localePath(input.locale, `/admin/einladung/${token}`)}`;
  await enqueueAccountMail(
    { ...ctx, db: tx },
    {
      kind: 'staff_invite',
      to: member.email,
      locale: input.locale,
      url,
      firstname: member.name,
      validFor: translator(input.locale)('auth.mail.days', { count: 7 }),
    },
  );
  return url;
}

/**
 * Invites a member (`{email, name, role, operator?}`; operator required and one of {@link operatorCompanies} for
 * the role operator): creates the account without password and mails a set-password link (7 days). Audited.
 * `actor` null: the staff CLI, which delivers the mail itself (`deliverInBackground: false`) before it exits.
 * @returns the member and the invitation link.
 * @throws StaffAuthError 422 field errors (`email`: `admin.staff.error.email_taken`; `operator` unknown).
 */
export async function inviteStaff(
  ctx: ServiceContext,
  actor: Pick<StaffActor, 'staffId'> | null,
  input: { body: unknown; locale: Locale; deliverInBackground?: boolean },
): Promise<{ member: StaffRow; url: string }> {
  const data = parseBody(StaffInviteSchema, input.body);
  if (data.operator && !(await operatorCompanies(ctx.db)).includes(data.operator)) {
    throw new StaffAuthError(422, 'validation.failed', { operator: ['admin.staff.error.operator_unknown'] });
  }
  const taken = new StaffAuthError(422, 'validation.failed', { email: ['admin.staff.error.email_taken'] });
  if (await findStaffByEmail(ctx.db, data.email)) throw taken;
  const now = ctx.now();
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const [member] = await tx
        .insert(staff)
        .values({ email: data.email, name: data.name, role: data.role, operator: data.operator, createdAt: now })
        .returning();
      const url = await sendInvite(ctx, tx, member, input);
      await recordAudit(
        tx,
        actor,
        {
          action: 'staff.invite',
          entity: 'staff',
          entityId: member.id,
          after: { email: member.email, name: member.name, role: member.role, operator: member.operator },
        },
        now,
      );
      return { member, url };
    });
    if (input.deliverInBackground !== false) {
      kickMailDelivery(ctx);
    }
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}

async function findStaffByEmail(db: Database, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/**
 * Sends a member who has not set a password yet a new invitation link (the old one stops working). Audited.
 * @throws StaffAuthError 404 unknown member, 409 `admin.staff.error.already_active`.
 */
export async function resendInvite(
  ctx: ServiceContext,
  actor: Pick<StaffActor, 'staffId'>,
  input: { staffId: number; locale: Locale },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, input.staffId)).for('update');
    if (!member) throw new StaffAuthError(404, 'admin.error.404.title');
    if (member.passwordHash) throw new StaffAuthError(409, 'admin.staff.error.already_active');
    await sendInvite(ctx, tx, member, input);
    await recordAudit(tx, actor, { action: 'staff.invite_resend', entity: 'staff', entityId: member.id }, now);
  });
  kickMailDelivery(ctx);
}

/**
 * Disables (ends all its sessions, sign-in refused) or enables a member. Nobody disables their own account (so the
 * acting admin always remains). Audited with before → after.
 * @throws StaffAuthError 404 unknown member, 409 `admin.staff.error.self`.
 */
export async function setStaffDisabled(
  ctx: ServiceContext,
  actor: Pick<StaffActor, 'staffId'>,
  input: { staffId: number; disabled: boolean },
): Promise<void> {
  if (input.staffId === actor.staffId) throw new StaffAuthError(409, 'admin.staff.error.self');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, input.staffId)).for('update');
    if (!member) throw new StaffAuthError(404, 'admin.error.404.title');
    if (!!member.disabledAt === input.disabled) return;
    await tx
      .update(staff)
      .set({ disabledAt: input.disabled ? now : null })
      .where(eq(staff.id, member.id));
    if (input.disabled) await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await recordAudit(
      tx,
      actor,
      {
        action: input.disabled ? 'staff.disable' : 'staff.enable',
        entity: 'staff',
        entityId: member.id,
        before: { disabledAt: member.disabledAt },
        after: { disabledAt: input.disabled ? now : null },
      },
      now,
    );
  });
}

/** The member an invitation link belongs to while it is live (the invitation page shows its e-mail), or null. */
export async function inviteLinkMember(db: Database, token: string, now: Date): Promise<StaffRow | null> {
  const link = await liveToken(db, token, 'invite', now);
  if (!link?.staffId) return null;
  const [member] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, link.staffId), isNull(staff.disabledAt)))
    .limit(1);
  return member ?? null;
}

/**
 * Sets the invited member's password with the invitation link (`{password, passwordConfirmation}`): the link is
 * used up, every session of the member ends. Audited as the member's own write.
 * @returns the member (the caller starts a session without second factor and sends it to enrolment).
 * @throws StaffAuthError 422 password rules, 404 `admin.auth.link_invalid`.
 */
export async function acceptInvite(ctx: ServiceContext, input: { token: string; body: unknown }): Promise<StaffRow> {
  const data = parseBody(StaffPasswordSchema, input.body);
  const now = ctx.now();
  const member = await inviteLinkMember(ctx.db, input.token, now);
  const gone = new StaffAuthError(404, 'admin.auth.link_invalid');
  if (!member) throw gone;
  const problems = passwordProblems(data.password, member.email);
  if (problems.length) throw new StaffAuthError(422, 'validation.failed', { password: problems });
  const passwordHash = await hashPassword(data.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await spendToken(tx, input.token, 'invite', now))) throw gone;
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    await recordAudit(
      tx,
      { staffId: member.id },
      { action: 'staff.invite_accept', entity: 'staff', entityId: member.id },
      now,
    );
  });
  await endAllStaffSessions(ctx.db, member.id);
  return member;
}
