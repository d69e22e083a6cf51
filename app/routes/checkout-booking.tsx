import { data } from 'react-router';
import { prefillFromAccount } from '~/components/account/save-address.ts';
import { CheckoutPage } from '~/components/checkout/checkout-page.tsx';
import type { BookingPageData } from '~/components/checkout/types.ts';
import { PAYMENT_TYPES } from '~/domain/checkout-schema.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { loadAccount } from '~/services/account.server.ts';
import { currentUser } from '~/services/auth.server.ts';
import { loadBookingPage } from '~/services/booking-page.server.ts';
import type { Route } from './+types/checkout-booking';
import { redirectWithFlash } from './helpers/flash.server.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const result = await loadBookingPage(app.db, session.get('cart'), { locale, now: app.now() });
  if (result.kind === 'leave') {
    // A stale cart leaves with an info message (the flash is shown on the next page).
    if (result.dropCart) session.unset('cart');
    const flash = { type: 'info', message: t(result.messageKey) };
    throw await redirectWithFlash(session, localePath(locale, result.path), flash, { headers: NO_STORE });
  }
  const { tariffsPath, ...page } = result.page;
  // Signed in: step 2 starts with the account's address (issue 8 point 6).
  const user = await currentUser(app, { session });
  const account = user ? await loadAccount(app, { userId: user.id, locale }) : null;
  const pageData: BookingPageData = {
    ...page,
    paymentTypes: PAYMENT_TYPES,
    authenticated: Boolean(user),
    prefill: account ? prefillFromAccount(account) : null,
    newsletter: account?.user.newsletter ?? false,
    tariffsUrl: localePath(locale, tariffsPath),
    addressAutocomplete: Boolean(app.env.ADDRESS_AUTOCOMPLETE_URL),
  };
  return data({ title: t('checkout.meta.title'), page: pageData }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function CheckoutBooking({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage page={loaderData.page} />;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}
