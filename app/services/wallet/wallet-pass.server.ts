/**
 * The wallet passes of a reservation (issue 35 item 3, decision 0055): the signed Apple Wallet `.pkpass` (built and
 * signed by `passkit-generator`: manifest of SHA-1 hashes, detached PKCS#7 signature with the Pass Type ID
 * certificate and Apple's WWDR certificate) and the Google Wallet save link (a JWT signed RS256 by the service
 * account, `jose`). Both carry the voucher's QR payload (the reference). Server-only: the libraries, the keys and
 * the certificates never reach the browser. Access is decided before: callers have checked the visitor may see
 * the reservation (route helpers) or the pass's authentication token (Apple's web service).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { reservationEvents, type ReservationEventKind } from '#database/schema.ts';
import {
  applePassJson,
  googleClassId,
  googleGenericObject,
  type WalletLinksView,
  type WalletPassInput,
} from '~/domain/wallet-pass.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { hasVoucher } from '../documents/reservation-documents.server.ts';
import { buildReservationView, type ReservationDetails } from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** The settings of the wallets (environment variables, README Configuration); absent = that wallet is off. */
export type WalletSettings = {
  APPLE_WALLET_PASS_TYPE_ID?: string;
  APPLE_WALLET_TEAM_ID?: string;
  /** paths of PEM files: the Pass Type ID certificate, its unencrypted private key, Apple's WWDR certificate */
  APPLE_WALLET_CERT?: string;
  APPLE_WALLET_KEY?: string;
  APPLE_WALLET_WWDR?: string;
  GOOGLE_WALLET_ISSUER_ID?: string;
  /** path of the service account's JSON key file */
  GOOGLE_WALLET_SERVICE_ACCOUNT?: string;
  /** the key the passes' authentication tokens are derived from */
  SESSION_SECRET: string;
  SHOP_NAME: string;
  PUBLIC_URL: string;
};

/** A service context whose settings include the wallets'. */
export type WalletContext = Omit<ServiceContext, 'env'> & { env: ServiceContext['env'] & WalletSettings };

/** Apple's settings, all present (the environment's validation allows all five or none). */
type AppleSettings = Required<
  Pick<
    WalletSettings,
    | 'APPLE_WALLET_PASS_TYPE_ID'
    | 'APPLE_WALLET_TEAM_ID'
    | 'APPLE_WALLET_CERT'
    | 'APPLE_WALLET_KEY'
    | 'APPLE_WALLET_WWDR'
  >
>;

/** Apple's settings when Apple Wallet is configured, else null. */
export function appleWalletSettings(env: WalletSettings): AppleSettings | null {
  const { APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT, APPLE_WALLET_KEY, APPLE_WALLET_WWDR } =
    env;
  if (!APPLE_WALLET_PASS_TYPE_ID || !APPLE_WALLET_TEAM_ID || !APPLE_WALLET_CERT || !APPLE_WALLET_KEY) return null;
  if (!APPLE_WALLET_WWDR) return null;
  return { APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT, APPLE_WALLET_KEY, APPLE_WALLET_WWDR };
}

/** The path of Apple's pass web service below `PUBLIC_URL` (the Express router of `server/api/wallet-apple.ts`). */
const APPLE_WEB_SERVICE_PATH = '/api/wallet/apple';

/**
 * The pass's authentication token (PassKit: at least 16 characters, sent back as `Authorization: ApplePass …`):
 * HMAC-SHA256 of the pass type and serial under the session secret, base64url (43 characters). Derived, not
 * stored: nothing to leak from the database, and every process computes the same token (decision 0055). Changing
 * `SESSION_SECRET` invalidates the tokens of passes already in wallets (they stop updating; a new download fixes it).
 */
export function passAuthenticationToken(secret: string, passTypeIdentifier: string, serialNumber: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`wallet-pass\0${passTypeIdentifier}\0${serialNumber}`)
    .digest('base64url');
}

/** True when `authorization` is `ApplePass <the pass's token>` (compared in constant time). */
export function isPassAuthorized(
  secret: string,
  passTypeIdentifier: string,
  serialNumber: string,
  authorization: string | undefined,
): boolean {
  const match = /^ApplePass (\S+)$/.exec(authorization ?? '');
  if (!match) return false;
  const expected = Buffer.from(passAuthenticationToken(secret, passTypeIdentifier, serialNumber));
  const given = Buffer.from(match[1]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** History rows that do not change what the pass shows (a mail sent, a payment link mailed). */
const SILENT_EVENTS: ReservationEventKind[] = ['mail_sent', 'overstay_link_sent'];

/**
 * When the pass of a reservation last changed: the newest row of its history (`reservation_events`) that can
 * change the pass (a change, a cancellation, a payment, a check-in…), else its creation. Whole seconds (HTTP dates
 * have no more), so `Last-Modified` and `If-Modified-Since` compare exactly.
 * @throws on database errors only.
 */
export async function passLastUpdated(db: Database, reservation: ReservationDetails['reservation']): Promise<Date> {
  const [row] = await db
    .select({ at: reservationEvents.at })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, reservation.id), notInArray(reservationEvents.kind, SILENT_EVENTS)))
    .orderBy(desc(reservationEvents.at))
    .limit(1);
  const at = row && row.at > reservation.createdAt ? row.at : reservation.createdAt;
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

/** The pass's content in the booking's language (both wallets show the same facts). */
function passInput(ctx: WalletContext, details: ReservationDetails) {
  const locale = toLocale(details.reservation.locale);
  const view = buildReservationView(details, locale);
  const input: WalletPassInput = {
    view,
    entryAt: details.reservation.entryAt,
    exitAt: details.reservation.exitAt,
    latitude: details.lot.latitude,
    longitude: details.lot.longitude,
    valid: hasVoucher(details),
    organizationName: ctx.env.SHOP_NAME,
    manageUrl: new URL(localePath(locale, '/reservierung'), ctx.env.PUBLIC_URL).href,
  };
  return { input, locale, t: translator(locale) };
}

/** The pass's images (`assets/wallet`, the shop's mark): found like the PDF fonts, from the sources or the build. */
function walletAssetDirectory(): string {
  const wanted = path.join('assets', 'wallet');
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, wanted);
    if (fs.existsSync(path.join(candidate, 'icon.png'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(process.cwd(), wanted);
    dir = parent;
  }
}

/** The images every pass holds (`icon.png` is required by Wallet; the logo shows top left). */
const PASS_IMAGES = ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png'] as const;

/** A signed `.pkpass`, its file name and the instant of its content (for `Last-Modified`). */
export type ApplePassFile = { body: Buffer; contentType: string; fileName: string; lastModified: Date };

/**
 * The signed Apple Wallet pass of a reservation, rendered now from its current state (a cancelled one comes out
 * voided: a device fetching an update then shows it as no longer valid).
 *
 * @returns the `.pkpass` (`application/vnd.apple.pkpass`, `Parkschein-<reference>.pkpass`), or null when Apple
 *   Wallet is not configured.
 * @throws Error when a certificate or key cannot be read or does not sign (a misconfiguration: 500).
 * Source: PassKit Package Format Reference; issue 35 item 3.
 */
export async function applePassFile(ctx: WalletContext, details: ReservationDetails): Promise<ApplePassFile | null> {
  const apple = appleWalletSettings(ctx.env);
  if (!apple) return null;
  const { input, t } = passInput(ctx, details);
  const serialNumber = details.reservation.reference;
  const json = applePassJson(
    input,
    {
      passTypeIdentifier: apple.APPLE_WALLET_PASS_TYPE_ID,
      teamIdentifier: apple.APPLE_WALLET_TEAM_ID,
      serialNumber,
      webServiceURL: `${ctx.env.PUBLIC_URL}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: passAuthenticationToken(
        ctx.env.SESSION_SECRET,
        apple.APPLE_WALLET_PASS_TYPE_ID,
        serialNumber,
      ),
    },
    t,
  );
  const dir = walletAssetDirectory();
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(json)) };
  for (const name of PASS_IMAGES) files[name] = await fs.promises.readFile(path.join(dir, name));
  const [signerCert, signerKey, wwdr] = await Promise.all(
    [apple.APPLE_WALLET_CERT, apple.APPLE_WALLET_KEY, apple.APPLE_WALLET_WWDR].map((file) =>
      fs.promises.readFile(file, 'utf8'),
    ),
  );
  // passkit-generator (with node-forge and joi, ≈ 4 MB) loads with the first pass, not at start.
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(files, { signerCert, signerKey, wwdr });
  return {
    body: pass.getAsBuffer(),
    contentType: 'application/vnd.apple.pkpass',
    fileName: `Parkschein-${serialNumber}.pkpass`,
    lastModified: await passLastUpdated(ctx.db, details.reservation),
  };
}

/** The fields of a Google service account's JSON key file that sign the save link. */
type ServiceAccount = { client_email: string; private_key: string };

/** Reads and checks the service account file. @throws Error when it lacks `client_email` or `private_key`. */
async function readServiceAccount(file: string): Promise<ServiceAccount> {
  const parsed = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Partial<ServiceAccount>;
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') {
    throw new Error(`${file}: not a service account key file (client_email and private_key expected)`);
  }
  return { client_email: parsed.client_email, private_key: parsed.private_key };
}

/**
 * Google Wallet's "save" link of a reservation: `https://pay.google.com/gp/v/save/<jwt>`, the JWT signed RS256 with
 * the service account's private key (`iss` its e-mail, `aud` `google`, `typ` `savetowallet`, `origins` the shop)
 * carrying the pass's class and generic object (decision 0055).
 *
 * @returns the link, or null when Google Wallet is not configured or the reservation has no voucher.
 * @throws Error when the service account file is unreadable or its key is not a PKCS#8 RSA key.
 * Source: Google Wallet API, "Add to Google Wallet" links (JWT claims and payload).
 */
async function googleSaveUrl(ctx: WalletContext, details: ReservationDetails): Promise<string | null> {
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT: file } = ctx.env;
  if (!issuerId || !file || !hasVoucher(details)) return null;
  const account = await readServiceAccount(file);
  const { input, locale, t } = passInput(ctx, details);
  const object = googleGenericObject(input, { issuerId, objectSuffix: details.reservation.reference }, t, locale);
  const { SignJWT, importPKCS8 } = await import('jose');
  const key = await importPKCS8(account.private_key, 'RS256');
  const jwt = await new SignJWT({
    origins: [new URL(ctx.env.PUBLIC_URL).origin],
    typ: 'savetowallet',
    payload: { genericClasses: [{ id: googleClassId(issuerId) }], genericObjects: [object] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience('google')
    .setIssuedAt(Math.floor(ctx.now().getTime() / 1000))
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

/**
 * What the reservation pages offer of the wallets: the `.pkpass` link when Apple Wallet is configured, Google's save
 * link when Google Wallet is; neither for a reservation without a voucher (pending payment, cancelled).
 * @throws on nothing of the wallets: a save link that cannot be signed is logged and left out.
 */
export async function walletLinks(ctx: WalletContext, details: ReservationDetails): Promise<WalletLinksView> {
  if (!hasVoucher(details)) return { apple: false, googleSaveUrl: null };
  let google: string | null = null;
  try {
    google = await googleSaveUrl(ctx, details);
  } catch (err) {
    // A broken key file must not take the reservation page down: the page shows without Google's button.
    ctx.logger.error({ err, reference: details.reservation.reference }, 'Google Wallet save link failed');
  }
  return { apple: appleWalletSettings(ctx.env) !== null, googleSaveUrl: google };
}
