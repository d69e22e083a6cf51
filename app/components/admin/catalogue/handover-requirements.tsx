import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import type { HandoverRequirements } from '~/domain/handover.ts';

/**
 * What the handover record must hold per tariff category (issue 36 item 1): one form per category with two check
 * boxes (photos, odometer), admins only. Plain form posts (`intent=handover-requirements`) to the catalogue page.
 */
export function HandoverRequirementsForm({ requirements }: { requirements: HandoverRequirements[] }) {
  const t = useT();
  return (
    <section className="card mt-6 grid gap-3 p-4" aria-labelledby="handover-requirements-title">
      <h2 id="handover-requirements-title" className="text-lg font-semibold">
        {t('handover.requirements.title')}
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        {requirements.map((r) => (
          <Form
            key={r.category}
            method="post"
            className="grid gap-2 rounded-lg border border-line p-3"
            data-handover-requirements={r.category}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="handover-requirements" />
            <input type="hidden" name="category" value={r.category} />
            <h3 className="font-semibold">{t(`tariff.category.${r.category}`)}</h3>
            {(['photosRequired', 'odometerRequired'] as const).map((field) => (
              <label key={field} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={field}
                  value="1"
                  defaultChecked={r[field]}
                  className="mt-1 h-5 w-5 shrink-0"
                />
                <span>{t(`handover.requirements.${field === 'photosRequired' ? 'photos' : 'odometer'}`)}</span>
              </label>
            ))}
            <button type="submit" className="btn-secondary min-h-11 justify-self-start">
              {t('handover.requirements.save')}
            </button>
          </Form>
        ))}
      </div>
    </section>
  );
}
