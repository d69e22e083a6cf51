import { Link } from 'react-router';
import { FaqList } from '~/components/islands/faq-list.ts';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { loadFaqPage } from '~/services/content/faq.server.ts';
import type { Route } from './+types/faq';
import { shopPage } from './helpers/shop-page.server.ts';

/** faq (`/faq`, DESIGN §3): every question by category; `?q=` searches on the server (the page works without JS). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, locale, t } = shopPage({ params, context });
  const page = await loadFaqPage(app.db, { locale, query: new URL(request.url).searchParams.get('q') });
  return { title: t('faq.meta.title'), description: t('faq.meta.description'), ...page };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { categories, query, hits } = loaderData;
  return (
    <div className="container-page max-w-4xl py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('faq.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('faq.lead')}</p>
      <FaqList key={query} categories={categories} initialQuery={query} initialHits={hits} />
      <aside className="card mt-10 p-5 sm:p-6" aria-labelledby="faq-contact-title">
        <h2 id="faq-contact-title" className="text-lg font-semibold">
          {t('faq.contact.title')}
        </h2>
        <p className="mt-1 text-muted">{t('faq.contact.text')}</p>
        <Link to={href('/kontakt')} className="btn-primary mt-4 inline-flex">
          {t('faq.contact.link')}
        </Link>
      </aside>
    </div>
  );
}

/** Title, description and the FAQPage structured data (schema.org) of every question; a search result is not indexed. */
export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const questions = data.categories.flatMap((c) => c.entries);
  return [
    { title: data.title },
    { name: 'description', content: data.description },
    ...(data.query ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: questions.map((q) => ({
          '@type': 'Question',
          name: q.question,
          acceptedAnswer: { '@type': 'Answer', text: q.answer },
        })),
      },
    },
  ];
}
