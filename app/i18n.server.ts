/**
 * The translation dictionaries, loaded on the server only (the browser fetches them from
 * `GET /translations/{locale}.json`, DESIGN §5). Server rendering uses the same texts (issue: no flash of keys).
 */
import crypto from 'node:crypto';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import adminDe from '../locales/admin-de.json' with { type: 'json' };
import adminEn from '../locales/admin-en.json' with { type: 'json' };
import adminOpsDe from '../locales/admin-ops-de.json' with { type: 'json' };
import adminOpsEn from '../locales/admin-ops-en.json' with { type: 'json' };
import adminCatalogueDe from '../locales/admin-catalogue-de.json' with { type: 'json' };
import adminCatalogueEn from '../locales/admin-catalogue-en.json' with { type: 'json' };
import adminAuthDe from '../locales/admin-auth-de.json' with { type: 'json' };
import adminAuthEn from '../locales/admin-auth-en.json' with { type: 'json' };
import adminMiscDe from '../locales/admin-misc-de.json' with { type: 'json' };
import adminMiscEn from '../locales/admin-misc-en.json' with { type: 'json' };
import { lookup, type Dictionary, type Locale } from './i18n.ts';

/** Every locale's dictionary: the texts of the shop, served to every browser. */
export const DICTIONARIES: Record<Locale, Dictionary> = { de, en };

/**
 * The back office's texts (issue 15): server-side and on back-office pages only (the admin layout hands them to
 * the browser), so the shop's public dictionary, fetched by every visitor, does not grow with them.
 */
export const ADMIN_DICTIONARIES: Record<Locale, Dictionary> = {
  de: { ...adminDe, ...adminAuthDe, ...adminOpsDe, ...adminMiscDe, ...adminCatalogueDe },
  en: { ...adminEn, ...adminAuthEn, ...adminOpsEn, ...adminMiscEn, ...adminCatalogueEn },
};

/** What the server translates with: the shop's texts and the back office's. */
const SERVER_DICTIONARIES: Record<Locale, Dictionary> = {
  de: { ...de, ...ADMIN_DICTIONARIES.de },
  en: { ...en, ...ADMIN_DICTIONARIES.en },
};

/** Content hash of the dictionaries: the `v` of the translations URL, changes when a text changes. */
export const TRANSLATIONS_VERSION = crypto
  .createHash('sha256')
  .update(JSON.stringify(DICTIONARIES))
  .digest('hex')
  .slice(0, 12);

/** A text lookup bound to a locale: `t('key', {name: 'value'})`. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Returns the lookup for `locale`, falling back to German, then to the key. */
export function translator(locale: Locale): Translate {
  return (key, params) => lookup(SERVER_DICTIONARIES[locale], SERVER_DICTIONARIES.de, key, params);
}

/** The page-head `translations-url` for a locale (DESIGN §4). */
export function translationsUrl(locale: Locale): string {
  return `/translations/${locale}.json?v=${TRANSLATIONS_VERSION}`;
}
