import { AccountExistsHint } from '../account/account-exists-hint.tsx';
import {
  COUNTRIES,
  type BillingAddress,
  type FieldErrors,
  type Gender,
  type InvoiceAddress,
} from '~/domain/checkout-schema.ts';
import { invoiceWireKey, type INVOICE_ADDRESS_KEYS } from '~/domain/checkout-schema.ts';
import { PHONE_REGIONS, phonePrefixOf } from '~/domain/checkout-options.ts';
import { intlLocale } from '~/domain/localized.ts';
import { CHUNK_TIMEOUT_MS } from '~/constants.ts';
import { LazyFeature } from '../widgets/lazy-feature.tsx';
import { useHydrated } from '../widgets/use-hydrated.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import type { CheckoutAction } from './checkout-model.ts';
import { describe, FieldError, fieldId, SelectField, TextField } from './fields.tsx';

const GENDERS: { value: Gender; key: string; id: string }[] = [
  { value: true, key: 'checkout.gender.mr', id: 'mr' },
  { value: false, key: 'checkout.gender.ms', id: 'ms' },
  { value: 'd', key: 'checkout.gender.diverse', id: 'd' },
];

function useCountryName() {
  const locale = useLocale();
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
}

function GenderField({
  name,
  value,
  onChange,
  errors,
}: {
  name: string;
  value: Gender | null;
  onChange: (g: Gender) => void;
  errors: FieldErrors;
}) {
  const t = useT();
  const aria = describe(name, errors);
  return (
    // aria-invalid belongs to the radio group, not its radios (WAI-ARIA 1.2).
    <fieldset role="radiogroup" aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']}>
      <legend className="field-label">{t('checkout.billing.gender')}</legend>
      <div className="flex flex-wrap gap-2">
        {GENDERS.map((g, i) => (
          <label
            key={g.id}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-card px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
          >
            <input
              type="radio"
              id={i === 0 ? `co-${name}` : undefined}
              name={name}
              value={g.id}
              className="size-4 accent-accent"
              checked={value === g.value}
              onChange={() => onChange(g.value)}
            />
            {t(g.key)}
          </label>
        ))}
      </div>
      <FieldError name={name} errors={errors} />
    </fieldset>
  );
}

type Address = Pick<
  BillingAddress,
  | 'firstname'
  | 'lastname'
  | 'company'
  | 'street'
  | 'streetNumber'
  | 'postcode'
  | 'city'
  | 'country'
  | 'vatId'
  | 'buyerReference'
>;

/**
 * Name, company and postal address fields; `wire` maps a plain key to its wire key. With `addressAutocomplete`
 * the street input is enhanced by the lazily loaded `addressAutocomplete` feature (SPEC §2): its suggestion list
 * opens below the street row (positioned against it) and a choice patches street, number, postcode, city and
 * country through `onChange`. No spinner while the chunk loads (`delayMs`): the plain input works meanwhile.
 */
function AddressFields({
  address,
  onChange,
  errors,
  wire,
  autoCompleteSection,
  addressAutocomplete,
}: {
  address: Address;
  onChange: (patch: Partial<Address>) => void;
  errors: FieldErrors;
  wire: (key: keyof Address) => string;
  autoCompleteSection: string;
  addressAutocomplete: boolean;
}) {
  const t = useT();
  const countryName = useCountryName();
  const ac = (token: string) => `${autoCompleteSection} ${token}`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name={wire('firstname')}
          label={t('checkout.billing.firstname')}
          value={address.firstname}
          onChange={(firstname) => onChange({ firstname })}
          errors={errors}
          autoComplete={ac('given-name')}
          maxLength={100}
        />
        <TextField
          name={wire('lastname')}
          label={t('checkout.billing.lastname')}
          value={address.lastname}
          onChange={(lastname) => onChange({ lastname })}
          errors={errors}
          autoComplete={ac('family-name')}
          maxLength={100}
        />
      </div>
      <TextField
        name={wire('company')}
        label={t('checkout.billing.company')}
        value={address.company}
        onChange={(company) => onChange({ company })}
        errors={errors}
        optional
        autoComplete={ac('organization')}
        maxLength={100}
      />
      <div className="relative grid grid-cols-[1fr_8.5rem] gap-4 sm:grid-cols-[1fr_9rem]">
        <TextField
          name={wire('street')}
          label={t('checkout.billing.street')}
          value={address.street}
          onChange={(street) => onChange({ street })}
          errors={errors}
          autoComplete={ac('address-line1')}
          maxLength={120}
        />
        <TextField
          name={wire('streetNumber')}
          label={t('checkout.billing.streetNumber')}
          value={address.streetNumber}
          onChange={(streetNumber) => onChange({ streetNumber })}
          errors={errors}
          autoComplete={ac('address-line2')}
          maxLength={20}
        />
        {addressAutocomplete ? (
          <LazyFeature
            name="addressAutocomplete"
            props={{ inputId: fieldId(wire('street')), onSelect: onChange }}
            delayMs={CHUNK_TIMEOUT_MS}
          />
        ) : null}
      </div>
      <div className="grid grid-cols-[8.5rem_1fr] gap-4 sm:grid-cols-[9rem_1fr]">
        <TextField
          name={wire('postcode')}
          label={t('checkout.billing.postcode')}
          value={address.postcode}
          onChange={(postcode) => onChange({ postcode })}
          errors={errors}
          autoComplete={ac('postal-code')}
          maxLength={12}
        />
        <TextField
          name={wire('city')}
          label={t('checkout.billing.city')}
          value={address.city}
          onChange={(city) => onChange({ city })}
          errors={errors}
          autoComplete={ac('address-level2')}
          maxLength={100}
        />
      </div>
      <SelectField
        name={wire('country')}
        label={t('checkout.billing.country')}
        value={address.country}
        onChange={(country) => onChange({ country })}
        errors={errors}
        autoComplete={ac('country')}
        options={COUNTRIES.map((c) => ({ value: c, label: countryName(c) }))}
        className="sm:max-w-sm"
      />
      <BusinessFields address={address} onChange={onChange} errors={errors} wire={wire} />
    </>
  );
}

/**
 * A business buyer's VAT ID and buyer reference (issue 34 item 3: printed on the invoice and in its e-invoice
 * data), folded away for the many private customers: a native `<details>` (works without JavaScript), open as soon
 * as one of them has a value or an error.
 */
function BusinessFields({
  address,
  onChange,
  errors,
  wire,
}: {
  address: Address;
  onChange: (patch: Partial<Address>) => void;
  errors: FieldErrors;
  wire: (key: keyof Address) => string;
}) {
  const t = useT();
  const open = Boolean(
    address.vatId || address.buyerReference || errors[wire('vatId')] || errors[wire('buyerReference')],
  );
  return (
    <details className="rounded-lg border border-line p-3" open={open}>
      <summary className="cursor-pointer text-sm font-medium">{t('checkout.billing.business')}</summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          name={wire('vatId')}
          label={t('checkout.billing.vatId')}
          value={address.vatId}
          onChange={(vatId) => onChange({ vatId })}
          errors={errors}
          optional
          hint={t('checkout.billing.vatId.hint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
        />
        <TextField
          name={wire('buyerReference')}
          label={t('checkout.billing.buyerReference')}
          value={address.buyerReference}
          onChange={(buyerReference) => onChange({ buyerReference })}
          errors={errors}
          optional
          hint={t('checkout.billing.buyerReference.hint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
        />
      </div>
    </details>
  );
}

/** Step 2: the billing address, and optionally a separate invoice address. */
export function BillingStep({
  billing,
  invoice,
  errors,
  dispatch,
  addressAutocomplete = false,
  account,
}: {
  billing: BillingAddress;
  invoice: InvoiceAddress;
  errors: FieldErrors;
  dispatch: React.Dispatch<CheckoutAction>;
  /** load the address autocomplete on the street inputs (the server has a geocoder) */
  addressAutocomplete?: boolean;
  /** signed in: the "save in my account" tick box; a guest gets the account-exists hint under the e-mail */
  account?: { authenticated: boolean; saveAddress: boolean; onSaveAddress: (save: boolean) => void };
}) {
  const t = useT();
  const countryName = useCountryName();
  const set = (patch: Partial<BillingAddress>) => dispatch({ type: 'billingAddress', patch });
  const setInvoice = (patch: Partial<InvoiceAddress>) => dispatch({ type: 'invoiceAddress', patch });
  const regionKnown = phonePrefixOf(billing.phoneRegionCode) !== undefined;
  // Without JavaScript the tick box cannot open the invoice address: it is shown, and used only when ticked.
  const hydrated = useHydrated();

  return (
    <div className="grid gap-5">
      <GenderField name="gender" value={billing.gender} onChange={(gender) => set({ gender })} errors={errors} />
      <AddressFields
        address={billing}
        onChange={set}
        errors={errors}
        wire={(k) => k}
        autoCompleteSection="section-billing billing"
        addressAutocomplete={addressAutocomplete}
      />

      <TextField
        name="email"
        type="email"
        label={t('checkout.billing.email')}
        value={billing.email}
        onChange={(email) => set({ email: email.trim() })}
        errors={errors}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        hint={t('checkout.billing.email_hint')}
      />
      {account && !account.authenticated ? <AccountExistsHint email={billing.email} /> : null}

      {/* Country and number (issue 12 item 5): one select shows "Deutschland (+49)" and sets both SPEC fields,
          phoneRegionCode and phonePrefix; without JavaScript the server takes the prefix from the region. */}
      <fieldset>
        <legend className="field-label">{t('checkout.billing.phone')}</legend>
        <input type="hidden" name="phonePrefix" value={billing.phonePrefix} />
        <div className="grid gap-3 sm:grid-cols-[15rem_1fr]">
          <SelectField
            name="phoneRegionCode"
            label={t('checkout.billing.phoneRegionCode')}
            value={billing.phoneRegionCode}
            onChange={(code) => {
              const prefix = phonePrefixOf(code);
              set(prefix ? { phoneRegionCode: code, phonePrefix: prefix } : { phoneRegionCode: code });
            }}
            errors={errors}
            autoComplete="tel-country-code"
            options={[
              ...PHONE_REGIONS.map(([code, prefix]) => ({ value: code, label: `${countryName(code)} (${prefix})` })),
              ...(regionKnown
                ? []
                : [
                    {
                      value: billing.phoneRegionCode,
                      label: `${billing.phoneRegionCode || '—'} (${billing.phonePrefix})`,
                    },
                  ]),
            ]}
          />
          <TextField
            name="phoneNumber"
            type="tel"
            label={t('checkout.billing.phoneNumber')}
            value={billing.phoneNumber}
            onChange={(phoneNumber) => set({ phoneNumber })}
            errors={errors}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            hint={t('checkout.billing.phone_hint', { prefix: billing.phonePrefix })}
          />
        </div>
        <FieldError name="phonePrefix" errors={errors} />
      </fieldset>

      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="billIsDifferent"
          className="size-5 accent-accent"
          checked={billing.billIsDifferent}
          onChange={(e) => set({ billIsDifferent: e.target.checked })}
          aria-controls="co-invoice-address"
        />
        {t('checkout.billing.billIsDifferent')}
      </label>

      {account?.authenticated ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="saveAddress"
            className="size-5 accent-accent"
            checked={account.saveAddress}
            onChange={(e) => account.onSaveAddress(e.target.checked)}
          />
          {t('account.checkout.save_address')}
        </label>
      ) : null}

      {billing.billIsDifferent || !hydrated ? (
        <fieldset id="co-invoice-address" className="grid gap-5 rounded-xl border border-line bg-surface p-4">
          <legend className="px-1 text-base font-semibold">{t('checkout.billing.invoice_address')}</legend>
          <GenderField
            name={invoiceWireKey('gender')}
            value={invoice.gender}
            onChange={(gender) => setInvoice({ gender })}
            errors={errors}
          />
          <AddressFields
            address={invoice}
            onChange={setInvoice}
            errors={errors}
            wire={(k) => invoiceWireKey(k as (typeof INVOICE_ADDRESS_KEYS)[number])}
            autoCompleteSection="section-invoice billing"
            addressAutocomplete={addressAutocomplete}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
