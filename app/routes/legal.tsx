import { SampleDataNote } from '~/components/shop/sample-data.tsx';
import { toLocale } from '~/i18n.ts';
import { loadLegalPage, type LegalPageKey } from '~/services/content/legal-pages.server.ts';
import type { Route } from './+types/legal';
import { shopContext } from '~/router-context.ts';

/** The page of each legal path (German path, with or without the `/en` prefix; ids in app/routes.ts). */
const PAGE_BY_PATH: Record<string, LegalPageKey> = {
  '/impressum': 'imprint',
  '/datenschutz': 'privacy',
  '/agb': 'terms',
};

// One module serves the three legal routes; their texts are built from the configuration.
export function loader({ params, context, request }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const path = new URL(request.url).pathname.replace(/^\/en(?=\/)/, '').replace(/\/$/, '');
  return loadLegalPage(app.env, PAGE_BY_PATH[path] ?? 'terms', toLocale(params.lang));
}

// Long German compounds ("Geschäftsbedingungen", "Umsatzsteuer-Identifikationsnummer") must not overflow a
// 390 px phone: hyphenate by the page's `lang`, and break anywhere as the last resort (URLs, e-mail addresses).
export default function Legal({ loaderData }: Route.ComponentProps) {
  const { title, sections, sampleData } = loaderData;
  return (
    <article className="container-page max-w-3xl py-10 hyphens-auto wrap-anywhere">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {sampleData ? <SampleDataNote where="legal" className="mt-4" /> : null}
      {sections.map((section, i) => (
        <section key={section.heading} className="mt-8" aria-labelledby={`legal-${i}`}>
          <h2 id={`legal-${i}`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 text-ink">
              {p}
            </p>
          ))}
          {section.items ? (
            <dl className="mt-3 space-y-3">
              {section.items.map((item) => (
                <div key={item.title}>
                  <dt className="font-semibold">{item.title}</dt>
                  <dd className="mt-0.5 text-ink">{item.text}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      ))}
    </article>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }];
}
