import { data } from 'react-router';
import { FormMessage } from '~/components/account/auth-fields.tsx';
import { StaffInviteForm } from '~/components/admin/staff/staff-invite-form.tsx';
import { StaffTable } from '~/components/admin/staff/staff-table.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { parseRowId } from '~/domain/row-id.ts';
import { shopContext } from '~/router-context.ts';
import {
  inviteStaff,
  listStaff,
  operatorCompanies,
  resendInvite,
  setStaffDisabled,
} from '~/services/backoffice/staff-auth.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/staff';

/** admin.staff (`/admin/mitarbeiter`, permission `staff`): the staff list and the invitation form. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'staff');
  const { app } = args.context.get(shopContext);
  const [members, operators] = await Promise.all([listStaff(app.db), operatorCompanies(app.db)]);
  return data({ members, operators, selfId: actor.staffId }, { headers: PRIVATE_HEADERS });
}

/**
 * Invite (`intent=invite`), disable/enable (`intent=disable|enable`, `id`) or resend an invitation
 * (`intent=resend`); a good post goes back to the list with the flash notice.
 */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'staff');
  if (refused) return refused;
  const { app, form, values, intent, locale, t } = posted;
  const id = parseRowId(form.get('id'));
  const back = (key: string, params?: Record<string, string>) =>
    savedRedirect(posted, '/admin/mitarbeiter', key, params);
  try {
    if (intent === 'invite') {
      const { email = '', name = '', role = '', operator = '' } = values;
      const { member } = await inviteStaff(app, actor, { body: { email, name, role, operator }, locale });
      return await back('admin.staff.invited', { email: member.email });
    }
    if (id === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    if (intent === 'disable' || intent === 'enable') {
      await setStaffDisabled(app, actor, { staffId: id, disabled: intent === 'disable' });
      return await back(intent === 'disable' ? 'admin.staff.disabled' : 'admin.staff.enabled');
    }
    if (intent === 'resend') {
      await resendInvite(app, actor, { staffId: id, locale });
      return await back('admin.staff.resent');
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const invite = actionData?.intent === 'invite' ? actionData : undefined;
  return (
    <section className="grid gap-8">
      <title>{t('admin.meta.title', { page: t('admin.staff.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.staff.title')}</h1>
      {actionData && actionData.intent !== 'invite' ? <FormMessage message={actionData.message} /> : null}
      <StaffTable members={loaderData.members} selfId={loaderData.selfId} />
      <StaffInviteForm operators={loaderData.operators} failure={invite} />
    </section>
  );
}
