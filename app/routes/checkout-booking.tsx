import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { prefillFromAccount } from '~/components/account/save-address.ts';
import { CheckoutPage } from '~/components/islands/checkout-page.ts';
import type { BookingPageData } from '~/components/checkout/types.ts';
import { offeredPaymentTypes } from '~/services/payments/payment.server.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { loadAccount } from '~/services/accounts/account.server.ts';
import { currentUser } from '~/services/accounts/auth.server.ts';
import { loadBookingPage } from '~/services/checkout/booking-page.server.ts';
import {
  CHECKOUT_STEPS,
  currentDraft,
  draftCoupon,
  postCheckoutStep,
  visibleStep,
} from '~/services/checkout/checkout-form.server.ts';
import type { Route } from './+types/checkout-booking';
import { redirectWithFlash } from './helpers/flash.server.ts';
import { PRIVATE_HEADERS, readPostedForm } from './helpers/form-kit.server.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, params, context }: Route.LoaderArgs) {
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
    paymentTypes: offeredPaymentTypes(),
    authenticated: Boolean(user),
    prefill: account ? prefillFromAccount(account) : null,
    newsletter: account?.user.newsletter ?? false,
    tariffsUrl: localePath(locale, tariffsPath),
    addressAutocomplete: Boolean(app.env.ADDRESS_AUTOCOMPLETE_URL),
  };
  // Without JavaScript (issue 11 item 7): the step and fields the session kept, and a key per rendered form;
  // the coupon the "apply" button got accepted, checked again (issue 12 item 5).
  const draft = currentDraft(session);
  const form = {
    step: visibleStep(session, new URL(request.url).searchParams.get('schritt')),
    fields: draft?.fields ?? null,
    idempotencyKey: randomUUID(),
    coupon: await draftCoupon(app, session),
  };
  return data({ title: t('checkout.meta.title'), page: pageData, form }, { headers: NO_STORE });
}

/**
 * The form without JavaScript: `_csrf`, then `postCheckoutStep` (the same validation and booking use case as
 * the API). A valid step redirects to the next (`?schritt=`, PRG), the booking to the guest reservation page;
 * refused: the page again (422, 409; a bad token: the kit's answer, on the step the page shows) with the field
 * messages and the entered values.
 */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, values, locale } = posted;
  const result = await postCheckoutStep(app, { session, values, locale });
  if (result.kind !== 'refused') {
    // No loader runs before a redirect: the session (draft, guest access) is saved here.
    const headers = new Headers(NO_STORE);
    const cookie = await session.save();
    if (typeof cookie === 'string') headers.append('Set-Cookie', cookie);
    const to =
      result.kind === 'step'
        ? `${localePath(locale, '/buchung')}?schritt=${CHECKOUT_STEPS.indexOf(result.step) + 1}`
        : result.redirect;
    return redirect(to, { headers });
  }
  const { status, step, errors, messageKey } = result;
  return data({ step, errors, message: messageKey }, { status, headers: PRIVATE_HEADERS });
}

export function headers() {
  return NO_STORE;
}

export default function CheckoutBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { page, form } = loaderData;
  // The kit's refusal of a bad token has no step: the page stays on the one it shows.
  const refused = !actionData
    ? null
    : 'step' in actionData
      ? actionData
      : { ...actionData, step: form.step, errors: {} };
  return <CheckoutPage page={page} form={form} refused={refused} />;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}
