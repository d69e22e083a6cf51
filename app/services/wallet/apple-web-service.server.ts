/**
 * Apple's pass web service (issue 35 item 3, decision 0055; PassKit web service reference): devices register for
 * updates of a pass, ask which of their passes changed since a tag, fetch the latest version, and unregister.
 * Each function answers with the status (and body) the reference prescribes; `server/api/wallet-apple.ts` only
 * wires HTTP to them. A pass's serial number is the reservation's reference; its token is derived
 * (`passAuthenticationToken`).
 */
import { and, eq } from 'drizzle-orm';
import { walletRegistrations } from '#database/schema.ts';
import { parseUpdateTag, updateTagOf } from '~/domain/wallet-pass.ts';
import { findReservationByReference } from '../reservations/reservations.server.ts';
import {
  appleWalletSettings,
  applePassFile,
  isPassAuthorized,
  passLastUpdated,
  type ApplePassFile,
  type WalletContext,
} from './wallet-pass.server.ts';

/** A pass the device names: which device, which pass type and serial, and the `Authorization` header it sent. */
type PassRequest = { passTypeIdentifier: string; serialNumber: string; authorization: string | undefined };

/**
 * The reservation of a pass request when the pass type is ours, the serial names a reservation and the token is
 * the pass's; else null (the caller answers 401: Apple's reference has no "unknown pass" answer, and a 404 would
 * tell a guesser which references exist).
 */
async function authorizedReservation(ctx: WalletContext, request: PassRequest) {
  const apple = appleWalletSettings(ctx.env);
  if (!apple || request.passTypeIdentifier !== apple.APPLE_WALLET_PASS_TYPE_ID) return null;
  const authorized = isPassAuthorized(
    ctx.env.SESSION_SECRET,
    request.passTypeIdentifier,
    request.serialNumber,
    request.authorization,
  );
  if (!authorized) return null;
  return findReservationByReference(ctx.db, request.serialNumber);
}

/**
 * `POST /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}`: the device wants
 * updates of the pass, pushed to `pushToken`.
 * @returns 201 registered now, 200 already registered (the push token is refreshed), 401 bad token or unknown
 *   pass, 400 without a push token.
 */
export async function registerDevice(
  ctx: WalletContext,
  request: PassRequest & { deviceLibraryIdentifier: string; pushToken: unknown },
): Promise<201 | 200 | 400 | 401> {
  const details = await authorizedReservation(ctx, request);
  if (!details) return 401;
  if (typeof request.pushToken !== 'string' || !request.pushToken.trim() || request.pushToken.length > 200) return 400;
  const row = {
    deviceLibraryIdentifier: request.deviceLibraryIdentifier,
    passTypeIdentifier: request.passTypeIdentifier,
    serialNumber: request.serialNumber,
    pushToken: request.pushToken.trim(),
    // the device has the pass as it is now: only a later change is news to it
    notifiedAt: await passLastUpdated(ctx.db, details.reservation),
  };
  const inserted = await ctx.db
    .insert(walletRegistrations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: walletRegistrations.id });
  if (inserted.length > 0) return 201;
  await ctx.db
    .update(walletRegistrations)
    .set({ pushToken: row.pushToken })
    .where(registrationOf(request.deviceLibraryIdentifier, request.passTypeIdentifier, request.serialNumber));
  return 200;
}

function registrationOf(device: string, passTypeIdentifier: string, serialNumber: string) {
  return and(
    eq(walletRegistrations.deviceLibraryIdentifier, device),
    eq(walletRegistrations.passTypeIdentifier, passTypeIdentifier),
    eq(walletRegistrations.serialNumber, serialNumber),
  );
}

/**
 * `DELETE` of the same path: the device no longer wants updates (the pass was removed).
 * @returns 200 (also when it was not registered), 401 bad token or unknown pass.
 */
export async function unregisterDevice(
  ctx: WalletContext,
  request: PassRequest & { deviceLibraryIdentifier: string },
): Promise<200 | 401> {
  if (!(await authorizedReservation(ctx, request))) return 401;
  await ctx.db
    .delete(walletRegistrations)
    .where(registrationOf(request.deviceLibraryIdentifier, request.passTypeIdentifier, request.serialNumber));
  return 200;
}

/**
 * `GET /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}?passesUpdatedSince=tag`: the serial
 * numbers of the device's passes that changed after the tag (all of them without a tag). No authentication: the
 * reference asks none (the device library identifier is the device's secret); serials alone open nothing.
 * @returns 200 `{ serialNumbers, lastUpdated }` (the newest change's tag), or 204 when none changed.
 */
export async function updatedSerials(
  ctx: WalletContext,
  request: { deviceLibraryIdentifier: string; passTypeIdentifier: string; passesUpdatedSince?: string },
): Promise<{ status: 200; body: { serialNumbers: string[]; lastUpdated: string } } | { status: 204 }> {
  const rows = await ctx.db
    .select({ serialNumber: walletRegistrations.serialNumber })
    .from(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.deviceLibraryIdentifier, request.deviceLibraryIdentifier),
        eq(walletRegistrations.passTypeIdentifier, request.passTypeIdentifier),
      ),
    );
  const since = parseUpdateTag(request.passesUpdatedSince);
  const changed: { serialNumber: string; at: Date }[] = [];
  for (const { serialNumber } of rows) {
    const details = await findReservationByReference(ctx.db, serialNumber);
    if (!details) continue;
    const at = await passLastUpdated(ctx.db, details.reservation);
    if (!since || at > since) changed.push({ serialNumber, at });
  }
  if (changed.length === 0) return { status: 204 };
  const newest = new Date(Math.max(...changed.map((c) => c.at.getTime())));
  return {
    status: 200,
    body: { serialNumbers: changed.map((c) => c.serialNumber).sort(), lastUpdated: updateTagOf(newest) },
  };
}

/**
 * `GET /v1/passes/{passTypeIdentifier}/{serialNumber}`: the latest version of the pass.
 * @param request.ifModifiedSince - the `If-Modified-Since` header (an HTTP date), if sent.
 * @returns 200 with the signed pass (its `lastModified` for the header), 304 when unchanged since the header's
 *   date, 401 bad token or unknown pass.
 * @throws as `applePassFile` (certificates).
 */
export async function latestPass(
  ctx: WalletContext,
  request: PassRequest & { ifModifiedSince?: string },
): Promise<{ status: 200; file: ApplePassFile } | { status: 304 | 401 }> {
  const details = await authorizedReservation(ctx, request);
  if (!details) return { status: 401 };
  const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && (await passLastUpdated(ctx.db, details.reservation)).getTime() <= since) {
    return { status: 304 };
  }
  const file = await applePassFile(ctx, details);
  return file ? { status: 200, file } : { status: 401 };
}

/**
 * The push side (decision 0055): telling a device that a pass changed goes through Apple's push service (APNs,
 * an HTTP/2 request with the Pass Type ID certificate to `api.push.apple.com`), which is not reachable from here.
 * A port, so a real adapter can be plugged in; {@link loggingPushPort} logs what it would send.
 */
export type WalletPushPort = {
  /** Sends an empty push to each token (APNs topic = the pass type identifier). */
  push(input: { passTypeIdentifier: string; pushTokens: string[] }): Promise<void>;
};

/** The push adapter while no APNs client is configured: logs the pushes it would send, sends nothing. */
function loggingPushPort(logger: WalletContext['logger']): WalletPushPort {
  return {
    push: async ({ passTypeIdentifier, pushTokens }) => {
      logger.info({ passTypeIdentifier, devices: pushTokens.length }, 'wallet pass changed: APNs push not configured');
    },
  };
}

/**
 * The push job (decision 0055; run every minute by the jobs process while Apple Wallet is configured): every
 * registration whose pass changed after the change its device was last told about gets a push, and its mark moves
 * on. No write path of the shop has to remember the wallet: a change, a cancellation, a payment or a check-in each
 * writes its history row, and the next run sees it.
 * @returns how many devices were pushed.
 * @throws on database errors; the port's errors pass through (the marks then stay, so the next run tries again).
 */
export async function pushChangedPasses(
  ctx: WalletContext,
  port: WalletPushPort = loggingPushPort(ctx.logger),
): Promise<number> {
  const apple = appleWalletSettings(ctx.env);
  if (!apple) return 0;
  const rows = await ctx.db
    .select()
    .from(walletRegistrations)
    .where(eq(walletRegistrations.passTypeIdentifier, apple.APPLE_WALLET_PASS_TYPE_ID));
  const due: { id: number; pushToken: string; at: Date }[] = [];
  for (const row of rows) {
    const details = await findReservationByReference(ctx.db, row.serialNumber);
    if (!details) continue;
    const at = await passLastUpdated(ctx.db, details.reservation);
    if (at > row.notifiedAt) due.push({ id: row.id, pushToken: row.pushToken, at });
  }
  if (due.length === 0) return 0;
  await port.push({
    passTypeIdentifier: apple.APPLE_WALLET_PASS_TYPE_ID,
    pushTokens: [...new Set(due.map((d) => d.pushToken))],
  });
  for (const { id, at } of due) {
    await ctx.db.update(walletRegistrations).set({ notifiedAt: at }).where(eq(walletRegistrations.id, id));
  }
  return due.length;
}
