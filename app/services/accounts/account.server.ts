/**
 * The account area's use cases (issue 8, DESIGN §3 account, SPEC §6): the account page's data, profile and
 * saved billing address, password change, e-mail change (verified by a link to the new address), deletion
 * (anonymisation; reservations and invoices stay, §147 AO) and the data export (GDPR Art. 15/20), plus one
 * reservation of the signed-in user. Every function takes the signed-in user's id (from the session); a missing
 * or deleted user is a 401.
 */
import { bankAccountOf, withGirocodeImage } from '../documents/girocode.server.ts';
import { and, eq, ne } from 'drizzle-orm';
import { sessions, users, userTokens } from '#database/schema.ts';
import { ChangeEmailSchema, ChangePasswordSchema, ProfileSchema, SAVED_ADDRESS_KEYS } from '~/domain/auth-schema.ts';
import { normalizeReference } from '~/domain/reference.ts';
import type { Locale } from '~/i18n.ts';
import type { AccountView, ReservationSummary, UserView } from '~/domain/account-view.ts';
import {
  AuthError,
  endAllSessionsOfUser,
  findUserByEmail,
  findUserById,
  genderToRow,
  invalid,
  parseBody,
  sendTokenMail,
  takeSignInSlot,
  toUserView,
  type UserRow,
} from './auth.server.ts';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.server.ts';
import {
  buildReservationView,
  findReservationByReference,
  findReservationsOfUser,
  type ReservationDetails,
  type ReservationView,
} from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SessionPort } from '../session-port.ts';
import { deletePriceWatchesOf, priceWatchesOf } from '../subscriptions/price-watch.server.ts';

/**
 * The signed-in user's id from the session.
 * @throws AuthError 401 `auth.api.unauthenticated` when the session is anonymous.
 */
export function requireUserId(session: SessionPort): number {
  const userId = session.get('userId');
  if (userId === undefined) throw new AuthError(401, 'auth.api.unauthenticated');
  return userId;
}

/** The live user, or a 401 (deleted meanwhile). */
async function requireUser(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AuthError(401, 'auth.api.unauthenticated');
  return user;
}

/**
 * Checks the password typed to confirm a change, limited like sign-in attempts on the account (a stolen session
 * cannot be used to guess the password): the account's signed-in sessions count as one address of their own
 * (`user:<id>`), so failed confirmations brake the account and sign-in failures from elsewhere do not refuse a
 * right confirmation (issue 31 item 2, decision 0047).
 * @throws AuthError 429, or 422 `{[field]: ['account.api.password_wrong']}`.
 */
async function confirmPassword(ctx: ServiceContext, user: UserRow, password: string, field: string): Promise<void> {
  const slot = await takeSignInSlot(ctx.db, user.email, `user:${user.id}`);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalid({ [field]: ['account.api.password_wrong'] });
  await slot.release();
}

/**
 * The account page's data (`account` route).
 * @returns see {@link AccountView}; reservations whose exit is still ahead are upcoming (earliest first), the
 *   others past (latest first).
 * @throws AuthError 401 when the user does not exist (any more).
 * Source: issue 8 (account area), DESIGN §3 account.
 */
export async function loadAccount(
  ctx: ServiceContext,
  input: { userId: number; locale: Locale },
): Promise<AccountView> {
  const user = await requireUser(ctx, input.userId);
  const now = ctx.now().getTime();
  const upcoming: ReservationSummary[] = [];
  const past: ReservationSummary[] = [];
  for (const details of await findReservationsOfUser(ctx.db, user.id)) {
    const view = buildReservationView(details, input.locale);
    const summary: ReservationSummary = {
      reference: view.reference,
      status: details.reservation.status,
      airportName: view.airport.name,
      tariffName: view.tariff.name,
      entry: view.entry,
      exit: view.exit,
      entryLocal: details.reservation.entryLocal,
      totalCents: details.reservation.totalCents,
    };
    (details.reservation.exitAt.getTime() >= now ? upcoming : past).push(summary);
  }
  past.reverse();
  return { user: toUserView(user), billingAddress: user.billingAddress ?? null, upcoming, past };
}

/**
 * Saves the profile (`POST account/profile`): salutation, names, newsletter and, when any billing-address field
 * (SPEC §3 names: company, street, streetNumber, postcode, city, country, phone*) is sent, the saved billing
 * address (those fields replace it; all empty → none). The e-mail changes only through {@link changeEmail}.
 * @returns the user's view.
 * @throws AuthError 401, 422 field errors.
 */
export async function updateProfile(ctx: ServiceContext, input: { userId: number; body: unknown }): Promise<UserView> {
  const user = await requireUser(ctx, input.userId);
  const data = parseBody(ProfileSchema, input.body);
  const sent = SAVED_ADDRESS_KEYS.filter((key) => data[key] !== undefined);
  let billingAddress = user.billingAddress ?? null;
  if (sent.length > 0) {
    const filled = sent.filter((key) => data[key] !== '').map((key) => [key, data[key]] as const);
    billingAddress = filled.length > 0 ? Object.fromEntries(filled) : null;
  }
  const [updated] = await ctx.db
    .update(users)
    .set({
      gender: genderToRow(data.gender),
      firstname: data.firstname,
      lastname: data.lastname,
      newsletter: data.newsletter,
      billingAddress,
    })
    .where(eq(users.id, user.id))
    .returning();
  return toUserView(updated);
}

/**
 * Changes the password (`POST account/password` `{currentPassword, password, passwordConfirmation}`) after
 * checking the current one; ends the user's other sessions (this one stays signed in, same id and CSRF token).
 * @throws AuthError 401, 429, 422 (`currentPassword`: wrong; `password`: rules).
 * Source: issue 8, OWASP Authentication Cheat Sheet (re-authenticate for sensitive changes).
 */
export async function changePassword(
  ctx: ServiceContext,
  input: { session: SessionPort; userId: number; body: unknown },
): Promise<void> {
  const user = await requireUser(ctx, input.userId);
  const data = parseBody(ChangePasswordSchema, input.body);
  await confirmPassword(ctx, user, data.currentPassword, 'currentPassword');
  const problems = passwordProblems(data.password, user.email);
  if (problems.length) throw invalid({ password: problems });
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(data.password) })
    .where(eq(users.id, user.id));
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, input.session.id)));
}

/**
 * Starts an e-mail change (`POST account/email` `{password, email}`): checks the password, then mails a
 * verification link (7 days) to the new address; the account's address changes when it is opened
 * (`verifyEmail`), and guest reservations with the new address are attached then.
 * @throws AuthError 401, 429, 422 (`password`: wrong; `email`: malformed, unchanged, or another account's).
 */
export async function changeEmail(
  ctx: ServiceContext,
  input: { userId: number; body: unknown; locale: Locale },
): Promise<void> {
  const user = await requireUser(ctx, input.userId);
  const data = parseBody(ChangeEmailSchema, input.body);
  await confirmPassword(ctx, user, data.password, 'password');
  if (data.email === user.email) throw invalid({ email: ['account.api.email_same'] });
  if (await findUserByEmail(ctx.db, data.email)) throw invalid({ email: ['auth.api.email_taken'] });
  await sendTokenMail(ctx, {
    user,
    purpose: 'change_email',
    email: data.email,
    locale: input.locale,
  });
}

/**
 * Deletes the account (`POST account/delete` `{password}`) by anonymising it: names emptied, salutation `d`,
 * e-mail `deleted-<id>@invalid`, password hash, saved billing address and pending tokens dropped, newsletter off,
 * `deleted_at` set; every session of the user ends and `session` continues as a new anonymous one (the caller
 * saves it and hands out its CSRF token). Reservations and invoices stay with their own billing data: the law
 * keeps accounting records for ten years (§147 AO, §14b UStG, decision 0052; GDPR Art. 17(3)(b)).
 * @throws AuthError 401, 429, 422 (`password`: wrong).
 */
export async function deleteAccount(
  ctx: ServiceContext,
  input: { session: SessionPort; userId: number; body: unknown },
): Promise<void> {
  const user = await requireUser(ctx, input.userId);
  const body = typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {};
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) throw invalid({ password: ['validation.required'] });
  await confirmPassword(ctx, user, password, 'password');
  await ctx.db.delete(userTokens).where(eq(userTokens.userId, user.id));
  // Price watches of the account's address, user id and bookings go with it (issue 37 item 2).
  await deletePriceWatchesOf(ctx.db, user);
  await ctx.db
    .update(users)
    .set({
      email: `deleted-${user.id}@invalid`,
      passwordHash: null,
      gender: 'd',
      firstname: '',
      lastname: '',
      emailVerifiedAt: null,
      newsletter: false,
      billingAddress: null,
      deletedAt: ctx.now(),
    })
    .where(eq(users.id, user.id));
  await endAllSessionsOfUser(ctx.db, user.id);
  await input.session.destroy();
}

/**
 * All data kept about the user (`GET account/export`, GDPR Art. 15 and 20): the account and every reservation
 * of the account with its addresses, prices and invoice number (not the guest link's token hash), and its price
 * watches (issue 37 item 2; without their link tokens).
 * @returns a JSON-serialisable object `{exportedAt, account, reservations}`.
 * @throws AuthError 401.
 */
export async function exportAccountData(ctx: ServiceContext, input: { userId: number }): Promise<object> {
  const user = await requireUser(ctx, input.userId);
  const reservations = (await findReservationsOfUser(ctx.db, user.id)).map(({ reservation, airport, tariff, lot }) => {
    const { guestTokenHash: _secret, ...fields } = reservation;
    return { ...fields, airport: airport.nameDe, tariff: tariff.nameDe, parkingLot: lot.name };
  });
  return {
    exportedAt: ctx.now().toISOString(),
    account: {
      ...toUserView(user),
      emailVerifiedAt: user.emailVerifiedAt,
      locale: user.locale,
      billingAddress: user.billingAddress,
      createdAt: user.createdAt,
    },
    reservations,
    priceWatches: await priceWatchesOf(ctx.db, user),
  };
}

/**
 * One reservation of the signed-in user (`user.reservation` page), in the guest page's view.
 * @returns the view, or null when the reference is malformed, unknown or another user's (the page answers 404,
 *   not 403, so references of others are not confirmed).
 */
export async function findUserReservation(
  ctx: ServiceContext,
  input: { userId: number; reference: string; locale: Locale },
): Promise<ReservationView | null> {
  const details = await findUserReservationDetails(ctx, input);
  return details ? withGirocodeImage(buildReservationView(details, input.locale, bankAccountOf(ctx.env))) : null;
}

/**
 * One reservation of the signed-in user with airport, tariff and lot (its documents: voucher, invoice, calendar).
 * @returns the details, or null when the reference is malformed, unknown or another user's (answer 404).
 * @throws on database errors only.
 * Source: DESIGN §3 (user.reservation: owner only).
 */
export async function findUserReservationDetails(
  ctx: ServiceContext,
  input: { userId: number; reference: string },
): Promise<ReservationDetails | null> {
  const reference = normalizeReference(input.reference);
  if (!reference) return null;
  const details = await findReservationByReference(ctx.db, reference);
  return details && details.reservation.userId === input.userId ? details : null;
}
