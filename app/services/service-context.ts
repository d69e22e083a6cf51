/**
 * What services need of the running application, as their own small types (DESIGN §2: services import
 * nothing from `server/`). `server/context.server.ts`'s `AppContext` satisfies them structurally, so the
 * wiring passes it unchanged; tests can pass plain objects.
 */
import type { Database } from '#database/client.server.ts';

/** A structured logger (pino's shape): a context object first, then the message. */
export type ServiceLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/**
 * Who the shop is, as the Impressum, the mails and the invoices name it (environment variables, README
 * Configuration): name, address, e-mail, phone, VAT id, and the company-law details (§ 35a GmbHG): legal form,
 * managing directors, register court and number (both empty = no register entry, enforced by the environment's
 * validation).
 */
export type ShopIdentity = {
  SHOP_NAME: string;
  SHOP_ADDRESS: string;
  SHOP_EMAIL: string;
  SHOP_PHONE: string;
  SHOP_VAT_ID: string;
  SHOP_LEGAL_FORM: string;
  SHOP_MANAGING_DIRECTORS: string;
  SHOP_REGISTER_COURT: string;
  SHOP_REGISTER_NUMBER: string;
};

/**
 * The settings mail needs, named as the environment variables they come from (README, Configuration):
 * transport (`SMTP_URL` or `.eml` files under `DATA_DIR/mail`), sender, and the shop's own data for the mail.
 */
export type MailConfig = ShopIdentity & {
  SMTP_URL?: string;
  MAIL_FROM: string;
  DATA_DIR: string;
  /** the seller's seat for invoices and credit notes (`SHOP_SEAT`, else the town of `SHOP_ADDRESS`; resolved by
   * the environment) */
  SHOP_SEAT: string;
  /** The shop's bank account for payment by invoice (validated IBAN and BIC, bank name); holder = `SHOP_NAME`. */
  SHOP_IBAN: string;
  SHOP_BIC: string;
  SHOP_BANK_NAME: string;
  /** hours of a late return flight's overstay that are free (issue 35; the voucher and the mail promise it) */
  FLIGHT_DELAY_FREE_HOURS?: number;
};

/**
 * The application as a use case sees it: database, clock, logger and configuration (`PUBLIC_URL`: absolute
 * base URL for links in mails, else taken from the request).
 */
export type ServiceContext = {
  db: Database;
  now: () => Date;
  logger: ServiceLogger;
  env: MailConfig & { PUBLIC_URL: string };
};
