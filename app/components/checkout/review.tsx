import { Pencil } from 'lucide-react';
import { BULKY_BAGGAGE_FLAGS } from '~/constants.ts';
import type { BillingAddress, CheckoutState, Gender, InvoiceAddress } from '~/domain/checkout-schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { normalizeFlightNumber } from '~/domain/flight-number.ts';
import { displayNamesOf } from '~/domain/intl-cache.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { FORM_STEPS, type FormStep } from './checkout-model.ts';

const GENDER_KEYS: Record<string, string> = { true: 'checkout.gender.mr', false: 'checkout.gender.ms' };

/**
 * Step 3's review (issue 12 item 5): the travel data and the billing (and invoice) address as entered, each with
 * an "edit" link to its step. The link is a plain `?schritt=` URL (without JavaScript the server opens the
 * step with the fields kept); with JavaScript `onEdit` opens the step in place.
 */
export function CheckoutReview({ checkout, onEdit }: { checkout: CheckoutState; onEdit: (step: FormStep) => void }) {
  const t = useT();
  const locale = useLocale();
  const { travel, billingAddress: billing, billIsDifferentAddress: invoice } = checkout;
  const none = t('document.voucher.none');
  const baggage = BULKY_BAGGAGE_FLAGS.filter((f) => travel.bulkyBaggage[f]).map((f) => t(`checkout.bulky.${f}`));
  const travelRows: [string, string][] = [
    [t('checkout.summary.entry'), formatLocalDateTime(travel.entryTime, locale, '—')],
    [t('checkout.summary.exit'), formatLocalDateTime(travel.exitTime, locale, '—')],
    [t('checkout.summary.persons'), String(travel.personCount)],
    [t('checkout.summary.seats'), String(travel.childrenSeat)],
    [t('checkout.summary.baggage'), baggage.length ? baggage.join(', ') : none],
    [t('checkout.travel.licensePlate'), travel.licensePlate || none],
    ...flightRow(t('reservation.field.outbound_flight'), travel.outboundFlightNumber),
    ...flightRow(t('reservation.field.return_flight'), travel.returnFlightNumber),
  ];
  return (
    <section aria-labelledby="co-review-title" className="grid gap-4" data-checkout-review>
      <h3 id="co-review-title" className="text-base font-semibold">
        {t('checkout.review.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <ReviewCard title={t('checkout.step.travel')} step="travel" onEdit={onEdit}>
          <dl className="grid gap-1 text-sm">
            {travelRows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right">{value}</dd>
              </div>
            ))}
          </dl>
        </ReviewCard>
        <ReviewCard title={t('checkout.step.billingAddress')} step="billingAddress" onEdit={onEdit}>
          <AddressLines address={billing} />
          <p className="mt-2 break-all text-sm">{billing.email}</p>
          <p className="text-sm">{`${billing.phonePrefix} ${billing.phoneNumber}`.trim()}</p>
          {billing.billIsDifferent ? (
            <div className="mt-3 border-t border-line pt-3">
              <p className="text-sm font-medium">{t('checkout.review.invoice_address')}</p>
              <AddressLines address={invoice} />
            </div>
          ) : null}
        </ReviewCard>
      </div>
    </section>
  );
}

/** One reviewed step: its title, the edit link (named with the step, for screen readers too) and the content. */
function ReviewCard({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: FormStep;
  onEdit: (step: FormStep) => void;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="rounded-xl border border-line p-4">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h4 className="font-semibold">{title}</h4>
        <a
          href={`?schritt=${FORM_STEPS.indexOf(step) + 1}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent underline"
          aria-label={t('checkout.review.edit_step', { step: title })}
          onClick={(event) => {
            event.preventDefault();
            onEdit(step);
          }}
        >
          <Pencil aria-hidden size={14} />
          {t('checkout.review.edit')}
        </a>
      </div>
      {children}
    </div>
  );
}

/** Salutation and name, company, street, postcode and city, country, VAT ID and reference, one per line. */
function AddressLines({ address }: { address: BillingAddress | InvoiceAddress }) {
  const t = useT();
  const locale = useLocale();
  const country = displayNamesOf(locale, { type: 'region' }).of(address.country) ?? address.country;
  const salutation = salutationOf(address.gender, t);
  const lines = [
    [salutation, address.firstname, address.lastname].filter(Boolean).join(' '),
    address.company,
    `${address.street} ${address.streetNumber}`.trim(),
    `${address.postcode} ${address.city}`.trim(),
    country,
    address.vatId && t('document.invoice.buyer.vat_id', { id: address.vatId }),
    address.buyerReference && t('document.invoice.buyer.reference', { reference: address.buyerReference }),
  ].filter(Boolean);
  return (
    <address className="text-sm not-italic">
      {lines.map((line, i) => (
        <span key={`${i}-${line}`} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** `Herr`/`Frau`, nothing for "divers / no salutation" or none chosen. */
function salutationOf(gender: Gender | null, t: (key: string) => string): string {
  const key = GENDER_KEYS[String(gender)];
  return key ? t(key) : '';
}

/** A flight number row in its normal spelling (`lh400` → `LH 400`), none when not given. */
function flightRow(label: string, value: string): [string, string][] {
  return value ? [[label, normalizeFlightNumber(value) ?? value]] : [];
}
