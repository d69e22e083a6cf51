import { useT } from '~/components/i18n-context.tsx';
import type { CheckinView } from '~/domain/checkin-card.ts';
import { fuelFraction, HANDOVER_PHOTO_SLOTS, photoField } from '~/domain/handover.ts';

type Handover = NonNullable<CheckinView['handover']>;

/**
 * The handover record's fields in the check-in or check-out form (issue 36 item 1): odometer, fuel or charge level,
 * space, existing damage, and the photos — one file input per slot with `capture`, so a phone opens its camera, plus
 * a multiple input for further pictures. Required fields follow the tariff category. Plain inputs of a multipart form:
 * they work without JavaScript. `errors`: the refused post's field messages for this card.
 */
export function HandoverFields({
  handover,
  kind,
  idPrefix,
  errors,
}: {
  handover: Handover;
  kind: 'entry' | 'exit';
  idPrefix: string;
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  const id = (field: string) => `${idPrefix}-${field}`;
  const describedBy = (field: string, hint?: boolean) =>
    [errors[field] ? id(`${field}-error`) : null, hint ? id(`${field}-hint`) : null].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: string) =>
    errors[field] ? (
      <p id={id(`${field}-error`)} className="mt-1 text-sm text-danger" data-field-error={field}>
        {errors[field]}
      </p>
    ) : null;
  const photosRequired = handover.photosRequired;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-line p-3" data-handover-fields={kind}>
      <legend className="px-1 font-semibold">{t(`handover.form.${kind}`)}</legend>
      {kind === 'exit' && (handover.entrySpace || handover.entryOdometer) ? (
        <p className="rounded-md bg-surface p-2 text-sm" data-handover-entry>
          {[
            handover.entrySpace ? t('handover.form.entry_space', { space: handover.entrySpace }) : '',
            handover.entryOdometer ? t('handover.form.entry_odometer', { km: handover.entryOdometer }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className="field-label" htmlFor={id('odometerKm')}>
            {t('handover.odometer')} (km)
            {handover.odometerRequired ? '' : ` ${t('handover.form.optional')}`}
          </label>
          <input
            id={id('odometerKm')}
            name="odometerKm"
            inputMode="numeric"
            pattern="[0-9 .]*"
            autoComplete="off"
            className="field-input"
            required={handover.odometerRequired}
            aria-invalid={errors.odometerKm ? true : undefined}
            aria-describedby={describedBy('odometerKm')}
          />
          {error('odometerKm')}
        </div>
        <div>
          <label className="field-label" htmlFor={id('fuelEighths')}>
            {t('handover.fuel')} {t('handover.form.optional')}
          </label>
          <select
            id={id('fuelEighths')}
            name="fuelEighths"
            className="field-input"
            defaultValue=""
            aria-invalid={errors.fuelEighths ? true : undefined}
            aria-describedby={describedBy('fuelEighths')}
          >
            <option value="">–</option>
            {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((eighths) => (
              <option key={eighths} value={eighths}>
                {fuelFraction(eighths)}
              </option>
            ))}
          </select>
          {error('fuelEighths')}
        </div>
        <div>
          <label className="field-label" htmlFor={id('chargePercent')}>
            {t('handover.charge')} (%) {t('handover.form.optional')}
          </label>
          <input
            id={id('chargePercent')}
            name="chargePercent"
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            className="field-input"
            aria-invalid={errors.chargePercent ? true : undefined}
            aria-describedby={describedBy('chargePercent')}
          />
          {error('chargePercent')}
        </div>
        <div>
          <label className="field-label" htmlFor={id('parkingSpace')}>
            {t('handover.space')} {t('handover.form.optional')}
          </label>
          <input
            id={id('parkingSpace')}
            name="parkingSpace"
            maxLength={40}
            autoComplete="off"
            className="field-input"
            defaultValue={kind === 'exit' ? handover.entrySpace : undefined}
            aria-invalid={errors.parkingSpace ? true : undefined}
            aria-describedby={describedBy('parkingSpace')}
          />
          {error('parkingSpace')}
        </div>
      </div>
      <div>
        <label className="field-label" htmlFor={id('damageNotes')}>
          {t(kind === 'entry' ? 'handover.damage' : 'handover.form.damage_exit')} {t('handover.form.optional')}
        </label>
        <textarea
          id={id('damageNotes')}
          name="damageNotes"
          rows={2}
          maxLength={1000}
          className="field-input"
          aria-invalid={errors.damageNotes ? true : undefined}
          aria-describedby={describedBy('damageNotes')}
        />
        {error('damageNotes')}
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">
          {t(photosRequired ? 'handover.form.photos_required' : 'handover.form.photos_optional')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {HANDOVER_PHOTO_SLOTS.map((label) => {
            const field = photoField(label);
            const required = photosRequired && (label !== 'odometer' || handover.odometerRequired);
            return (
              <div key={label}>
                <label className="field-label" htmlFor={id(field)}>
                  {t(`handover.photo.${label}`)}
                </label>
                <input
                  id={id(field)}
                  name={field}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  capture="environment"
                  required={required}
                  className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:font-medium file:text-ink"
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={describedBy(field)}
                />
                {error(field)}
              </div>
            );
          })}
          <div>
            <label className="field-label" htmlFor={id('photoExtra')}>
              {t('handover.photo.extra')}
            </label>
            <input
              id={id('photoExtra')}
              name="photoExtra"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:font-medium file:text-ink"
              aria-invalid={errors.photoExtra ? true : undefined}
              aria-describedby={describedBy('photoExtra', true)}
            />
            <p id={id('photoExtra-hint')} className="mt-1 text-xs text-muted">
              {t('handover.form.photo_hint')}
            </p>
            {error('photoExtra')}
          </div>
        </div>
      </fieldset>
    </fieldset>
  );
}
