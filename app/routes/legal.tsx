import { LEGAL_PAGES } from '~/content/legal.ts';
import { interpolate, toLocale } from '~/i18n.ts';
import type { Route } from './+types/legal';
import { shopContext } from '~/router-context.ts';

const PAGE_BY_ROUTE = { 'legal.imprint': 'imprint', 'legal.privacy': 'privacy', 'legal.terms': 'terms' } as const;

// One module serves the three legal routes (ids in app/routes.ts); company data come from the configuration.
export function loader({ params, context, request }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const path = new URL(request.url).pathname.replace(/^\/en/, '');
  const routeId = path === '/impressum' ? 'legal.imprint' : path === '/datenschutz' ? 'legal.privacy' : 'legal.terms';
  const page = LEGAL_PAGES[locale][PAGE_BY_ROUTE[routeId]];
  const env = app.env;
  const values = {
    shopName: env.SHOP_NAME,
    shopAddress: env.SHOP_ADDRESS,
    shopEmail: env.SHOP_EMAIL,
    shopPhone: env.SHOP_PHONE,
    shopVatId: env.SHOP_VAT_ID,
  };
  return {
    title: page.title,
    sections: page.sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map((p) => interpolate(p, values)),
    })),
  };
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">{loaderData.title}</h1>
      {loaderData.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 text-ink">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }];
}
