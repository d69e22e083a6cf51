import {
  Baby,
  CalendarClock,
  Car,
  Check,
  CircleCheck,
  Copy,
  ExternalLink,
  Luggage,
  MapPin,
  Phone,
  Plane,
  PlaneLanding,
  Printer,
  Receipt,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import type { BankTransferView, ReservationView } from '~/domain/reservation-view.ts';
import { useT } from '../i18n-context.tsx';
import { PriceLines } from '../ui/price-lines.tsx';
import { LotAddress } from './lot-address.tsx';

const STATUS_STYLE: Record<string, string> = {
  confirmed: 'bg-success-soft text-success',
  completed: 'bg-accent-soft text-accent',
  pending_payment: 'bg-warn-soft text-warn',
  cancelled: 'bg-danger-soft text-danger',
};

/** The reference, large and monospace, selectable in one click, with a copy button (JS only). */
function ReferenceBox({ reference }: { reference: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // clipboard unavailable (permissions, http): the text stays selectable
    }
  }
  return (
    <div>
      <p className="text-sm font-medium text-muted" id="reservation-reference-label">
        {t('reservation.field.reference')}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <output
          aria-labelledby="reservation-reference-label"
          className="select-all font-mono text-3xl font-bold tracking-[0.2em] text-ink sm:text-4xl"
          data-reference
        >
          {reference}
        </output>
        <button
          type="button"
          className="btn-secondary px-3 py-2 text-sm"
          onClick={copy}
          aria-label={t('reservation.copy_label')}
        >
          {copied ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
          <span aria-live="polite">{copied ? t('reservation.copied') : t('reservation.copy')}</span>
        </button>
      </div>
    </div>
  );
}

function Section({
  title,
  icon,
  children,
  id,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <span className="text-accent">{icon}</span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-5 gap-y-2 break-words text-sm sm:text-base">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every detail of a reservation a customer needs at the car park (issue 3): status, reference, airport, lot
 * with address, phone and map link, arrival and return instructions, times, persons, child seats, plate,
 * bulky baggage, price with VAT, payment and what it means, invoice number, cancellation, addresses.
 */
export function ReservationDetails({ view, shop }: { view: ReservationView; shop: { email: string; phone: string } }) {
  return (
    <div className="grid gap-5" data-reservation={view.reference}>
      <ReservationHeader view={view} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-5">
          <StaySection view={view} />
          <LotSection view={view} />
        </div>
        <div className="grid gap-5">
          <PaymentSections view={view} />
          <BillingSection view={view} />
          <ContactSection shop={shop} />
        </div>
      </div>
    </div>
  );
}

/** Status, booking time, reference and the two times that matter most. */
function ReservationHeader({ view }: { view: ReservationView }) {
  const t = useT();
  return (
    <header className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[view.status] ?? 'bg-accent-soft text-accent'}`}
          data-status={view.status}
        >
          <CircleCheck aria-hidden size={16} />
          {view.statusLabel}
        </span>
        <p className="text-sm text-muted">{t('reservation.booked_at', { date: view.createdAt })}</p>
      </div>
      <div className="mt-4">
        <ReferenceBox reference={view.reference} />
      </div>
      <p className="mt-3 text-muted">{t('reservation.intro')}</p>
      <div className="mt-4 grid gap-3 rounded-xl bg-accent-soft p-4 sm:grid-cols-2">
        <div>
          <p className="text-sm text-muted">{t('reservation.field.entry')}</p>
          <p className="text-lg font-semibold" data-entry>
            {view.entry}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted">{t('reservation.field.exit')}</p>
          <p className="text-lg font-semibold" data-exit>
            {view.exit}
          </p>
        </div>
      </div>
    </header>
  );
}

/** The stay: airport, tariff, duration, persons, child seats, plate, bulky baggage. */
function StaySection({ view }: { view: ReservationView }) {
  const t = useT();
  const none = <span className="font-normal text-muted">{t('reservation.none')}</span>;
  return (
    <Section id="res-stay" title={t('reservation.section.stay')} icon={<Plane aria-hidden size={20} />}>
      <Facts
        rows={[
          [t('reservation.field.airport'), `${view.airport.name} (${view.airport.iata})`],
          [t('reservation.field.tariff'), `${view.tariff.name} · ${view.tariff.categoryLabel}`],
          [t('reservation.field.duration'), view.daysLabel],
          [
            t('reservation.field.persons'),
            <span className="inline-flex items-center gap-1.5">
              <Users aria-hidden size={16} className="text-muted" />
              {view.personCount}
            </span>,
          ],
          [
            t('reservation.field.child_seats'),
            <span className="inline-flex items-center gap-1.5">
              <Baby aria-hidden size={16} className="text-muted" />
              {view.childrenSeat}
            </span>,
          ],
          [
            t('reservation.field.license_plate'),
            view.licensePlate ? (
              <span className="inline-flex items-center gap-1.5">
                <Car aria-hidden size={16} className="text-muted" />
                <span className="font-mono">{view.licensePlate}</span>
              </span>
            ) : (
              none
            ),
          ],
          ...flightRows(view, t),
          [
            t('reservation.field.bulky_baggage'),
            view.bulkyBaggage.length ? (
              <span className="inline-flex items-center gap-1.5">
                <Luggage aria-hidden size={16} className="shrink-0 text-muted" />
                {view.bulkyBaggage.join(', ')}
              </span>
            ) : (
              none
            ),
          ],
        ]}
      />
    </Section>
  );
}

/** The parking lot: address, map and phone, opening hours, arrival and return instructions. */
function LotSection({ view }: { view: ReservationView }) {
  const t = useT();
  return (
    <Section id="res-lot" title={t('reservation.section.lot')} icon={<MapPin aria-hidden size={20} />}>
      <p className="font-semibold">{view.lot.name}</p>
      <p className="text-sm text-muted">{view.lot.operator}</p>
      <LotAddress lines={view.lot.addressLines} />
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="btn-secondary text-sm" href={view.lot.mapUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden size={16} />
          {t('reservation.map_link')}
        </a>
        {view.lot.phone ? (
          <a className="btn-secondary text-sm" href={`tel:${view.lot.phone.replace(/[^\d+]/g, '')}`}>
            <Phone aria-hidden size={16} />
            {view.lot.phone}
          </a>
        ) : null}
      </div>
      <p className="mt-3 text-sm text-muted">
        {t('reservation.field.opening_hours')}: {view.lot.openingHours}
      </p>
      <h3 className="mt-5 flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden size={18} className="text-accent" />
        {t('reservation.section.arrival')}
      </h3>
      <p className="mt-1 whitespace-pre-line">{view.lot.arrivalInstructions}</p>
      <h3 className="mt-4 flex items-center gap-2 font-semibold">
        <PlaneLanding aria-hidden size={18} className="text-accent" />
        {t('reservation.section.return')}
      </h3>
      <p className="mt-1 whitespace-pre-line">{view.lot.returnInstructions}</p>
    </Section>
  );
}

/** Price, payment (with what the customer has to do) and the cancellation terms. */
function PaymentSections({ view }: { view: ReservationView }) {
  const t = useT();
  return (
    <>
      <Section id="res-price" title={t('reservation.section.price')} icon={<Receipt aria-hidden size={20} />}>
        <PriceLines lines={view.priceLines} total={view.total} vat={view.vat} />
      </Section>

      <Section id="res-payment" title={t('reservation.section.payment')} icon={<Wallet aria-hidden size={20} />}>
        <Facts
          rows={[
            [t('reservation.field.payment'), view.payment.label],
            ...(view.invoiceNumber
              ? ([
                  [
                    t('reservation.field.invoice_number'),
                    <span className="font-mono" data-invoice-number>
                      {view.invoiceNumber}
                    </span>,
                  ],
                ] as [string, React.ReactNode][])
              : []),
          ]}
        />
        <p className="mt-3 text-sm">{view.payment.instructions}</p>
        {view.bankTransfer ? <BankTransfer transfer={view.bankTransfer} /> : null}
      </Section>

      <Section
        id="res-cancel"
        title={t('reservation.section.cancellation')}
        icon={<ShieldCheck aria-hidden size={20} />}
      >
        <p className="text-sm sm:text-base">{view.cancellation}</p>
      </Section>
    </>
  );
}

/** The shop's account for a payment by invoice, with the GiroCode a banking app scans to fill in the transfer. */
function BankTransfer({ transfer }: { transfer: BankTransferView }) {
  const t = useT();
  return (
    <div className="mt-4 rounded-xl border border-line p-4" data-bank-transfer>
      <h3 className="font-semibold">{t('reservation.bank.title')}</h3>
      <div className="mt-3 grid gap-4">
        <div className="min-w-0">
          <Facts
            rows={[
              [t('reservation.bank.holder'), transfer.holder],
              [
                t('reservation.bank.iban'),
                <span className="select-all font-mono" data-iban>
                  {transfer.iban}
                </span>,
              ],
              [t('reservation.bank.bic'), <span className="font-mono">{transfer.bic}</span>],
              [t('reservation.bank.bank'), transfer.bankName],
              [t('reservation.bank.amount'), transfer.amount],
              [
                t('reservation.bank.remittance'),
                <span className="select-all font-mono" data-remittance>
                  {transfer.remittance}
                </span>,
              ],
            ]}
          />
        </div>
        {transfer.qrDataUrl ? (
          <figure className="flex flex-wrap items-center gap-3">
            <img
              src={transfer.qrDataUrl}
              alt={t('reservation.bank.qr_alt', { amount: transfer.amount, holder: transfer.holder })}
              width={160}
              height={160}
              className="shrink-0 rounded-lg bg-white"
              data-girocode
            />
            <figcaption className="min-w-0 max-w-60 flex-1 hyphens-auto break-words text-xs text-muted">
              {t('reservation.bank.qr_hint')}
            </figcaption>
          </figure>
        ) : null}
      </div>
    </div>
  );
}

/** The billing address with e-mail and phone, and the separate invoice address if any. */
function BillingSection({ view }: { view: ReservationView }) {
  const t = useT();
  return (
    <Section id="res-billing" title={t('reservation.section.billing')} icon={<Receipt aria-hidden size={20} />}>
      <address className="not-italic">
        {view.billingAddress.lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="mt-2 block text-sm text-muted">{view.email}</span>
        {view.phone ? <span className="block text-sm text-muted">{view.phone}</span> : null}
      </address>
      {view.invoiceAddress ? (
        <>
          <h3 className="mt-4 font-semibold">{t('reservation.section.invoice_address')}</h3>
          <address className="mt-1 not-italic">
            {view.invoiceAddress.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </>
      ) : null}
    </Section>
  );
}

/** How to reach the shop, and printing. */
function ContactSection({ shop }: { shop: { email: string; phone: string } }) {
  const t = useT();
  return (
    <section className="rounded-2xl bg-accent-soft p-5 text-sm" aria-labelledby="res-contact">
      <h2 id="res-contact" className="font-semibold">
        {t('reservation.section.contact')}
      </h2>
      <p className="mt-1">{t('reservation.contact_text', { email: shop.email, phone: shop.phone })}</p>
      <button type="button" className="btn-secondary mt-3 text-sm print:hidden" onClick={() => window.print()}>
        <Printer aria-hidden size={16} />
        {t('reservation.print')}
      </button>
    </section>
  );
}

/** The flight numbers given at booking (issue 12 item 5), one row each; none when not given. */
function flightRows(
  view: Pick<ReservationView, 'outboundFlightNumber' | 'returnFlightNumber'>,
  t: (key: string) => string,
): [string, React.ReactNode][] {
  const rows: [string, React.ReactNode][] = [];
  for (const [key, value] of [
    ['reservation.field.outbound_flight', view.outboundFlightNumber],
    ['reservation.field.return_flight', view.returnFlightNumber],
  ] as const) {
    if (value) {
      rows.push([
        t(key),
        <span className="inline-flex items-center gap-1.5" data-flight-number>
          <Plane aria-hidden size={16} className="text-muted" />
          <span className="font-mono">{value}</span>
        </span>,
      ]);
    }
  }
  return rows;
}
