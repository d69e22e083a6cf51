import { Form } from 'react-router';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { intlLocale } from '~/domain/localized.ts';
import type { StaffListEntry } from '~/domain/staff-roles.ts';

/** The staff list: cards on a phone, a table from a laptop on, each member with its buttons. */
export function StaffTable({ members, selfId }: { members: StaffListEntry[]; selfId: number }) {
  const t = useT();
  const locale = useLocale();
  const when = (d: Date | string | null) =>
    d
      ? new Intl.DateTimeFormat(intlLocale(locale), {
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
            <MemberActions member={m} selfId={selfId} />
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
                  <MemberActions member={m} selfId={selfId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Disable or enable a member, send the invitation again (never for oneself). */
function MemberActions({ member, selfId }: { member: StaffListEntry; selfId: number }) {
  const t = useT();
  if (member.id === selfId) return null;
  const button = (intent: string, label: string) => (
    <Form method="post" reloadDocument className="inline">
      <CsrfField />
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
