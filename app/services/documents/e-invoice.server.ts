/**
 * E-invoices (issue 34, decision 0052): every stored invoice and credit note snapshot as EN 16931 data for the kept
 * library `@e-invoice-eu/core`, which writes the XML and the hybrid PDF:
 * - the XRechnung 3.0 file in UN/CEFACT CII (`Rechnung-RE-….xml` / `Gutschrift-GS-….xml`, {@link renderXRechnung};
 *   the names are `xmlName` of `reservation-documents.server.ts`);
 * - the Factur-X 1.07 / ZUGFeRD 2.3 PDF (profile EN 16931, PDF/A-3 with `factur-x.xml` embedded, {@link facturXPdf})
 *   from the PDF the shop renders.
 * One VAT rate per document (DESIGN §6: 19 % included); a credit note is type 381 with positive amounts and names
 * the invoice it corrects (BT-25). Amounts are integer euro cents here and two-place decimals in the XML.
 */
import type { Invoice, InvoiceServiceOptions } from '@e-invoice-eu/core';
import type { BuyerParty, InvoiceData } from '~/domain/documents.ts';
import { decimalOf, netLineAmounts, postalAddressOf, type PostalAddress } from '~/domain/e-invoice.ts';

/** The library's document shape (UBL in JSON, its "internal format"). */
type Document = Invoice['ubl:Invoice'];

/** EUR on every amount: the shop sells in euro only (SPEC §9). */
const EUR = 'EUR' as const;

/** Payment means code (UNTDID 4461) per payment type; see {@link paymentMeansOf}. */
const PAYMENT_MEANS: Record<string, { code: string; name: string }> = {
  invoice: { code: '58', name: 'SEPA credit transfer' },
  online: { code: 'ZZZ', name: 'Online payment (payment service provider)' },
  on_site: { code: '1', name: 'Payment at the car park' },
  overstay: { code: '1', name: 'Payment at the car park or through the payment link' },
};

function address(postal: PostalAddress) {
  return {
    'cbc:StreetName': postal.street || '-',
    'cbc:CityName': postal.city || '-',
    'cbc:PostalZone': postal.postcode || undefined,
    'cac:Country': { 'cbc:IdentificationCode': postal.country },
  };
}

/**
 * The buyer of a snapshot: its `buyer.party` (stored since issue 34), else `fallback` (the reservation's address
 * now, for snapshots issued before), else the printed lines (first line as the name).
 */
function buyerOf(data: InvoiceData, fallback: BuyerParty | undefined): BuyerParty {
  if (data.buyer.party) return data.buyer.party;
  if (fallback) return fallback;
  return {
    name: data.buyer.lines[0] ?? '-',
    contact: '',
    street: data.buyer.lines[1] ?? '',
    postcode: '',
    city: data.buyer.lines[2] ?? '',
    country: 'DE',
    email: '',
    vatId: '',
    buyerReference: '',
  };
}

/** The VAT category of every line and of the breakdown: standard rate `S` with the document's rate. */
function taxCategory(rateBp: number) {
  return { 'cbc:ID': 'S', 'cbc:Percent': decimalOf(rateBp), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/**
 * The payment instructions (BG-16): a transfer to the shop's account for payment type `invoice`, else the way it was
 * or will be paid; `ZZZ` (mutually defined) for the online provider, `1` (not defined: cash or card) at the car park.
 */
function paymentMeansOf(data: InvoiceData) {
  const bank = data.payment.bank;
  // A transfer needs the account (XRechnung BR-DE-23-a); a credit note has none to pay into: "not defined".
  const known = PAYMENT_MEANS[data.payment.type];
  const means =
    known && (known.code !== '58' || bank) ? known : { code: '1', name: data.payment.label || 'Not defined' };
  return [
    {
      'cbc:PaymentMeansCode': means.code,
      'cbc:PaymentMeansCode@name': means.name,
      'cbc:PaymentID': data.payment.remittance,
      ...(bank && means.code === '58'
        ? {
            'cac:PayeeFinancialAccount': {
              'cbc:ID': bank.iban.replace(/\s+/g, ''),
              'cbc:Name': bank.holder,
              ...(bank.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': bank.bic } } : {}),
            },
          }
        : {}),
    },
  ];
}

/**
 * The EN 16931 document of a stored invoice or credit note, in the library's format: seller (name, address in fields
 * from `SHOP_ADDRESS`, VAT ID, contact, e-mail as electronic address), buyer (BG-7: company or name, address, e-mail
 * as electronic address, VAT ID, buyer reference — the Leitweg-ID when given, else the booking's reference, which
 * XRechnung asks for), the service period (BG-14), one line per printed line with the gross amounts worked back to net
 * exactly ({@link netLineAmounts}), the VAT breakdown, the totals and what is still due: nothing for a booking paid
 * online (BT-113 prepaid), the total otherwise with the due date or payment terms. A credit note is type 381 with
 * positive amounts and the corrected invoice in BT-25.
 *
 * @param fallbackBuyer - the reservation's buyer now, for snapshots issued before they stored the buyer in fields.
 * @throws RangeError for a snapshot without lines.
 * Source: EN 16931-1:2017, XRechnung 3.0 (BT-10, BT-34, BT-49, BR-DE-*), issue 34 item 1.
 */
export function eInvoiceDocument(data: InvoiceData, fallbackBuyer?: BuyerParty): Invoice {
  const credit = data.kind === 'credit_note';
  // A credit note stores negative amounts; the 381 document carries them as positive figures.
  const sign = credit ? -1 : 1;
  const rate = data.totals.vatRateBp;
  const grossLines = data.lines.map((line) => sign * line.cents);
  const netCents = sign * data.totals.netCents;
  const vatCents = sign * data.totals.vatCents;
  const grossCents = sign * data.totals.grossCents;
  const nets = netLineAmounts(grossLines, netCents, rate);
  const buyer = buyerOf(data, fallbackBuyer);
  const seller = postalAddressOf(data.seller.address);
  const paidOnline = data.payment.type === 'online' && !credit;
  const dueCents = paidOnline || credit ? 0 : grossCents;
  const money = (cents: number) => decimalOf(cents);
  const document: Document = {
    // (BT-24 is the output format's: set where the format is known)
    'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
    'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    'cbc:ID': data.number,
    'cbc:IssueDate': data.issueDate,
    ...(data.payment.dueDate ? { 'cbc:DueDate': data.payment.dueDate } : {}),
    'cbc:InvoiceTypeCode': credit ? '381' : '380',
    'cbc:Note': [`${data.service.airport} (${data.service.iata}), ${data.service.lot}, ${data.service.tariff}`],
    'cbc:DocumentCurrencyCode': EUR,
    'cbc:BuyerReference': buyer.buyerReference || data.reference,
    'cac:InvoicePeriod': {
      'cbc:StartDate': data.service.entryLocal.slice(0, 10),
      'cbc:EndDate': data.service.exitLocal.slice(0, 10),
    },
    ...(credit && data.correctsNumber
      ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': data.correctsNumber } }] }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': data.seller.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PartyName': { 'cbc:Name': data.seller.name },
        'cac:PostalAddress': address(seller),
        ...(data.seller.vatId
          ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': data.seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] }
          : {}),
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': data.seller.name,
          ...(data.seller.legal?.registerNumber ? { 'cbc:CompanyID': data.seller.legal.registerNumber } : {}),
          ...(data.seller.legal ? { 'cbc:CompanyLegalForm': sellerLegalText(data.seller.legal) } : {}),
        },
        'cac:Contact': {
          'cbc:Name': data.seller.name,
          'cbc:Telephone': data.seller.phone,
          'cbc:ElectronicMail': data.seller.email,
        },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...(buyer.email ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PartyName': { 'cbc:Name': buyer.name || '-' },
        'cac:PostalAddress': address(buyer),
        ...(buyer.vatId
          ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
          : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name || '-' },
        ...(buyer.contact && buyer.contact !== buyer.name ? { 'cac:Contact': { 'cbc:Name': buyer.contact } } : {}),
      },
    },
    // BT-72: the end of the stay (the CII schema needs the delivery block, and the library writes it only with content)
    'cac:Delivery': { 'cbc:ActualDeliveryDate': data.service.exitLocal.slice(0, 10) },
    'cac:PaymentMeans': paymentMeansOf(data),
    'cac:PaymentTerms': { 'cbc:Note': data.payment.label },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(vatCents),
        'cbc:TaxAmount@currencyID': EUR,
        'cac:TaxSubtotal': [
          {
            'cbc:TaxableAmount': money(netCents),
            'cbc:TaxableAmount@currencyID': EUR,
            'cbc:TaxAmount': money(vatCents),
            'cbc:TaxAmount@currencyID': EUR,
            'cac:TaxCategory': taxCategory(rate),
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(netCents),
      'cbc:LineExtensionAmount@currencyID': EUR,
      'cbc:TaxExclusiveAmount': money(netCents),
      'cbc:TaxExclusiveAmount@currencyID': EUR,
      'cbc:TaxInclusiveAmount': money(grossCents),
      'cbc:TaxInclusiveAmount@currencyID': EUR,
      ...(dueCents !== grossCents
        ? { 'cbc:PrepaidAmount': money(grossCents - dueCents), 'cbc:PrepaidAmount@currencyID': EUR }
        : {}),
      'cbc:PayableAmount': money(dueCents),
      'cbc:PayableAmount@currencyID': EUR,
    },
    'cac:InvoiceLine': data.lines.map((line, i) => ({
      'cbc:ID': String(i + 1),
      'cbc:InvoicedQuantity': nets[i] < 0 ? '-1' : '1',
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': money(nets[i]),
      'cbc:LineExtensionAmount@currencyID': EUR,
      'cac:Item': { 'cbc:Name': line.description, 'cac:ClassifiedTaxCategory': taxCategory(rate) },
      'cac:Price': { 'cbc:PriceAmount': money(Math.abs(nets[i])), 'cbc:PriceAmount@currencyID': EUR },
    })),
  } as Document;
  return { 'ubl:Invoice': document };
}

/** The seller's company-law details as one line (BT-33): seat, register, managing directors. */
function sellerLegalText(legal: NonNullable<InvoiceData['seller']['legal']>): string {
  return [
    legal.seat && `Sitz: ${legal.seat}`,
    legal.registerCourt && `${legal.registerCourt} ${legal.registerNumber}`,
    legal.managingDirectors && `Geschäftsführung: ${legal.managingDirectors}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The library's XML or PDF of `document` in `format`, through its format service (loaded on the first document: the
 * library carries a spreadsheet reader, not needed in every worker). The document is built here, so the library's
 * input schema check is left out; the output is what the tests check against the official rules. Two things the
 * library's `InvoiceService.generate` would do are done here: the format's specification and profile IDs (BT-24,
 * BT-23), and its defaults. Library 2.3.4 reads the preceding invoice (BG-3) of CII from `cbc:ID` directly under each
 * `cac:BillingReference` (fixed in its 3.x, which this registry does not carry), so the number is put there too.
 */
async function generate(document: Invoice, options: InvoiceServiceOptions): Promise<string | Uint8Array> {
  const { FormatFactoryService } = await import('@e-invoice-eu/core');
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(options.format, quiet);
  const format = factory.normalizeFormat(options.format);
  const info = factory.info(format);
  const invoice = structuredClone(document);
  const body = invoice['ubl:Invoice'];
  body['cbc:CustomizationID'] = info.customizationID;
  body['cbc:ProfileID'] = info.profileID || body['cbc:ProfileID'];
  for (const reference of body['cac:BillingReference'] ?? []) {
    (reference as unknown as Record<string, unknown>)['cbc:ID'] = reference['cac:InvoiceDocumentReference']['cbc:ID'];
  }
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, { ...options, format });
}

/**
 * The XRechnung 3.0 file (UN/CEFACT CII) of a stored invoice or credit note.
 * @returns the XML text.
 * @throws when the library refuses the document (a bug: the data are built here).
 * Source: issue 34 item 2, XRechnung 3.0.
 */
export async function renderXRechnung(data: InvoiceData, fallbackBuyer?: BuyerParty): Promise<string> {
  const xml = await generate(eInvoiceDocument(data, fallbackBuyer), { format: 'XRECHNUNG-CII', lang: 'de' });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/**
 * The hybrid PDF of a stored invoice or credit note: `pdf` (the shop's rendering) made PDF/A-3 with the EN 16931
 * CII data embedded as `factur-x.xml` (Factur-X 1.07 / ZUGFeRD 2.3, profile EN 16931) and the XMP metadata that names
 * it.
 * @throws when the library refuses the document or the PDF.
 * Source: issue 34 item 1.
 */
export async function facturXPdf(data: InvoiceData, pdf: Buffer, fallbackBuyer?: BuyerParty): Promise<Buffer> {
  const out = await generate(eInvoiceDocument(data, fallbackBuyer), {
    format: 'Factur-X-EN16931',
    lang: data.locale === 'en' ? 'en-gb' : 'de-de',
    pdf: { buffer: new Uint8Array(pdf), filename: `${data.number}.pdf`, mimetype: 'application/pdf' },
  });
  return Buffer.from(typeof out === 'string' ? Buffer.from(out, 'binary') : out);
}
