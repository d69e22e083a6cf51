import { data } from 'react-router';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { hasVoucher } from '~/services/documents/reservation-documents.server.ts';
import { applePassFile } from '~/services/wallet/wallet-pass.server.ts';
import type { Route } from './+types/reservation-wallet';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { documentAnswer, withTextRefusals } from './helpers/resource-route.server.ts';
import { accessibleReservation } from './helpers/reservation-access.server.ts';

/** The request's shop context (the app and the browser session). */
const shopOf = (args: Route.LoaderArgs) => args.context.get(shopContext);

/**
 * The Apple Wallet pass of a reservation (issue 35 item 3), a resource route for `/reservierung/:reference/wallet.pkpass`
 * (guest access) and `/konto/reservierungen/:reference/wallet.pkpass` (owner): the same access rules as the
 * documents. 404 for anyone else, for a reservation without a voucher (pending payment, cancelled) and when Apple
 * Wallet is not configured.
 */
export async function loader(args: Route.LoaderArgs) {
  const locale = toLocale(args.params.lang);
  return withTextRefusals(locale, async () => {
    const shop = shopOf(args);
    const details = await accessibleReservation(shop, {
      request: args.request,
      reference: args.params.reference,
      locale,
    });
    const file = hasVoucher(details) ? await applePassFile(shop.app, details) : null;
    if (!file) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    return documentAnswer(file, { ...PRIVATE_HEADERS, 'Last-Modified': file.lastModified.toUTCString() });
  });
}
