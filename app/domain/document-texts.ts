/**
 * The sentences of the customer's documents (issue 9) that depend on the document and not only on one label:
 * the invoice's title and its payment sentence, the voucher's all-in price promise. Shared by the HTML documents (`app/components/documents/*`)
 * and the PDFs (`app/services/documents/*`), so both say exactly the same. Pure: the caller passes the
 * translation lookup of the document's language (keys `document.invoice.*`).
 */
import type { InvoiceView } from './documents.ts';
import { formatMoney } from './money.ts';

/** A translation lookup, `t('key', {name: value})` (the server's `translator(locale)` or the page's `useT()`). */
type Lookup = (key: string, params?: Record<string, string | number>) => string;

/**
 * `Rechnung` / `Invoice` or `Gutschrift` / `Credit note` in the lookup's language.
 * Source: DESIGN §6 (invoice RE-, credit note GS-), issue 9.
 */
export function invoiceTitle(view: Pick<InvoiceView, 'kind'>, t: Lookup): string {
  return t(`document.invoice.title.${view.kind}`);
}

/**
 * The account the customer is asked to pay to: only on an invoice (not a credit note) of payment type `invoice`
 * that carries bank details; else null (nothing to transfer).
 * Source: DESIGN §6 (Payment types: invoice — pay within 14 days to the shop's account), issue 9.
 */
export function invoiceTransferAccount(view: Pick<InvoiceView, 'kind' | 'payment'>): InvoiceView['payment']['bank'] {
  return view.kind === 'invoice' && view.payment.type === 'invoice' ? view.payment.bank : null;
}

/**
 * What the customer has to do about the amount, as one sentence:
 * - credit note: the amount (as a positive figure) is credited, refunds go the original way;
 * - invoice paid by transfer ({@link invoiceTransferAccount}): transfer the gross amount by the due date to the
 *   account below;
 * - paid on site / online / an overstay (due now, at the car park or through the payment link) / otherwise: the
 *   payment type's label with what it means.
 *
 * @param view - the invoice view (`grossCents` negative for a credit note).
 * @param t - lookup in `view.locale`.
 * Source: DESIGN §6 (Payment types: invoice within 14 days, on_site, online), §14c UStG (credit notes), issue 9.
 */
export function invoicePaymentText(
  view: Pick<InvoiceView, 'kind' | 'locale' | 'gross' | 'grossCents' | 'payment'>,
  t: Lookup,
): string {
  const { payment } = view;
  if (view.kind === 'credit_note') {
    // Paid online (issue 13): the refund through the provider is requested with the cancellation.
    if (payment.refund) return t('document.invoice.payment.refund', { amount: payment.refund, label: payment.label });
    return t('document.invoice.payment.credit', {
      amount: formatMoney(Math.abs(view.grossCents), view.locale),
      label: payment.label,
    });
  }
  if (invoiceTransferAccount(view)) {
    return payment.dueDate
      ? t('document.invoice.payment.transfer', { amount: view.gross, date: payment.dueDate })
      : t('document.invoice.payment.transfer_no_date', { amount: view.gross });
  }
  const key = ['on_site', 'online', 'overstay'].includes(payment.type) ? payment.type : 'other';
  return t(`document.invoice.payment.${key}`, { label: payment.label });
}

/**
 * The seller's company-law lines of an invoice or credit note (footer of the PDF and the HTML document): `seat`
 * goes under the address, `register` beside it.
 * - with a register entry: the seat (`Sitz der Gesellschaft: Frankfurt am Main`), the register court, the register
 *   number (`Registernummer: HRB 12345`) and the managing directors;
 * - without one (both empty: a sole trader or partnership outside the commercial register): no seat, the owners by
 *   name (`Inhaber: …`) and that there is no register entry;
 * - nothing for a snapshot issued before these details were stored (`legal` null): it prints as it was issued.
 * The legal form is part of the seller's name (`Parkplatz-Shop GmbH`), so it has no line of its own.
 * Source: § 35a GmbHG, § 37a HGB, § 15b GewO (business letters), § 14 Abs. 4 UStG; issue 30 item 6; decision 0045.
 */
export function sellerLegalLines(
  seller: Pick<InvoiceView['seller'], 'legal'>,
  t: Lookup,
): { seat: string | null; register: string[] } {
  const legal = seller.legal;
  if (!legal) return { seat: null, register: [] };
  if (!legal.registerNumber) {
    return {
      seat: null,
      register: [t('document.seller.owners', { names: legal.managingDirectors }), t('document.seller.no_register')],
    };
  }
  return {
    seat: legal.seat ? t('document.seller.seat', { seat: legal.seat }) : null,
    register: [
      t('document.seller.register_court', { court: legal.registerCourt }),
      t('document.seller.register_number', { number: legal.registerNumber }),
      t('document.seller.managing_directors', { names: legal.managingDirectors }),
    ],
  };
}

/**
 * What the customer pays at the car park, in cents: the whole total for payment type `on_site`, else 0 (paid by
 * invoice or online: nothing is due on site).
 * Source: issue 12 item 3 (price guarantee: no fees on site), DESIGN §6 (Payment types).
 */
export function dueOnSiteCents(paymentType: string, totalCents: number): number {
  return paymentType === 'on_site' ? Math.max(0, totalCents) : 0;
}

/**
 * The voucher's promise: the price is all-in, no further fees at the car park, and what is due there
 * (`document.voucher.all_in` when nothing, `document.voucher.all_in_on_site` with the amount otherwise).
 *
 * @param dueOnSite - the formatted amount due at the car park (`0,00 €` when nothing).
 * @param dueCents - the same in cents (decides the sentence).
 * Source: issue 12 item 3.
 */
export function voucherAllInText(dueOnSite: string, dueCents: number, t: Lookup): string {
  return dueCents > 0
    ? t('document.voucher.all_in_on_site', { amount: dueOnSite })
    : t('document.voucher.all_in', { amount: dueOnSite });
}
