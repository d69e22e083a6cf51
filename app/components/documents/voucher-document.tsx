/**
 * The parking voucher as an HTML document (issue 9), for the embedded frame of the reservation pages: the same
 * content as the PDF (`app/services/documents/voucher-pdf.server.ts`) with the same labels
 * (`document.voucher.*`) — reference as large text and QR code, entry and exit, car park with directions and
 * return, the booking, price and payment, cancellation terms and the self-service link.
 */
import { useT } from '~/components/i18n-context.tsx';
import { FramedDocument } from '~/components/widgets/document-frame.tsx';
import { voucherAllInText } from '~/domain/document-texts.ts';
import type { VoucherView } from '~/domain/documents.ts';
import { DocumentFacts, DocumentSection, DocumentSheet, telHref } from './document-parts.tsx';

/** The voucher of `view`, wrapped for the embedded frame (reports its height to the parent page). */
export function VoucherDocument({ view }: { view: VoucherView }) {
  const t = useT();
  const r = view.reservation;
  return (
    <FramedDocument>
      <DocumentSheet data-voucher={r.reference}>
        <p className="font-semibold text-accent">{view.shop.name}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl print:text-[20pt]">
          {t('document.voucher.title')}
        </h1>
        <p className="mt-2 text-muted print:mt-1">{t('document.voucher.intro')}</p>

        <VoucherHero view={view} />

        <div className="mt-8 grid gap-8 md:grid-cols-2 print:mt-4 print:grid-cols-2 print:gap-4">
          <VoucherLot view={view} />
          <div className="grid content-start gap-8 print:gap-4">
            <VoucherBooking view={view} />
            <VoucherPrice view={view} />
          </div>
        </div>

        <div className="mt-8 grid gap-8 print:mt-4 print:gap-4">
          <div className="grid gap-8 print:grid-cols-2 print:gap-4">
            {r.lot.arrivalInstructions ? (
              <DocumentSection id="voucher-arrival" title={t('document.voucher.section.arrival')}>
                <p className="whitespace-pre-line">{r.lot.arrivalInstructions}</p>
              </DocumentSection>
            ) : null}
            {r.lot.returnInstructions ? (
              <DocumentSection id="voucher-return" title={t('document.voucher.section.return')}>
                <p className="whitespace-pre-line">{r.lot.returnInstructions}</p>
              </DocumentSection>
            ) : null}
          </div>
          <div className="grid gap-8 md:grid-cols-2 print:grid-cols-2 print:gap-4">
            <DocumentSection id="voucher-cancellation" title={t('document.voucher.section.cancellation')}>
              <p>{r.cancellation}</p>
            </DocumentSection>
            <DocumentSection id="voucher-manage" title={t('document.voucher.section.manage')}>
              <p>{t('document.voucher.manage_text')}</p>
              <p className="mt-1">
                <a className="break-all font-medium text-accent underline" href={view.manageUrl} data-manage-url>
                  {view.manageUrl}
                </a>
              </p>
            </DocumentSection>
          </div>
        </div>

        <footer className="mt-10 break-inside-avoid border-t border-line pt-4 text-sm text-muted print:mt-3 print:pt-2 print:text-[8pt]">
          <p>{t('document.voucher.footer_questions')}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 font-semibold text-ink">
            <span>{view.shop.name}</span>
            <a className="text-accent underline" href={`mailto:${view.shop.email}`}>
              {view.shop.email}
            </a>
            {view.shop.phone ? (
              <a className="text-accent underline" href={telHref(view.shop.phone)}>
                {view.shop.phone}
              </a>
            ) : null}
          </p>
        </footer>
      </DocumentSheet>
    </FramedDocument>
  );
}

/** The reference, large and as a QR code, with the entry and exit time. */
function VoucherHero({ view }: { view: VoucherView }) {
  const t = useT();
  const r = view.reservation;
  return (
    <section
      aria-labelledby="voucher-reference"
      className="mt-6 grid break-inside-avoid gap-5 rounded-2xl border-2 border-accent bg-accent-soft p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-6 print:mt-3 print:gap-3 print:bg-transparent print:p-3"
    >
      <div className="min-w-0">
        <h2 id="voucher-reference" className="text-sm font-medium text-muted">
          {t('document.voucher.reference')}
        </h2>
        <p
          className="mt-1 select-all font-mono text-3xl font-bold tracking-[0.15em] sm:text-5xl sm:tracking-[0.2em] print:text-[30pt]"
          data-reference
        >
          {r.reference}
        </p>
        <DocumentFacts
          className="mt-5 sm:text-lg print:mt-2 print:text-[11pt]"
          rows={[
            [t('document.voucher.field.entry'), <span data-entry>{r.entry}</span>],
            [t('document.voucher.field.exit'), <span data-exit>{r.exit}</span>],
          ]}
        />
      </div>
      {view.qrDataUrl ? (
        <figure className="flex flex-col items-center gap-2 justify-self-center sm:justify-self-end">
          <img
            src={view.qrDataUrl}
            alt={t('document.voucher.qr_alt', { reference: r.reference })}
            width={160}
            height={160}
            className="rounded-lg bg-white print:size-28"
            data-voucher-qr
          />
          <figcaption className="max-w-40 text-center text-xs text-muted">{t('document.voucher.qr_hint')}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

/** Airport and car park: name, operator, address, phone, opening hours. */
function VoucherLot({ view }: { view: VoucherView }) {
  const t = useT();
  const r = view.reservation;
  return (
    <DocumentSection id="voucher-lot" title={t('document.voucher.section.lot')}>
      <p className="font-semibold">
        {r.airport.name} ({r.airport.iata})
      </p>
      <p className="mt-1 font-semibold">{r.lot.name}</p>
      <address className="mt-1 not-italic">
        {[r.lot.operator, ...r.lot.addressLines].filter(Boolean).map((line, i) => (
          <span key={`${i}-${line}`} className="block">
            {line}
          </span>
        ))}
      </address>
      <DocumentFacts
        className="mt-3"
        rows={[
          [
            t('document.voucher.field.phone'),
            r.lot.phone ? (
              <a className="text-accent underline" href={telHref(r.lot.phone)}>
                {r.lot.phone}
              </a>
            ) : null,
          ],
          [t('document.voucher.field.opening_hours'), r.lot.openingHours],
        ]}
      />
    </DocumentSection>
  );
}

/** Tariff, duration, persons, child seats, bulky baggage, licence plate, flight numbers when given. */
function VoucherBooking({ view }: { view: VoucherView }) {
  const t = useT();
  const r = view.reservation;
  const none = <span className="font-normal text-muted">{t('document.voucher.none')}</span>;
  return (
    <DocumentSection id="voucher-booking" title={t('document.voucher.section.booking')}>
      <DocumentFacts
        rows={[
          [t('document.voucher.field.tariff'), r.tariff.name],
          [t('document.voucher.field.duration'), r.daysLabel],
          [t('document.voucher.field.persons'), String(r.personCount)],
          [t('document.voucher.field.child_seats'), String(r.childrenSeat)],
          [t('document.voucher.field.bulky_baggage'), r.bulkyBaggage.length ? r.bulkyBaggage.join(', ') : none],
          [
            t('document.voucher.field.license_plate'),
            r.licensePlate ? <span className="font-mono">{r.licensePlate}</span> : none,
          ],
          // flight numbers only when given (issue 12 item 5): DocumentFacts leaves out empty rows
          [t('document.voucher.field.outbound_flight'), r.outboundFlightNumber || null],
          [t('document.voucher.field.return_flight'), r.returnFlightNumber || null],
        ]}
      />
    </DocumentSection>
  );
}

/**
 * Payment type, the amount due at the car park (0 € unless paid on site), the all-in price with its VAT and the
 * promise that no fees are charged on site (issue 12 item 3).
 */
function VoucherPrice({ view }: { view: VoucherView }) {
  const t = useT();
  const r = view.reservation;
  return (
    <DocumentSection id="voucher-price" title={t('document.voucher.section.price')}>
      <DocumentFacts
        rows={[
          [t('document.voucher.field.payment'), r.payment.label],
          [t('document.voucher.field.due_on_site'), <span data-due-on-site>{view.dueOnSite}</span>],
        ]}
      />
      <p className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 border-t border-line pt-3">
        <span className="font-semibold">{r.total.label}</span>
        <span className="text-2xl font-bold tabular-nums print:text-[15pt]" data-total-cents={r.total.cents}>
          {r.total.amount}
        </span>
      </p>
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted">
        <span>{r.vat.label}</span>
        <span className="tabular-nums">{r.vat.amount}</span>
      </p>
      <p className="mt-3 rounded-lg bg-success-soft px-3 py-2 text-sm font-medium text-success print:p-0" data-all-in>
        {voucherAllInText(view.dueOnSite, view.dueOnSiteCents, t)}
      </p>
    </DocumentSection>
  );
}
