import { AuthPage } from '~/components/account/auth-page.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { NewsletterSignupForm } from '~/components/subscriptions/newsletter-signup.tsx';
import { safeReturnPath, toConsentSource } from '~/domain/newsletter.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { requestNewsletterSubscription } from '~/services/subscriptions/newsletter.server.ts';
import type { Route } from './+types/newsletter';
import { actionOrLoaderHeaders, readPostedForm, refusal, savedRedirect } from './helpers/form-kit.server.ts';

/**
 * newsletter (`/newsletter`): the sign-up as a page, and the action every sign-up form posts to without
 * JavaScript (the footer's too). A good post goes back to the page it came from (`returnTo`) with a flash
 * message — the same message whether the address is new, pending or subscribed; a refused one shows this page
 * with the messages and the values.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { title: translator(toLocale(params.lang))('newsletter.page.title') };
}

/** Checks `_csrf`, starts the double opt-in (`requestNewsletterSubscription`) and redirects back. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, clientIp, form, values, locale } = posted;
  try {
    await requestNewsletterSubscription(app, {
      body: { email: values.email, firstname: values.firstname, lastname: values.lastname },
      locale,
      clientIp,
      userAgent: args.request.headers.get('User-Agent') ?? undefined,
      source: toConsentSource(form.get('source')),
    });
    const back = safeReturnPath(values.returnTo, localePath(locale, '/newsletter'));
    const notice = {
      type: 'success',
      titleKey: 'newsletter.accepted_title',
      messageKey: 'newsletter.accepted',
    } as const;
    return await savedRedirect(posted, back, notice, undefined, { localised: false, headers: false });
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage title={t('newsletter.page.title')} intro={t('newsletter.page.intro')}>
      <NewsletterSignupForm
        variant="page"
        values={actionData?.values}
        errors={actionData?.errors}
        message={actionData?.message}
      />
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }];
}
