import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext, type ShopContext } from '~/router-context.ts';

/** What a page loader or action hands over to read the shop's context (a route's `LoaderArgs` / `ActionArgs`). */
export type PageArgs = {
  params: { lang?: string };
  context: { get: (key: typeof shopContext) => ShopContext };
};

/**
 * A shop page loader's or action's start (issue 32 item 3): the shop's app, session and the client's IP, the page's
 * language (`:lang`, German by default) and its translator.
 */
export function shopPage(args: PageArgs) {
  const { app, session, clientIp } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  return { app, session, clientIp, locale, t: translator(locale) };
}
