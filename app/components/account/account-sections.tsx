/**
 * The account page's parts (`account`, `/konto`): reservations (upcoming, past), profile and billing address,
 * password, e-mail, data export, deletion, sign-out. Every form posts to the page's action with an `intent`
 * (works without JavaScript); a refusal comes back as the action's data for that intent.
 */
import { ChevronRight } from 'lucide-react';
import { COUNTRIES } from '~/domain/checkout-options.ts';
import { formatMoney } from '~/domain/money.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { FormField } from '../ui/form-field.tsx';
import { GenderRadios, NameFields, NewPasswordFields, TextInput, TickBox } from './auth-fields.tsx';
import { PageForm } from './auth-page.tsx';
import { genderToForm } from './form-values.ts';
import { displayNamesOf } from '~/domain/intl-cache.ts';
import type { AccountView, ReservationSummary } from '~/domain/account-view.ts';

/** A refused form of the page (the action's data). */
export type AccountFailure = {
  intent?: string;
  errors: Record<string, string>;
  message: string | null;
  values: Record<string, string>;
};

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ReservationList({ items, empty }: { items: ReservationSummary[]; empty: string }) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((r) => (
        <li key={r.reference}>
          <a
            href={href(`/konto/reservierungen/${r.reference}`)}
            className="flex items-center gap-3 rounded-xl border border-line p-3 hover:border-accent sm:p-4"
            aria-label={t('account.reservations.open', { reference: r.reference })}
            data-account-reservation={r.reference}
          >
            <span className="grid flex-1 gap-0.5 text-sm">
              <span className="font-semibold">
                {r.airportName} · {r.tariffName}
              </span>
              <span className="text-muted">
                {t('account.reservations.entry')}: {r.entry} – {t('account.reservations.exit')}: {r.exit}
              </span>
              <span className="text-muted">
                <span className="font-mono">{r.reference}</span> · {t(`reservation.status.${r.status}`)} ·{' '}
                {t('account.reservations.total')} {formatMoney(r.totalCents, locale)}
              </span>
            </span>
            <ChevronRight aria-hidden size={18} className="shrink-0 text-muted" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Upcoming and past reservations (`#reservierungen`). */
export function ReservationsSection({ data }: { data: AccountView }) {
  const t = useT();
  const href = useHref();
  return (
    <Section id="reservierungen" title={t('account.reservations.title')}>
      <h3 className="mb-2 font-medium">{t('account.reservations.upcoming')}</h3>
      <ReservationList items={data.upcoming} empty={t('account.reservations.none_upcoming')} />
      {data.upcoming.length === 0 ? (
        <a className="btn-secondary mt-3" href={href('/')}>
          {t('account.reservations.book')}
        </a>
      ) : null}
      <h3 className="mb-2 mt-6 font-medium">{t('account.reservations.past')}</h3>
      <ReservationList items={data.past} empty={t('account.reservations.none_past')} />
    </Section>
  );
}

const ADDRESS_FIELDS = [
  ['company', 'checkout.billing.company', 'organization', 100],
  ['street', 'checkout.billing.street', 'address-line1', 120],
  ['streetNumber', 'checkout.billing.streetNumber', 'off', 20],
  ['postcode', 'checkout.billing.postcode', 'postal-code', 12],
  ['city', 'checkout.billing.city', 'address-level2', 100],
  ['phonePrefix', 'checkout.billing.phonePrefix', 'tel-country-code', 5],
  ['phoneNumber', 'checkout.billing.phoneNumber', 'tel-national', 20],
] as const;

/** A business buyer's identifiers (issue 34 item 3), after the country: they belong to the invoice, not the address. */
const BUSINESS_FIELDS = [
  ['vatId', 'checkout.billing.vatId', 'off', 30],
  ['buyerReference', 'checkout.billing.buyerReference', 'off', 100],
] as const;

/** Name, gender, newsletter and the billing address the checkout prefills. */
export function ProfileSection({ data, failure }: { data: AccountView; failure?: AccountFailure }) {
  const t = useT();
  const locale = useLocale();
  const names = displayNamesOf(locale, { type: 'region' });
  const saved = Object.fromEntries(
    Object.entries(data.billingAddress ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  );
  const values = failure?.values ?? {
    ...saved,
    gender: genderToForm(data.user.gender),
    firstname: data.user.firstname,
    lastname: data.user.lastname,
    newsletter: data.user.newsletter ? '1' : '',
  };
  const common = { idPrefix: 'profile', errors: failure?.errors, values };
  const field = ([name, label, autoComplete, maxLength]: (typeof ADDRESS_FIELDS | typeof BUSINESS_FIELDS)[number]) => (
    <FormField
      key={name}
      id={`profile-${name}`}
      label={t(label)}
      error={failure?.errors[name]}
      errorName={name}
      optional
    >
      {(control) => (
        <input
          {...control}
          name={name}
          className="field-input"
          defaultValue={values[name] ?? ''}
          autoComplete={autoComplete}
          maxLength={maxLength}
        />
      )}
    </FormField>
  );

  return (
    <Section id="profil" title={t('account.profile.title')}>
      <PageForm name="profile" intent="profile" message={failure?.message} submit={t('account.profile.submit')}>
        <GenderRadios {...common} />
        <NameFields {...common} />
        <p className="text-sm text-muted">{t('account.profile.address_hint')}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {ADDRESS_FIELDS.map(field)}
          <FormField
            id="profile-country"
            label={t('checkout.billing.country')}
            error={failure?.errors.country}
            errorName="country"
            optional
          >
            {(control) => (
              <select
                {...control}
                name="country"
                className="field-input"
                defaultValue={values.country ?? ''}
                autoComplete="country"
              >
                <option value="">—</option>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {names.of(c) ?? c}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {BUSINESS_FIELDS.map(field)}
        </div>
        <TickBox {...common} name="newsletter">
          {t('account.profile.newsletter')}
        </TickBox>
      </PageForm>
    </Section>
  );
}

/** Password change (asks the current one). */
export function PasswordSection({ failure }: { failure?: AccountFailure }) {
  const t = useT();
  const common = { idPrefix: 'password', errors: failure?.errors };
  return (
    <Section id="passwort" title={t('account.password.title')}>
      <PageForm name="password" intent="password" message={failure?.message} submit={t('account.password.submit')}>
        <TextInput
          {...common}
          name="currentPassword"
          type="password"
          label={t('account.password.current')}
          autoComplete="current-password"
          maxLength={512}
        />
        <NewPasswordFields {...common} />
      </PageForm>
    </Section>
  );
}

/** E-mail change (asks the password; the new address gets a verification link). */
export function EmailSection({ email, failure }: { email: string; failure?: AccountFailure }) {
  const t = useT();
  const common = { idPrefix: 'email', errors: failure?.errors, values: failure?.values };
  return (
    <Section id="email" title={t('account.email.title')}>
      <p className="mb-4 text-sm text-muted">{t('account.email.current', { email })}</p>
      <PageForm name="email" intent="email" message={failure?.message} submit={t('account.email.submit')}>
        <TextInput {...common} name="email" type="email" label={t('account.email.new')} autoComplete="email" />
        <TextInput
          {...common}
          name="password"
          type="password"
          label={t('auth.page.password')}
          autoComplete="current-password"
          maxLength={512}
        />
      </PageForm>
    </Section>
  );
}

/** JSON export (a page route, so it works without JavaScript), account deletion and sign-out. */
export function DataSection({ failure }: { failure?: AccountFailure }) {
  const t = useT();
  const href = useHref();
  return (
    <>
      <Section id="export" title={t('account.export.title')}>
        <p className="mb-4 text-sm text-muted">{t('account.export.text')}</p>
        <a className="btn-secondary" href={href('/konto/export')} download data-account-export>
          {t('account.export.link')}
        </a>
      </Section>
      <Section id="loeschen" title={t('account.delete.title')}>
        <p className="mb-4 text-sm text-muted">{t('account.delete.text')}</p>
        <PageForm name="delete" intent="delete" message={failure?.message} submit={t('account.delete.submit')} danger>
          <TextInput
            idPrefix="delete"
            errors={failure?.errors}
            name="password"
            type="password"
            label={t('auth.page.password')}
            autoComplete="current-password"
            maxLength={512}
          />
        </PageForm>
      </Section>
      <PageForm name="signout" intent="signout" submit={t('account.signout.submit')} className="flex justify-end" />
    </>
  );
}
