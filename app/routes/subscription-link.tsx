import { data } from 'react-router';
import { LinkActionTexts } from '~/components/subscriptions/link-action-page.tsx';
import type { Route } from './+types/subscription-link';
import { actionOrLoaderHeaders, PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { linkPage, linkPageAction, linkPageOf } from './helpers/subscription-links.server.ts';

/**
 * The mail links of the newsletter and the airport notifications, one module for three routes (ids in
 * app/routes.ts), told apart by the path (`helpers/subscription-links.server.ts`):
 * - newsletter.confirm (`/newsletter/:token`): the double opt-in link (issue 10; the proof: time, IP, user agent);
 * - newsletter.unsubscribe (`/newsletter/abmelden/:token`): the link of every newsletter mail;
 * - airport-alert.unsubscribe (`/benachrichtigung/abmelden/:token`): the link of the mail that tells a visitor a
 *   locked airport opened (SPEC §1).
 * GET shows one button, the POST acts. Mail programs unsubscribe with the one-click endpoint of the
 * `List-Unsubscribe` header instead (`server/unsubscribe.ts`, RFC 8058). The price watch's links: `price-watch.tsx`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return data(linkPage(linkPageOf(request) ?? 'newsletter-confirm', params.lang), { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, confirms or unsubscribes, and shows the outcome (404 unknown link, 410 expired). */
export async function action(args: Route.ActionArgs) {
  return linkPageAction(args, linkPageOf(args.request) ?? 'newsletter-confirm');
}

export const headers = actionOrLoaderHeaders;

export default function SubscriptionLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkActionTexts texts={loaderData.link.texts} name={loaderData.link.name} result={actionData} />;
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}
