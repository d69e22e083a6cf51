/**
 * Back-office sessions (issue 15 item 1, DESIGN §6 "staff and customer sessions never mix"): a cookie of their own
 * (`eap_staff`, `__Host-eap_staff` under HTTPS) holding a random token whose SHA-256 hex is the `staff_sessions`
 * row id. A session grants access only once the second factor was given (`secondFactorAt`); it ends after
 * 30 minutes without a request or 12 hours after sign-in, and when the account is disabled.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { staff, staffSessions } from '#database/schema.ts';
import { isStaffRole, type StaffActor } from '~/domain/staff-roles.ts';

/** A staff session ends after this long without a request, ms (issue 15: idle 30 min). */
const STAFF_IDLE_MS = 30 * 60 * 1000;
/**
 * @public (used by the sign-in of issue 15; remove this tag once it is)
 * A staff session ends this long after it started whatever the activity, ms (one working day). */
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, ms (bounds the writes per page view). */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The staff cookie's name: `__Host-` prefixed under HTTPS (issue 14 item 7), as the customer cookie. */
function staffCookieName(secure: boolean): string {
  return secure ? '__Host-eap_staff' : 'eap_staff';
}

/**
 * SHA-256 hex of a token: what the database keeps of session tokens and one-time links. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The `Set-Cookie` value for a staff session token; SameSite=Strict: no other site can make a request carry it. */
export function serializeStaffCookie(token: string, secure: boolean): string {
  const parts = [`${staffCookieName(secure)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The `Set-Cookie` value that removes the staff cookie (sign-out, ended session). */
export function clearStaffCookie(secure: boolean): string {
  const parts = [`${staffCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The staff token from a `Cookie` header, or null (absent or not a token of ours: 43 base64url characters). */
export function staffTokenFromCookie(header: string | null | undefined, secure: boolean): string | null {
  if (!header) return null;
  const name = staffCookieName(secure);
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** A staff session as loaded for a request: who, and whether the second factor was given. */
export type StaffSessionState = {
  /** the row id (SHA-256 hex of the cookie token) */
  id: string;
  actor: StaffActor;
  /** false between the password and the TOTP code of a sign-in: no access yet */
  secondFactor: boolean;
  /** whether the account has TOTP enrolled (a session without it is sent to enrolment) */
  totpEnrolled: boolean;
};

/**
 * Starts a staff session for `staffId` and returns the cookie token (43 base64url characters). With
 * `secondFactor` false the session only lets the sign-in continue to the TOTP step.
 */
export async function createStaffSession(
  db: Database,
  input: { staffId: number; secondFactor: boolean; now: Date },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    id: hashToken(token),
    staffId: input.staffId,
    secondFactorAt: input.secondFactor ? input.now : null,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + STAFF_ABSOLUTE_MS),
    createdAt: input.now,
  });
  return token;
}

/** Marks a session's second factor as given (after a valid TOTP or recovery code). */
export async function confirmSecondFactor(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

/**
 * Loads the staff session of a cookie token, or null when there is none, it idled for more than 30 minutes, passed
 * its absolute end, or the account is disabled (such a row is deleted). Refreshes `lastSeenAt` at most once a
 * minute. Never reads the customer session: the two never mix.
 */
export async function loadStaffSession(
  db: Database,
  token: string | null,
  now: Date,
): Promise<StaffSessionState | null> {
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: staffSessions.id,
      secondFactorAt: staffSessions.secondFactorAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      operator: staff.operator,
      disabledAt: staff.disabledAt,
      totpEnabledAt: staff.totpEnabledAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.id, id))
    .limit(1);
  if (!row) return null;
  const t = now.getTime();
  if (
    row.disabledAt !== null ||
    row.expiresAt.getTime() <= t ||
    t - row.lastSeenAt.getTime() >= STAFF_IDLE_MS ||
    !isStaffRole(row.role)
  ) {
    await db.delete(staffSessions).where(eq(staffSessions.id, id));
    return null;
  }
  if (t - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  }
  return {
    id,
    actor: { staffId: row.staffId, email: row.email, name: row.name, role: row.role, operator: row.operator },
    secondFactor: row.secondFactorAt !== null,
    totpEnrolled: row.totpEnabledAt !== null,
  };
}

/** Ends one staff session (sign-out). */
export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of a staff member (password set anew, account disabled, role changed). */
export async function endAllStaffSessions(db: Database, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Removes staff sessions past their absolute end or idle for longer than the idle time-out (hourly purge). */
export async function purgeStaffSessions(db: Database, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  await db.delete(staffSessions).where(lt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)));
}

/** Whether any staff account exists (while none does, the server offers the one-time setup link). */
export async function staffExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).limit(1);
  return row !== undefined;
}

/** Active (not disabled) staff with a set password and this e-mail (lower-cased), for the sign-in. */
export async function findActiveStaffByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.email, email.trim().toLowerCase()), isNull(staff.disabledAt)))
    .limit(1);
  return row ?? null;
}
