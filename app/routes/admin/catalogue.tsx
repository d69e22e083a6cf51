import { data } from 'react-router';
import { AirportList } from '~/components/admin/catalogue/airport-list.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { can } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { changeAirportStatus, listCatalogue } from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueRefusal, savedMessage, savedRedirect } from './helpers/admin-catalogue.server.ts';
import { csrfFailure, readForm } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/catalogue';

/**
 * admin.catalogue (`/admin/katalog`, issue 15 item 5): the airports with their lots and tariffs (an operator
 * sees only the airports and lots of its company); an admin locks and unlocks airports here.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app } = args.context.get(shopContext);
  const t = translator(toLocale(args.params.lang));
  return data(
    {
      airports: await listCatalogue(app.db, actor),
      canLock: can(actor, 'airports'),
      saved: savedMessage(args.request, t),
    },
    { headers: ADMIN_HEADERS },
  );
}

/** Lock or unlock (`intent`) the airport `slug`: the command line's use case, so waiting visitors get one mail. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'airports');
  const { app, session } = args.context.get(shopContext);
  const t = translator(toLocale(args.params.lang));
  const { values, csrfOk } = await readForm(args.request, session);
  const intent = values.intent === 'unlock' ? 'unlock' : values.intent === 'lock' ? 'lock' : null;
  if (!csrfOk) return csrfFailure(t, values, intent ?? undefined);
  if (!intent) throw data(null, { status: 400, headers: ADMIN_HEADERS });
  try {
    const change = await changeAirportStatus(app, actor, {
      slug: values.slug ?? '',
      action: intent,
    });
    if (!change.changed) return savedRedirect(args.request, 'airport_unchanged');
    return intent === 'unlock'
      ? savedRedirect(args.request, 'airport_unlocked', change.notified)
      : savedRedirect(args.request, 'airport_locked');
  } catch (error) {
    return catalogueRefusal(error, t, { intent, values });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const failure = failureOf(actionData);
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.catalogue.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.catalogue.title')}</h1>
      <p className="mt-1 text-muted">{t('admin.catalogue.intro')}</p>
      {loaderData.saved && <Notice tone="ok" message={loaderData.saved} />}
      {failure?.message && <Notice tone="error" message={failure.message} />}
      <AirportList airports={loaderData.airports} canLock={loaderData.canLock} />
    </section>
  );
}
