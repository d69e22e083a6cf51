import { data } from 'react-router';
import { CouponCreateForm } from '~/components/admin/coupons/coupon-create-form.tsx';
import { CouponList } from '~/components/admin/coupons/coupon-list.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { parseRowId } from '~/domain/row-id.ts';
import { shopContext } from '~/router-context.ts';
import {
  createCoupon,
  listCouponAirports,
  listCoupons,
  setCouponDisabled,
} from '~/services/backoffice/admin-coupons.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/coupons';

/** admin.coupons (`/admin/gutscheine`, issue 15 item 6, admin only): the coupons with their use, and a new one. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'coupons');
  const { app } = args.context.get(shopContext);
  const [coupons, airports] = await Promise.all([listCoupons(app.db), listCouponAirports(app.db)]);
  return data({ coupons, airports }, { headers: PRIVATE_HEADERS });
}

/**
 * Creates a coupon (`intent=create`) or disables/enables one (`intent=disable|enable`, `couponId`); a good post
 * goes back to the list with the flash notice.
 */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'coupons');
  if (refused) return refused;
  const { app, form, values, intent, t } = posted;
  const airportIds = form.getAll('airportIds').map(String);
  try {
    if (intent === 'create') {
      const { code, kind, value, validFrom, validTo, minDays, usageLimit } = values;
      const body = { code, kind, value, validFrom, validTo, minDays, usageLimit, airportIds };
      await createCoupon(app.db, actor, body, app.now());
      return await savedRedirect(posted, '/admin/gutscheine', 'admin.coupons.done.created');
    }
    if (intent === 'disable' || intent === 'enable') {
      const id = parseRowId(values.couponId);
      if (id === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
      await setCouponDisabled(app.db, actor, id, intent === 'disable', app.now());
      return await savedRedirect(posted, '/admin/gutscheine', `admin.coupons.done.${intent}d`);
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    // The ticked airports come back ticked (a form value of its own: `values` keeps one value per name).
    return refusal(error, posted, { notFound: 'page', values: { ...values, airportIds: airportIds.join(',') } });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const failed = actionData && actionData.intent === 'create' ? actionData : undefined;
  const otherFailure = actionData && actionData.intent !== 'create' ? actionData.message : null;
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.coupons.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.coupons.title')}</h1>
      {otherFailure && (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-red-900">
          {otherFailure}
        </p>
      )}
      <CouponList coupons={loaderData.coupons} airports={loaderData.airports} />
      <CouponCreateForm airports={loaderData.airports} failed={failed} />
    </section>
  );
}
