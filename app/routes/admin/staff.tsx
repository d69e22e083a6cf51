import { data, Form, useRouteLoaderData } from 'react-router';
import { FormMessage, TextInput } from '~/components/account/auth-fields.tsx';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { FormField } from '~/components/ui/form-field.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  inviteStaff,
  listStaff,
  operatorCompanies,
  resendInvite,
  setStaffDisabled,
  type StaffListEntry,
} from '~/services/backoffice/staff-auth.server.ts';
import { csrfFailure, readForm, refusal } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/staff';
import type { loader as layoutLoader } from './layout.tsx';

/** admin.staff (`/admin/mitarbeiter`, permission `staff`): the staff list and the invitation form. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'staff');
  const { app } = args.context.get(shopContext);
  const [members, operators] = await Promise.all([listStaff(app.db), operatorCompanies(app.db)]);
  return data({ members, operators, selfId: actor.staffId }, { headers: ADMIN_HEADERS });
}

/** Invite (`intent=invite`), disable/enable (`intent=disable|enable`, `id`) or resend an invitation (`intent=resend`). */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'staff');
  const { app, session } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  if (!csrfOk) return csrfFailure(t, values, intent);
  const id = parseRowId(form.get('id'));
  try {
    if (intent === 'invite') {
      const { member } = await inviteStaff(app, actor, {
        body: {
          email: values.email ?? '',
          name: values.name ?? '',
          role: values.role ?? '',
          operator: values.operator ?? '',
        },
        locale,
      });
      return data({ intent, notice: t('admin.staff.invited', { email: member.email }) }, { headers: ADMIN_HEADERS });
    }
    if (id === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
    if (intent === 'disable' || intent === 'enable') {
      await setStaffDisabled(app, actor, { staffId: id, disabled: intent === 'disable' });
      const notice = t(intent === 'disable' ? 'admin.staff.disabled' : 'admin.staff.enabled');
      return data({ intent, notice }, { headers: ADMIN_HEADERS });
    }
    if (intent === 'resend') {
      await resendInvite(app, actor, { staffId: id, locale });
      return data({ intent, notice: t('admin.staff.resent') }, { headers: ADMIN_HEADERS });
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: ADMIN_HEADERS },
    );
  } catch (error) {
    return refusal(error, t, values, intent);
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

type ActionResult = {
  intent?: string;
  notice?: string;
  message?: string | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result = actionData as ActionResult | undefined;
  const invite = result?.intent === 'invite' && !result.notice ? result : undefined;
  return (
    <section className="grid gap-8">
      <title>{t('admin.meta.title', { page: t('admin.staff.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.staff.title')}</h1>
      {result?.notice ? <FormMessage tone="info" message={result.notice} /> : null}
      {result && !result.notice && result.intent !== 'invite' ? <FormMessage message={result.message} /> : null}
      <StaffTable members={loaderData.members} selfId={loaderData.selfId} />
      <InviteForm operators={loaderData.operators} failure={invite} key={result?.notice ?? 'form'} />
    </section>
  );
}

function useCsrf(): string {
  return useRouteLoaderData<typeof layoutLoader>('admin')?.csrfToken ?? '';
}

function StaffTable({ members, selfId }: { members: StaffListEntry[]; selfId: number }) {
  const t = useT();
  const locale = useLocale();
  const csrf = useCsrf();
  const when = (d: Date | string | null) =>
    d
      ? new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-DE', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Europe/Berlin',
        }).format(new Date(d))
      : t('admin.staff.never');
  return (
    <section aria-labelledby="staff-list">
      <h2 id="staff-list" className="text-lg font-semibold">
        {t('admin.staff.list')}
      </h2>
      <ul className="mt-3 grid gap-3 lg:hidden">
        {members.map((m) => (
          <li key={m.id} className="card grid gap-1 p-4 text-sm">
            <strong className="text-base">{m.name || m.email}</strong>
            <span className="break-all">{m.email}</span>
            <span>
              {t(`admin.role.${m.role}`)}
              {m.operator ? ` · ${m.operator}` : ''}
            </span>
            <span>
              {t(`admin.staff.status.${m.status}`)} · {t('admin.staff.col.last_sign_in')}: {when(m.lastSignInAt)}
            </span>
            <MemberActions member={m} selfId={selfId} csrf={csrf} />
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th className="py-2 pr-3">{t('admin.staff.col.name')}</th>
              <th className="py-2 pr-3">{t('admin.staff.col.email')}</th>
              <th className="py-2 pr-3">{t('admin.staff.col.role')}</th>
              <th className="py-2 pr-3">{t('admin.staff.col.operator')}</th>
              <th className="py-2 pr-3">{t('admin.staff.col.status')}</th>
              <th className="py-2 pr-3">{t('admin.staff.col.last_sign_in')}</th>
              <th className="py-2">{t('admin.staff.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} className="border-b border-line align-top">
                <td className="py-2 pr-3">{m.name}</td>
                <td className="py-2 pr-3 break-all">{m.email}</td>
                <td className="py-2 pr-3">{t(`admin.role.${m.role}`)}</td>
                <td className="py-2 pr-3">{m.operator ?? ''}</td>
                <td className="py-2 pr-3">{t(`admin.staff.status.${m.status}`)}</td>
                <td className="py-2 pr-3">{when(m.lastSignInAt)}</td>
                <td className="py-2">
                  <MemberActions member={m} selfId={selfId} csrf={csrf} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MemberActions({ member, selfId, csrf }: { member: StaffListEntry; selfId: number; csrf: string }) {
  const t = useT();
  if (member.id === selfId) return null;
  const button = (intent: string, label: string) => (
    <Form method="post" reloadDocument className="inline">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member.id} />
      <button type="submit" className="btn-secondary min-h-11" aria-label={`${label}: ${member.email}`}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="mt-2 flex flex-wrap gap-2 lg:mt-0">
      {member.status === 'disabled'
        ? button('enable', t('admin.staff.enable'))
        : button('disable', t('admin.staff.disable'))}
      {member.canResend ? button('resend', t('admin.staff.resend')) : null}
    </div>
  );
}

function InviteForm({
  operators,
  failure,
}: {
  operators: string[];
  failure?: { message?: string | null; errors?: Record<string, string>; values?: Record<string, string> };
}) {
  const t = useT();
  const csrf = useCsrf();
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  return (
    <section aria-labelledby="staff-invite" className="card max-w-2xl p-5">
      <h2 id="staff-invite" className="text-lg font-semibold">
        {t('admin.staff.invite.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('admin.staff.invite.intro')}</p>
      <Form method="post" reloadDocument noValidate className="mt-4 grid gap-4" data-page-form="staff-invite">
        <input type="hidden" name="_csrf" value={csrf} />
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
              {(['admin', 'support', 'operator'] as const).map((role) => (
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
