import { FLIGHT_NUMBER_MAX_LENGTH } from '~/domain/flight-number.ts';
import { Minus, Plus } from 'lucide-react';
import { BULKY_BAGGAGE_FLAGS, type BulkyBaggageFlag } from '~/constants.ts';
import type { FieldErrors, Travel } from '~/domain/checkout-schema.ts';
import { formatMoney } from '~/domain/money.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import type { CheckoutAction } from './checkout-model.ts';
import { clampCount } from './checkout-model.ts';
import { FormField } from '../ui/form-field.tsx';
import { describe, FieldError, FieldHint, fieldId, TextField, useFieldError } from './fields.tsx';
import type { BookingPageData } from './types.ts';

/** A number input with − and + buttons, limited to `[min, max]`. */
function CountField({
  name,
  label,
  value,
  min,
  max,
  onChange,
  errors,
  hint,
}: {
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  errors: FieldErrors;
  hint?: React.ReactNode;
}) {
  const t = useT();
  const error = useFieldError();
  const button =
    'flex size-11 shrink-0 items-center justify-center rounded-lg border border-line bg-card text-ink hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <FormField id={fieldId(name)} label={label} error={error(name, errors)} hint={hint} errorName={name}>
      {(control) => (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={button}
            onClick={() => onChange(clampCount(value - 1, min, max))}
            disabled={value <= min}
            aria-label={t('checkout.count.decrease', { label })}
            aria-controls={control.id}
          >
            <Minus aria-hidden size={18} />
          </button>
          <input
            {...control}
            name={name}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={Number.isFinite(value) ? value : ''}
            onChange={(e) => onChange(clampCount(e.target.value, min, max))}
            className="field-input w-20 text-center"
          />
          <button
            type="button"
            className={button}
            onClick={() => onChange(clampCount(value + 1, min, max))}
            disabled={value >= max}
            aria-label={t('checkout.count.increase', { label })}
            aria-controls={control.id}
          >
            <Plus aria-hidden size={18} />
          </button>
        </div>
      )}
    </FormField>
  );
}

/** Step 1: times, persons, child seats, bulky baggage, licence plate. */
export function TravelStep({
  travel,
  errors,
  dispatch,
  page,
}: {
  travel: Travel;
  errors: FieldErrors;
  dispatch: React.Dispatch<CheckoutAction>;
  page: BookingPageData;
}) {
  const t = useT();
  const locale = useLocale();
  const error = useFieldError();
  const { tariff, airport } = page;
  const set = (patch: Partial<Omit<Travel, 'bulkyBaggage'>>) => dispatch({ type: 'travel', patch });
  const flags = BULKY_BAGGAGE_FLAGS.filter((f) => tariff.allowedBulkyBaggage.includes(f));
  const timeHint = t('checkout.travel.time_hint', { airport: airport.iata, zone: airport.timeZone });

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {(['entryTime', 'exitTime'] as const).map((name) => (
          <FormField
            key={name}
            id={fieldId(name)}
            label={t(`checkout.travel.${name}`)}
            error={error(name, errors)}
            hint={timeHint}
            errorName={name}
          >
            {(control) => (
              <input
                {...control}
                name={name}
                type="datetime-local"
                step={900}
                min={page.minDate}
                required
                className="field-input"
                value={travel[name]}
                onChange={(e) => set({ [name]: e.target.value })}
              />
            )}
          </FormField>
        ))}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <CountField
          name="personCount"
          label={t('checkout.travel.personCount')}
          value={travel.personCount}
          min={1}
          max={tariff.maxPersons}
          onChange={(personCount) => set({ personCount })}
          errors={errors}
          hint={
            tariff.extraPersonPrice > 0
              ? t('checkout.travel.persons_hint', {
                  included: tariff.includedPersons,
                  price: formatMoney(tariff.extraPersonPrice, locale),
                  max: tariff.maxPersons,
                })
              : t('checkout.travel.persons_hint_free', { max: tariff.maxPersons })
          }
        />
        {tariff.maxChildSeats > 0 ? (
          <CountField
            name="childrenSeat"
            label={t('checkout.travel.childrenSeat')}
            value={travel.childrenSeat}
            min={0}
            max={tariff.maxChildSeats}
            onChange={(childrenSeat) => set({ childrenSeat })}
            errors={errors}
            hint={t(tariff.childSeatPrice > 0 ? 'checkout.travel.seats_hint' : 'checkout.travel.seats_hint_free', {
              price: formatMoney(tariff.childSeatPrice, locale),
              max: tariff.maxChildSeats,
            })}
          />
        ) : (
          <div>
            <p className="field-label">{t('checkout.travel.childrenSeat')}</p>
            <p className="text-sm text-muted">{t('checkout.travel.no_seats')}</p>
            <FieldError name="childrenSeat" errors={errors} />
          </div>
        )}
      </div>

      {flags.length > 0 ? (
        <fieldset aria-describedby={describe('bulkyBaggage', errors, true)['aria-describedby']}>
          <legend className="field-label">
            {t('checkout.travel.bulkyBaggage')}{' '}
            <span className="font-normal text-muted">({t('checkout.optional')})</span>
          </legend>
          <FieldHint name="bulkyBaggage">{t('checkout.travel.bulky_hint')}</FieldHint>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {flags.map((flag: BulkyBaggageFlag) => (
              <label
                key={flag}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-card px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="checkbox"
                  name={`bulkyBaggage.${flag}`}
                  className="size-4 accent-accent"
                  checked={travel.bulkyBaggage[flag]}
                  aria-invalid={describe('bulkyBaggage', errors)['aria-invalid']}
                  onChange={(e) => dispatch({ type: 'bulkyBaggage', flag, value: e.target.checked })}
                />
                {t(`checkout.bulky.${flag}`)}
              </label>
            ))}
          </div>
          <FieldError name="bulkyBaggage" errors={errors} />
        </fieldset>
      ) : null}

      <TextField
        name="licensePlate"
        label={t('checkout.travel.licensePlate')}
        value={travel.licensePlate}
        onChange={(v) => set({ licensePlate: v.toUpperCase() })}
        errors={errors}
        optional
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        hint={t('checkout.travel.plate_hint')}
        className="sm:max-w-xs"
      />

      {/* Optional flight numbers (issue 12 item 5): they help the car park when a flight is late. */}
      <div className="grid gap-3 sm:grid-cols-2">
        {(['outboundFlightNumber', 'returnFlightNumber'] as const).map((name) => (
          <TextField
            key={name}
            name={name}
            label={t(`checkout.travel.${name}`)}
            value={travel[name]}
            onChange={(v) => set({ [name]: v.toUpperCase() })}
            errors={errors}
            optional
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={FLIGHT_NUMBER_MAX_LENGTH}
            hint={t('checkout.travel.flight_hint')}
          />
        ))}
      </div>
    </div>
  );
}
