/**
 * Who receives personal data from the shop, derived from its configuration, so the privacy policy (Art. 13
 * GDPR) names exactly the services that are switched on and none that are off. Pure: the caller passes the
 * validated settings (`SMTP_URL`, `MAP_TILE_URL`, `ADDRESS_AUTOCOMPLETE_URL`, `ANALYTICS_URL`,
 * `EKOMI_INTERFACE_ID`, `STRIPE_SECRET_KEY`, `SHOP_HOSTING_PROVIDER`; README, Configuration).
 */

/** A recipient (processor or independent controller) named in the privacy policy, in display order. */
export type RecipientKind =
  'operator' | 'hosting' | 'mail' | 'payment' | 'map' | 'geocoder' | 'analytics' | 'reviews' | 'flights';

/** A legal basis of Art. 6(1) GDPR: (a) consent, (b) contract, (c) legal obligation, (f) legitimate interests. */
export type LegalBasis = 'a' | 'b' | 'c' | 'f';

/** One recipient as the privacy policy lists it. */
export type PrivacyRecipient = {
  kind: RecipientKind;
  /** host name the data go to, from the configured URL (never its credentials); null when not URL-based */
  host: string | null;
  /** the provider's name when known (a well-known host, or the configured hosting provider), else null */
  provider: string | null;
  /** the provider's country (ISO 3166-1 alpha-2) when known, else null */
  country: string | null;
  /** the legal bases of Art. 6(1) GDPR the transfer rests on */
  basis: LegalBasis[];
  /** true when nothing is sent before the visitor consents or clicks (map tiles, analytics) */
  afterConsent: boolean;
};

/** The settings the list is built from (the validated environment's values; absent or empty = off). */
export type PrivacyConfig = {
  smtpUrl?: string;
  mapTileUrl?: string;
  addressAutocompleteUrl?: string;
  analyticsUrl?: string;
  ekomiInterfaceId?: string;
  stripeSecretKey?: string;
  hostingProvider?: string;
  /** the flight status provider's key (issue 35: AeroDataBox) */
  flightStatusKey?: string;
};

/** The recipients in use, and the optional services that are off (the policy says so for some of them). */
export type PrivacyRecipients = { used: PrivacyRecipient[]; unused: RecipientKind[] };

/** Providers known by host (the host itself or a subdomain of it): name and country. */
const KNOWN_HOSTS: readonly { host: string; provider: string; country: string }[] = [
  { host: 'tile.openstreetmap.org', provider: 'OpenStreetMap Foundation', country: 'GB' },
  { host: 'photon.komoot.io', provider: 'komoot GmbH', country: 'DE' },
  { host: 'plausible.io', provider: 'Plausible Insights OÜ', country: 'EE' },
  { host: 'googletagmanager.com', provider: 'Google Ireland Limited', country: 'IE' },
  { host: 'google-analytics.com', provider: 'Google Ireland Limited', country: 'IE' },
];

/** Providers fixed by the integration itself (the review and payment providers the shop is built for). */
const EKOMI = { provider: 'eKomi Holding GmbH', country: 'DE' } as const;
const STRIPE = { provider: 'Stripe Payments Europe, Limited', country: 'IE' } as const;
/** AeroDataBox, sold through RapidAPI (a US company): the flight status provider of issue 35. */
const AERODATABOX = { provider: 'AeroDataBox über RapidAPI (Nokia / Rapid, USA)', country: 'US' } as const;

/**
 * The host name of a configured URL or URL template, lower case, without user name, password, port or
 * leading template labels (`https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` → `tile.openstreetmap.org`,
 * `smtp://user:secret@mail.example.com:587` → `mail.example.com`). Returns null for an empty value or
 * anything that does not yield a plain host name, so no credential can ever leak into a page.
 */
export function configuredHost(value: string | undefined): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const host = match[1]
    .slice(match[1].lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .replace(/^(\{[^}]*\}\.)+/, '')
    .toLowerCase();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) ? host : null;
}

/** The known provider of `host` (exact host or a subdomain of a known one), or nulls. */
function knownProvider(host: string | null): { provider: string | null; country: string | null } {
  const known = host ? KNOWN_HOSTS.find((k) => host === k.host || host.endsWith(`.${k.host}`)) : undefined;
  return { provider: known?.provider ?? null, country: known?.country ?? null };
}

/** A recipient reached through a configured URL. */
function byUrl(kind: RecipientKind, url: string, basis: LegalBasis[], afterConsent: boolean): PrivacyRecipient {
  const host = configuredHost(url);
  return { kind, host, ...knownProvider(host), basis, afterConsent };
}

/**
 * Builds the recipients of the privacy policy from the configuration:
 * - always: the operator of the booked car park (Art. 6(1)(b)) and hosting (the configured provider, or
 *   null = the shop's own servers);
 * - `smtpUrl` set: the mail server's host (booking mails (b), newsletter (a)); else `mail` is unused;
 * - `stripeSecretKey` set: Stripe (b); else `payment` is unused;
 * - `mapTileUrl` set: the tile host, after consent or click (a); else `map` is unused;
 * - `addressAutocompleteUrl` set: the geocoder's host (f), queried by our server; else unused;
 * - `analyticsUrl` set: the analytics host, after consent (a); else unused;
 * - `flightStatusKey` set: AeroDataBox (b), the flight number and date of a return flight; else `flights` is unused;
 * - `ekomiInterfaceId` set: eKomi (f); else `reviews` is unused.
 * Empty or white-space values count as not set. Source: Art. 13(1)(c), (e), (f) GDPR; § 25(1) TDDDG.
 */
export function privacyRecipients(config: PrivacyConfig): PrivacyRecipients {
  const set = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';
  const used: PrivacyRecipient[] = [
    { kind: 'operator', host: null, provider: null, country: null, basis: ['b'], afterConsent: false },
    {
      kind: 'hosting',
      host: null,
      provider: set(config.hostingProvider) ? config.hostingProvider.trim() : null,
      country: null,
      basis: ['b', 'f'],
      afterConsent: false,
    },
  ];
  const unused: RecipientKind[] = [];
  const add = (on: boolean, kind: RecipientKind, recipient: () => PrivacyRecipient) =>
    on ? used.push(recipient()) : unused.push(kind);

  add(set(config.smtpUrl), 'mail', () => byUrl('mail', config.smtpUrl!, ['a', 'b'], false));
  add(set(config.stripeSecretKey), 'payment', () => ({
    kind: 'payment',
    host: null,
    ...STRIPE,
    basis: ['b'],
    afterConsent: false,
  }));
  add(set(config.mapTileUrl), 'map', () => byUrl('map', config.mapTileUrl!, ['a'], true));
  add(set(config.addressAutocompleteUrl), 'geocoder', () =>
    byUrl('geocoder', config.addressAutocompleteUrl!, ['f'], false),
  );
  add(set(config.analyticsUrl), 'analytics', () => byUrl('analytics', config.analyticsUrl!, ['a'], true));
  // only the flight number and date go there (issue 35, decision 0056)
  add(set(config.flightStatusKey), 'flights', () => ({
    kind: 'flights',
    host: null,
    ...AERODATABOX,
    basis: ['b'],
    afterConsent: false,
  }));
  add(set(config.ekomiInterfaceId), 'reviews', () => ({
    kind: 'reviews',
    host: null,
    ...EKOMI,
    basis: ['f'],
    afterConsent: false,
  }));
  return { used, unused };
}
