/**
 * The wallet passes of a reservation (issue 35 item 3, decision 0055), as plain data: the `pass.json` of an Apple
 * Wallet pass (PassKit Package Format Reference) and the generic object of a Google Wallet pass (Google Wallet
 * API, `GenericObject`), both from the reservation's display view. Pure: the signing (PKCS#7, RS256) and the
 * reading of certificates happen in `app/services/documents/wallet-pass.server.ts`.
 */
import type { ReservationView } from './reservation-view.ts';

/** What the reservation pages offer (null links = that wallet is not configured or the booking has no voucher). */
export type WalletLinksView = {
  /** the `.pkpass` download is offered (Apple Wallet configured and the reservation has a voucher) */
  apple: boolean;
  /** Google's save link `https://pay.google.com/gp/v/save/<jwt>`, or null */
  googleSaveUrl: string | null;
};

/** Translates a key of `locales/*.json` (the caller's translator in the pass's language). */
type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The facts a pass shows, beyond the display view: instants, the car park's position and the pass's identity. */
export type WalletPassInput = {
  view: Pick<ReservationView, 'reference' | 'entry' | 'exit' | 'airport' | 'tariff' | 'lot'>;
  /** entry and exit as instants (`reservations.entry_at`, `exit_at`) */
  entryAt: Date;
  exitAt: Date;
  /** the car park's position (`parking_lots.latitude`, `longitude`, WGS 84 degrees) */
  latitude: number;
  longitude: number;
  /** false when the reservation has no valid voucher any more (cancelled): the pass is voided */
  valid: boolean;
  /** the shop's name (`SHOP_NAME`), shown as the pass's organisation */
  organizationName: string;
  /** the reservation lookup page, printed on the back */
  manageUrl: string;
};

/** The Apple-specific identity of a pass: certificate's pass type and team, serial, web service and its token. */
export type ApplePassIdentity = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  /** `PUBLIC_URL` + `/api/wallet/apple` (Apple appends `/v1/…`); must be https in production (Apple's rule) */
  webServiceURL: string;
  /** at least 16 characters (PassKit web service reference) */
  authenticationToken: string;
};

/** The pass's colours: the shop's accent on white (`rgb(r, g, b)`, the format `pass.json` asks for). */
const COLORS = {
  backgroundColor: 'rgb(11, 92, 173)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(214, 230, 245)',
} as const;

/** Hours after the exit a pass stays in the wallet before it expires (a late return flight still shows it). */
const EXPIRY_HOURS_AFTER_EXIT = 24;

/** One field of a pass (`key` unique within the pass). */
type PassField = { key: string; label: string; value: string };

/**
 * The content of `pass.json` of a generic Apple Wallet pass for the reservation: the QR code staff scan at
 * check-in (the reference, the same payload as the voucher's), entry and exit, the car park with address and phone,
 * and its arrival and return (shuttle) instructions on the back; relevant at entry near the car park, expired a day
 * after the exit, voided when the reservation no longer stands.
 *
 * @returns a JSON-serialisable object with every top-level key of `pass.json` (format version 1).
 * Source: PassKit Package Format Reference (pass.json keys, `barcodes`, `locations`, `relevantDate`,
 *   `expirationDate`, `voided`, `webServiceURL`, `authenticationToken`); issue 35 item 3 (content).
 */
export function applePassJson(input: WalletPassInput, identity: ApplePassIdentity, t: Translate) {
  const { view } = input;
  const field = (key: string, value: string): PassField => ({ key, label: t(`wallet.field.${key}`), value });
  const back = [
    field('address', view.lot.addressLines.join('\n')),
    ...(view.lot.phone ? [field('phone', view.lot.phone)] : []),
    ...(view.lot.openingHours ? [field('opening_hours', view.lot.openingHours)] : []),
    ...(view.lot.arrivalInstructions ? [field('arrival', view.lot.arrivalInstructions)] : []),
    ...(view.lot.returnInstructions ? [field('return', view.lot.returnInstructions)] : []),
    field('manage', input.manageUrl),
  ];
  return {
    formatVersion: 1,
    passTypeIdentifier: identity.passTypeIdentifier,
    teamIdentifier: identity.teamIdentifier,
    serialNumber: identity.serialNumber,
    webServiceURL: identity.webServiceURL,
    authenticationToken: identity.authenticationToken,
    organizationName: input.organizationName,
    description: t('wallet.description', { lot: view.lot.name }),
    logoText: input.organizationName,
    ...COLORS,
    barcodes: [
      { format: 'PKBarcodeFormatQR', message: view.reference, messageEncoding: 'iso-8859-1', altText: view.reference },
    ],
    locations: [
      {
        latitude: input.latitude,
        longitude: input.longitude,
        relevantText: t('wallet.relevant', { lot: view.lot.name }),
      },
    ],
    relevantDate: input.entryAt.toISOString(),
    expirationDate: new Date(input.exitAt.getTime() + EXPIRY_HOURS_AFTER_EXIT * 3_600_000).toISOString(),
    voided: !input.valid,
    generic: {
      headerFields: [field('reference', view.reference)],
      primaryFields: [field('lot', view.lot.name)],
      secondaryFields: [field('entry', view.entry), field('exit', view.exit)],
      auxiliaryFields: [
        field('airport', `${view.airport.name} (${view.airport.iata})`),
        field('tariff', view.tariff.name),
      ],
      backFields: back,
    },
  };
}

/** The Google-specific identity of a pass: the issuer (Google Pay & Wallet Console) and the object's id suffix. */
export type GooglePassIdentity = {
  /** `GOOGLE_WALLET_ISSUER_ID`, digits */
  issuerId: string;
  /** unique per pass within the issuer: the reservation's reference */
  objectSuffix: string;
};

/** The class all the shop's parking passes share: `<issuerId>.parking_reservation`. */
export function googleClassId(issuerId: string): string {
  return `${issuerId}.parking_reservation`;
}

/**
 * The Google Wallet `GenericObject` of the reservation, in `language` (`de` | `en`): card title the shop, header the
 * car park, the QR code with the reference, entry and exit, address, phone and instructions as text modules, valid
 * from entry to a day after the exit, `INACTIVE` once the reservation no longer stands.
 *
 * @returns a JSON-serialisable object for the `payload.genericObjects` of a save JWT.
 * Source: Google Wallet API reference (`GenericObject`: id `<issuer>.<suffix>` of `[\w.-]`, `classId`, `state`,
 *   `cardTitle`, `header`, `barcode`, `textModulesData`, `validTimeInterval`, `locations`); issue 35 item 3.
 */
export function googleGenericObject(
  input: WalletPassInput,
  identity: GooglePassIdentity,
  t: Translate,
  language: string,
) {
  const { view } = input;
  const text = (value: string) => ({ defaultValue: { language, value } });
  const module = (id: string, body: string) => ({ id, header: t(`wallet.field.${id}`), body });
  const modules = [
    module('entry', view.entry),
    module('exit', view.exit),
    module('address', view.lot.addressLines.join(', ')),
    ...(view.lot.phone ? [module('phone', view.lot.phone)] : []),
    ...(view.lot.arrivalInstructions ? [module('arrival', view.lot.arrivalInstructions)] : []),
    ...(view.lot.returnInstructions ? [module('return', view.lot.returnInstructions)] : []),
  ];
  return {
    id: `${identity.issuerId}.${identity.objectSuffix.replace(/[^\w.-]/g, '_')}`,
    classId: googleClassId(identity.issuerId),
    state: input.valid ? 'ACTIVE' : 'INACTIVE',
    cardTitle: text(input.organizationName),
    header: text(view.lot.name),
    subheader: text(t('wallet.field.reference')),
    hexBackgroundColor: '#0b5cad',
    barcode: { type: 'QR_CODE', value: view.reference, alternateText: view.reference },
    textModulesData: modules,
    linksModuleData: { uris: [{ uri: input.manageUrl, description: t('wallet.field.manage'), id: 'manage' }] },
    validTimeInterval: {
      start: { date: input.entryAt.toISOString() },
      end: { date: new Date(input.exitAt.getTime() + EXPIRY_HOURS_AFTER_EXIT * 3_600_000).toISOString() },
    },
    locations: [{ latitude: input.latitude, longitude: input.longitude }],
  };
}

/**
 * The `passesUpdatedSince` tag of Apple's web service: ours is the last-update instant in epoch milliseconds as
 * decimal text (opaque to the device, which sends back what it received as `lastUpdated`).
 * @returns the instant, or null for a missing or unreadable tag (then every registered pass counts as updated).
 */
export function parseUpdateTag(tag: string | undefined): Date | null {
  if (!tag || !/^\d{1,15}$/.test(tag)) return null;
  return new Date(Number(tag));
}

/** The tag of an instant (see {@link parseUpdateTag}). */
export function updateTagOf(at: Date): string {
  return String(at.getTime());
}
