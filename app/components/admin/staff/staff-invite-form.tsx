import { Form } from 'react-router';
import { FormMessage, TextInput } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { FormField } from '~/components/ui/form-field.tsx';
import { STAFF_ROLES } from '~/domain/staff-roles.ts';

/** The invitation of a new member: e-mail, name, role and (for an operator) the company; an accountant has none. */
export function StaffInviteForm({
  operators,
  failure,
}: {
  operators: string[];
  failure?: { message?: string | null; errors?: Record<string, string>; values?: Record<string, string> };
}) {
  const t = useT();
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  return (
    <section aria-labelledby="staff-invite" className="card max-w-2xl p-5">
      <h2 id="staff-invite" className="text-lg font-semibold">
        {t('admin.staff.invite.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('admin.staff.invite.intro')}</p>
      <Form method="post" reloadDocument noValidate className="mt-4 grid gap-4" data-page-form="staff-invite">
        <CsrfField />
        <input type="hidden" name="intent" value="invite" />
        <FormMessage message={failure?.message} />
        <TextInput
          idPrefix="invite"
          errors={errors}
          values={values}
          name="email"
          type="email"
          label={t('admin.staff.col.email')}
          autoComplete="off"
        />
        <TextInput
          idPrefix="invite"
          errors={errors}
          values={values}
          name="name"
          label={t('admin.staff.col.name')}
          autoComplete="off"
          maxLength={100}
        />
        <FormField id="invite-role" label={t('admin.staff.col.role')} error={errors.role} errorName="role">
          {(control) => (
            <select {...control} name="role" className="field-input" defaultValue={values.role ?? 'support'}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.role.${role}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="invite-operator"
          label={t('admin.staff.invite.operator')}
          error={errors.operator}
          errorName="operator"
        >
          {(control) => (
            <select {...control} name="operator" className="field-input" defaultValue={values.operator ?? ''}>
              <option value="">{t('admin.staff.invite.operator_none')}</option>
              {operators.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn-primary justify-self-start">
          {t('admin.staff.invite.submit')}
        </button>
      </Form>
    </section>
  );
}
