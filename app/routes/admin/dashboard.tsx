import { useRouteLoaderData } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { requireStaff } from '../helpers/staff-guard.server.ts';
import type { Route } from './+types/dashboard';
import type { loader as layoutLoader } from './layout.tsx';

/** admin.dashboard (`/admin`): the back office's start page (issue 15 item 2). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'dashboard');
  return null;
}

export default function AdminDashboard() {
  const t = useT();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.dashboard.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.dashboard.title')}</h1>
      <p className="mt-2 text-muted">
        {t('admin.dashboard.welcome', { name: layout?.actor.name || layout?.actor.email || '' })}
      </p>
    </section>
  );
}
