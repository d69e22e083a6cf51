/**
 * GiroCode images (issue 9): the EPC069-12 payload built by `~/domain/girocode.ts`, drawn as a QR code with
 * `qrcode` — an SVG `data:` URL for the reservation page and a PNG for the confirmation mail (inline `cid:`).
 */
import QRCode from 'qrcode';
import type { BankAccount, ReservationView } from '~/domain/reservation-view.ts';
import type { MailConfig } from '../service-context.ts';

/**
 * The shop's bank account from the configuration: `SHOP_IBAN`, `SHOP_BIC`, `SHOP_BANK_NAME`, holder `SHOP_NAME`.
 * @param env - the validated mail settings (IBAN and BIC checked at start, `server/env.server.ts`).
 */
export function bankAccountOf(env: MailConfig): BankAccount {
  return { holder: env.SHOP_NAME, iban: env.SHOP_IBAN, bic: env.SHOP_BIC, bankName: env.SHOP_BANK_NAME };
}

/**
 * A QR code of `payload` as an SVG `data:` URL (error correction M, quiet zone 1 module), for an `<img>`: the
 * GiroCode of the reservation pages and the voucher's reference code.
 * @param payload - e.g. from `girocodePayload` (≤ 331 bytes) or a reservation reference.
 * @throws Error from `qrcode` when the payload does not fit a QR code (cannot happen within EPC069-12 limits).
 * Source: EPC069-12 (QR code, error correction level M).
 */
export async function qrCodeSvgDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * The GiroCode of `payload` as a PNG (error correction M, quiet zone 2 modules, 6 px per module), for the mail.
 * @param payload - from `girocodePayload` (≤ 331 bytes).
 * @throws Error from `qrcode` when the payload does not fit a QR code.
 * Source: EPC069-12.
 */
export async function girocodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/**
 * The view with its GiroCode drawn (`bankTransfer.qrDataUrl`), for the reservation pages; unchanged when the
 * view has no transfer payload.
 * @throws never for a valid payload; `qrcode` errors pass.
 */
export async function withGirocodeImage(view: ReservationView): Promise<ReservationView> {
  const transfer = view.bankTransfer;
  if (!transfer?.payload) return view;
  return { ...view, bankTransfer: { ...transfer, qrDataUrl: await qrCodeSvgDataUrl(transfer.payload) } };
}
