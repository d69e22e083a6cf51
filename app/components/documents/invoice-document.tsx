/**
 * The invoice or credit note as an HTML document (issue 9), for the embedded frame of the reservation pages:
 * the same content as the PDF (`app/services/documents/invoice-pdf.server.ts`) with the same labels
 * (`document.invoice.*`) and sentences (`~/domain/document-texts.ts`) — seller (with seat, register entry and
 * managing directors in the footer), buyer, number, dates, service, the items with net, VAT and gross, and how the
 * amount is settled (bank account and GiroCode for a transfer).
 */
import { useT } from '~/components/i18n-context.tsx';
import { FramedDocument } from '~/components/widgets/document-frame.tsx';
import { invoicePaymentText, invoiceTitle, invoiceTransferAccount, sellerLegalLines } from '~/domain/document-texts.ts';
import type { InvoiceView } from '~/domain/documents.ts';
import { DocumentFacts, DocumentSection, DocumentSheet, telHref } from './document-parts.tsx';

/**
 * The document of `view`, wrapped for the embedded frame. `girocodeDataUrl` is the GiroCode of
 * `view.payment.girocodePayload` as an image URL (drawn by the server), or null for none.
 */
export function InvoiceDocument({ view, girocodeDataUrl }: { view: InvoiceView; girocodeDataUrl: string | null }) {
  const t = useT();
  const title = invoiceTitle(view, t);
  const legal = sellerLegalLines(view.seller, t);
  return (
    <FramedDocument>
      <DocumentSheet data-invoice={view.number} data-kind={view.kind}>
        <InvoiceLetterhead view={view} />

        <div className="mt-8 grid gap-6 sm:grid-cols-2 sm:gap-10 print:mt-5">
          <section aria-label={t('document.invoice.buyer')} className="min-w-0">
            <p className="border-b border-line pb-1 text-xs text-muted print:text-[7pt]">
              {[view.seller.name, ...view.seller.addressLines].join(' · ')}
            </p>
            <address className="mt-2 not-italic" data-buyer>
              {view.buyerLines.map((line, i) => (
                <span key={`${i}-${line}`} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
          <section aria-label={t('document.invoice.details')} className="min-w-0">
            <DocumentFacts
              className="text-sm sm:text-sm"
              rows={[
                [t(`document.invoice.field.number.${view.kind}`), <span data-number>{view.number}</span>],
                [t('document.invoice.field.corrects'), view.kind === 'credit_note' ? view.correctsNumber : null],
                [t(`document.invoice.field.issue_date.${view.kind}`), view.issueDate],
                [t('document.invoice.field.reference'), view.reference],
                [
                  t('document.invoice.field.service_period'),
                  // like the PDF: the period's end on its own line
                  <span className="whitespace-pre-line">{view.servicePeriod.replace(' – ', ' –\n')}</span>,
                ],
              ]}
            />
          </section>
        </div>

        <h1 className="mt-10 text-2xl font-bold tracking-tight sm:text-3xl print:mt-5 print:text-[17pt]">
          {title} <span className="whitespace-nowrap">{view.number}</span>
        </h1>
        {view.kind === 'credit_note' && view.correctsNumber ? (
          <p className="mt-1 font-semibold">{t('document.invoice.corrects', { number: view.correctsNumber })}</p>
        ) : null}
        <p className="mt-4 print:mt-2">{t(`document.invoice.intro.${view.kind}`)}</p>

        <InvoiceService view={view} />
        <InvoiceItems view={view} />
        <InvoicePayment view={view} girocodeDataUrl={girocodeDataUrl} />

        <footer className="mt-10 grid break-inside-avoid gap-3 border-t border-line pt-4 text-xs text-muted sm:grid-cols-3 print:mt-4 print:pt-2 print:text-[7.5pt]">
          <p>
            <span className="block font-semibold">{view.seller.name}</span>
            {view.seller.addressLines.join(', ')}
            {legal.seat ? <span className="block">{legal.seat}</span> : null}
          </p>
          <p>
            <span className="block">
              {t('document.common.phone')}: {view.seller.phone}
            </span>
            <span className="block">
              {t('document.common.email')}: {view.seller.email}
            </span>
            <span className="block">
              {t('document.common.vat_id')} {view.seller.vatId}
            </span>
          </p>
          {legal.register.length > 0 ? (
            <p className="sm:text-right" data-seller-legal>
              {legal.register.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
          ) : null}
        </footer>
      </DocumentSheet>
    </FramedDocument>
  );
}

/** The seller as letterhead: name, address, phone, e-mail, VAT id. */
function InvoiceLetterhead({ view }: { view: InvoiceView }) {
  const t = useT();
  const seller = view.seller;
  return (
    <header className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-10">
      <p className="text-xl font-bold text-accent sm:text-2xl">{seller.name}</p>
      <address className="text-sm not-italic text-muted print:text-[8pt]" data-seller>
        {seller.addressLines.map((line, i) => (
          <span key={`${i}-${line}`} className="block">
            {line}
          </span>
        ))}
        <span className="block">
          {t('document.common.phone')}:{' '}
          <a className="text-accent underline" href={telHref(seller.phone)}>
            {seller.phone}
          </a>
        </span>
        <span className="block">
          {t('document.common.email')}:{' '}
          <a className="text-accent underline" href={`mailto:${seller.email}`}>
            {seller.email}
          </a>
        </span>
        <span className="block">
          {t('document.common.vat_id')} {seller.vatId}
        </span>
      </address>
    </header>
  );
}

/** What was sold: parking at the airport, car park, tariff, days charged, licence plate. */
function InvoiceService({ view }: { view: InvoiceView }) {
  const t = useT();
  const s = view.service;
  return (
    <section aria-label={t('document.invoice.service.heading')} className="mt-6 break-inside-avoid print:mt-3">
      <DocumentFacts
        rows={[
          [
            t('document.invoice.service.heading'),
            t('document.invoice.service.description', { airport: s.airport, iata: s.iata }),
          ],
          [t('document.invoice.service.lot'), s.lot],
          [t('document.invoice.service.tariff'), s.tariff],
          [t('document.invoice.service.days'), String(s.billableDays)],
          [t('document.invoice.service.license_plate'), s.licensePlate],
        ]}
      />
    </section>
  );
}

/** The line items with net, VAT and gross as a real table; the coupon code below it. */
function InvoiceItems({ view }: { view: InvoiceView }) {
  const t = useT();
  const cell = 'py-2 print:py-1';
  const amount = `${cell} pl-4 text-right tabular-nums whitespace-nowrap`;
  return (
    <div className="mt-8 break-inside-avoid print:mt-4">
      <table className="w-full border-collapse text-sm sm:text-base print:text-[10pt]" data-invoice-lines>
        <caption className="sr-only">{t('document.invoice.table.caption')}</caption>
        <thead>
          <tr className="border-b-2 border-ink text-muted">
            <th scope="col" className={`${cell} text-left font-semibold`}>
              {t('document.invoice.table.description')}
            </th>
            <th scope="col" className={`${cell} pl-4 text-right font-semibold`}>
              {t('document.invoice.table.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, i) => (
            <tr key={`${i}-${line.description}`} className="border-b border-line">
              <td className={cell}>{line.description}</td>
              <td className={amount} data-cents={line.cents}>
                {line.amount}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-ink">
            <th scope="row" className={`${cell} text-left font-normal`}>
              {t('document.invoice.net')}
            </th>
            <td className={amount}>{view.net}</td>
          </tr>
          <tr>
            <th scope="row" className={`${cell} text-left font-normal`}>
              {t('document.invoice.vat', { rate: view.vatRate })}
            </th>
            <td className={amount}>{view.vat}</td>
          </tr>
          <tr className="border-y-4 border-double border-ink text-lg font-bold">
            <th scope="row" className={`${cell} text-left`}>
              {t('document.invoice.gross')}
            </th>
            <td className={amount} data-gross-cents={view.grossCents}>
              {view.gross}
            </td>
          </tr>
        </tfoot>
      </table>
      {view.couponCode ? (
        <p className="mt-2 text-sm text-muted" data-coupon>
          {t('document.invoice.coupon', { code: view.couponCode })}
        </p>
      ) : null}
    </div>
  );
}

/** How the amount is settled: the transfer with account and GiroCode, a sentence, or the credit. */
function InvoicePayment({ view, girocodeDataUrl }: { view: InvoiceView; girocodeDataUrl: string | null }) {
  const t = useT();
  const bank = invoiceTransferAccount(view);
  const qr = bank && view.payment.girocodePayload ? girocodeDataUrl : null;
  return (
    <DocumentSection id="invoice-payment" title={t('document.invoice.payment.heading')} className="mt-8 print:mt-4">
      <p data-payment-text>{invoicePaymentText(view, t)}</p>
      {bank ? (
        <div className="mt-4 grid gap-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start print:mt-2" data-bank-transfer>
          <div className="min-w-0">
            <DocumentFacts
              rows={[
                [t('document.invoice.bank.holder'), bank.holder],
                [t('document.invoice.bank.iban'), <span className="select-all font-mono">{bank.iban}</span>],
                [t('document.invoice.bank.bic'), <span className="font-mono">{bank.bic}</span>],
                [t('document.invoice.bank.bank'), bank.bankName],
                [
                  t('document.invoice.bank.remittance'),
                  <span className="select-all font-mono">{view.payment.remittance}</span>,
                ],
              ]}
            />
            {qr ? <p className="mt-3 text-xs text-muted">{t('document.invoice.girocode_hint')}</p> : null}
          </div>
          {qr ? (
            <img
              src={qr}
              alt={t('document.invoice.girocode_alt', { amount: view.gross, holder: bank.holder })}
              width={144}
              height={144}
              className="justify-self-center rounded-lg bg-white sm:justify-self-end print:size-28"
              data-girocode
            />
          ) : null}
        </div>
      ) : null}
    </DocumentSection>
  );
}
