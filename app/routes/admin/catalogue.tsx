import { data } from 'react-router';
import { AirportList } from '~/components/admin/catalogue/airport-list.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { HandoverRequirementsForm } from '~/components/admin/catalogue/handover-requirements.tsx';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { can } from '~/domain/staff-roles.ts';
import { shopContext } from '~/router-context.ts';
import { changeAirportStatus, listCatalogue } from '~/services/backoffice/admin-catalogue.server.ts';
import { saveHandoverRequirements } from '~/services/backoffice/handover-records.server.ts';
import { listHandoverRequirements } from '~/services/handover/handover.server.ts';
import { catalogueExtra, thisPage } from './helpers/catalogue-form.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/catalogue';

/**
 * admin.catalogue (`/admin/katalog`, issue 15 item 5): the airports with their lots and tariffs (an operator
 * sees only the airports and lots of its company); an admin locks and unlocks airports here and sets what a handover
 * record must hold per tariff category (issue 36 item 1).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app } = args.context.get(shopContext);
  const canLock = can(actor, 'airports');
  // the handover's requirements per category (issue 36 item 1): admins only, like the airports' status
  const requirements = canLock ? await listHandoverRequirements(app.db) : [];
  return data({ airports: await listCatalogue(app.db, actor), canLock, requirements }, { headers: PRIVATE_HEADERS });
}

/**
 * Lock or unlock (`intent`) the airport `slug`: the command line's use case, so waiting visitors get one mail; or
 * (`intent=handover-requirements`) save a category's handover requirements.
 */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'airports');
  if (refused) return refused;
  const { app, values } = posted;
  if (posted.intent === 'handover-requirements') {
    const category = values.category;
    if (category !== 'shuttle' && category !== 'valet' && category !== 'terminal') {
      throw data(null, { status: 400, headers: PRIVATE_HEADERS });
    }
    const photosRequired = values.photosRequired === '1';
    const odometerRequired = values.odometerRequired === '1';
    await saveHandoverRequirements(app, actor, { category, photosRequired, odometerRequired });
    return await savedRedirect(posted, thisPage(args.request), 'handover.requirements.saved', {}, { localised: false });
  }
  const intent = posted.intent === 'unlock' ? 'unlock' : posted.intent === 'lock' ? 'lock' : null;
  if (!intent) throw data(null, { status: 400, headers: PRIVATE_HEADERS });
  try {
    const change = await changeAirportStatus(app, actor, {
      slug: values.slug ?? '',
      action: intent,
    });
    const saved = !change.changed ? 'airport_unchanged' : intent === 'unlock' ? 'airport_unlocked' : 'airport_locked';
    return await savedRedirect(
      posted,
      thisPage(args.request),
      `admin.catalogue.saved.${saved}`,
      {
        count: change.notified ?? 0,
      },
      { localised: false },
    );
  } catch (error) {
    return refusal(error, posted, { notFound: 'page', extra: catalogueExtra(posted.t) });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const failure = failureOf(actionData);
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.catalogue.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.catalogue.title')}</h1>
      <p className="mt-1 text-muted">{t('admin.catalogue.intro')}</p>
      {failure?.message && <Notice tone="error" message={failure.message} />}
      <AirportList airports={loaderData.airports} canLock={loaderData.canLock} />
      {loaderData.requirements.length ? <HandoverRequirementsForm requirements={loaderData.requirements} /> : null}
    </section>
  );
}
