import type { FaqEntry } from '~/domain/faq-text.ts';
import { useT } from '../i18n-context.tsx';
import { Accordion } from '../widgets/accordion.tsx';
import { FaqSearchBox } from './faq-search-box.tsx';

/**
 * The FAQ part of an airport's page (DESIGN §3 airports.show "FAQ"): the answers about this airport (when it has
 * any) as an accordion, and the FAQ search box. A plain section, not a named region: the page's map is the region
 * named after the airport.
 */
export function AirportFaq({ airport, entries }: { airport: string; entries: FaqEntry[] }) {
  const t = useT();
  return (
    <section className="mt-10" data-airport-faq>
      <h2 id="airport-faq-title" className="text-2xl font-semibold">
        {t('faq.airport.title', { airport })}
      </h2>
      {entries.length > 0 ? (
        <div className="mt-4">
          <Accordion
            items={entries.map((entry) => ({
              id: `flughafen-${entry.slug}`,
              title: entry.question,
              content: <p className="leading-relaxed text-ink">{entry.answer}</p>,
            }))}
          />
        </div>
      ) : null}
      <FaqSearchBox className="mt-4" />
    </section>
  );
}
