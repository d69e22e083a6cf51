/**
 * The legal pages (`legal.imprint` /impressum, `legal.privacy` /datenschutz, `legal.terms` /agb; DESIGN §3):
 * their texts filled with the shop's configured identity, and the privacy policy's recipients derived from
 * the configured services ({@link privacyRecipients}), so the policy says exactly what is switched on.
 */
import { LEGAL_TEXTS, type LegalSection } from '~/content/legal.ts';
import { companyName } from '~/domain/legal-identity.ts';
import { privacyRecipients } from '~/domain/privacy-recipients.ts';
import type { Locale } from '~/i18n.ts';
import type { ShopIdentity } from '../service-context.ts';

/** A legal page by its content key. */
export type LegalPageKey = 'imprint' | 'privacy' | 'terms';

/**
 * The settings the legal pages read, named as the environment variables they come from (README,
 * Configuration); `server/env.server.ts` validates them (register number format, court, economic id).
 */
export type LegalConfig = ShopIdentity & {
  SHOP_ECONOMIC_ID?: string;
  SHOP_SUPERVISORY_AUTHORITY?: string;
  SHOP_DATA_PROTECTION_AUTHORITY: string;
  SHOP_HOSTING_PROVIDER?: string;
  SHOP_SAMPLE_DATA: boolean;
  SMTP_URL?: string;
  MAP_TILE_URL: string;
  ADDRESS_AUTOCOMPLETE_URL?: string;
  ANALYTICS_URL?: string;
  EKOMI_INTERFACE_ID?: string;
  STRIPE_SECRET_KEY?: string;
  AERODATABOX_API_KEY?: string;
};

/** A legal page as the route renders it; `sampleData`: the shop runs on sample data (a notice says so). */
export type LegalPage = { title: string; sections: LegalSection[]; sampleData: boolean };

/**
 * Builds one legal page in `locale` from the configuration. Pure (no I/O); never throws for a validated
 * configuration. Source: § 5 DDG (Impressum), Art. 13 GDPR (privacy policy), DESIGN §10 (shop data from
 * configuration).
 */
export function loadLegalPage(config: LegalConfig, page: LegalPageKey, locale: Locale): LegalPage {
  const text = LEGAL_TEXTS[locale][page]({
    company: companyName(config.SHOP_NAME, config.SHOP_LEGAL_FORM),
    address: config.SHOP_ADDRESS,
    email: config.SHOP_EMAIL,
    phone: config.SHOP_PHONE,
    vatId: config.SHOP_VAT_ID,
    managingDirectors: config.SHOP_MANAGING_DIRECTORS,
    register:
      config.SHOP_REGISTER_COURT && config.SHOP_REGISTER_NUMBER
        ? { court: config.SHOP_REGISTER_COURT, number: config.SHOP_REGISTER_NUMBER }
        : null,
    economicId: config.SHOP_ECONOMIC_ID ?? null,
    supervisoryAuthority: config.SHOP_SUPERVISORY_AUTHORITY ?? null,
    dataProtectionAuthority: config.SHOP_DATA_PROTECTION_AUTHORITY,
    recipients: privacyRecipients({
      smtpUrl: config.SMTP_URL,
      mapTileUrl: config.MAP_TILE_URL,
      addressAutocompleteUrl: config.ADDRESS_AUTOCOMPLETE_URL,
      analyticsUrl: config.ANALYTICS_URL,
      ekomiInterfaceId: config.EKOMI_INTERFACE_ID,
      stripeSecretKey: config.STRIPE_SECRET_KEY,
      flightStatusKey: config.AERODATABOX_API_KEY,
      hostingProvider: config.SHOP_HOSTING_PROVIDER,
    }),
  });
  return { ...text, sampleData: config.SHOP_SAMPLE_DATA };
}
