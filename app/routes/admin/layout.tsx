import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import { AdminShell, type AdminNavItem } from '~/components/admin/admin-shell.tsx';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { can, type StaffPermission } from '~/domain/staff-roles.ts';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/layout';

/** The back office's areas in navigation order, each behind its permission (DESIGN §6 Staff, issue 15). */
const NAV: { path: string; label: string; permission: StaffPermission }[] = [
  { path: '/admin', label: 'admin.nav.dashboard', permission: 'dashboard' },
  { path: '/admin/reservierungen', label: 'admin.nav.reservations', permission: 'reservations' },
  { path: '/admin/checkin', label: 'admin.nav.checkin', permission: 'checkin' },
  { path: '/admin/katalog', label: 'admin.nav.catalogue', permission: 'capacity' },
  { path: '/admin/gutscheine', label: 'admin.nav.coupons', permission: 'coupons' },
  { path: '/admin/bewertungen', label: 'admin.nav.reviews', permission: 'reviews' },
  { path: '/admin/mails', label: 'admin.nav.mails', permission: 'mails' },
  { path: '/admin/mitarbeiter', label: 'admin.nav.staff', permission: 'staff' },
  { path: '/admin/protokoll', label: 'admin.nav.audit', permission: 'audit' },
  { path: '/admin/zahlungsabgleich', label: 'admin.nav.payments', permission: 'payments' },
  { path: '/admin/buchhaltung', label: 'admin.nav.accounting', permission: 'accounting' },
];

/** Every `/admin` page below the sign-in: a staff session with its second factor, else to the sign-in. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args);
  const locale = toLocale(args.params.lang);
  const nav: AdminNavItem[] = NAV.filter((item) => can(actor, item.permission)).map(({ path, label }) => ({
    path,
    label,
  }));
  return data(
    {
      actor,
      nav,
      dictionary: ADMIN_DICTIONARIES[locale],
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { actor, nav, dictionary } = loaderData;
  return (
    <AdminTexts dictionary={dictionary}>
      <AdminShell nav={nav} email={actor.email} role={actor.role}>
        <Outlet />
      </AdminShell>
    </AdminTexts>
  );
}

/** 403 and 404 of a back-office page, inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>('admin');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const content = <AdminError status={status} />;
  if (!layout) return content;
  return (
    <AdminTexts dictionary={layout.dictionary}>
      <AdminShell nav={layout.nav} email={layout.actor.email} role={layout.actor.role}>
        <AdminError status={status} />
      </AdminShell>
    </AdminTexts>
  );
}

function AdminError({ status }: { status: number }) {
  const t = useT();
  const href = useHref();
  const key = status === 403 ? 'admin.error.403' : status === 404 ? 'admin.error.404' : 'error.500';
  return (
    <section className="py-10">
      <title>{t(`${key}.title`)}</title>
      <h1 className="text-2xl font-semibold">{t(`${key}.title`)}</h1>
      <p className="mt-2 text-muted">{t(`${key}.text`)}</p>
      <a className="btn-primary mt-6 inline-flex" href={href('/admin')}>
        {t('admin.error.back')}
      </a>
    </section>
  );
}

export const handle = { backOffice: true };
