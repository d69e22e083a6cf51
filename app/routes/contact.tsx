import { Mail, MapPin, Phone } from 'lucide-react';
import { ContactForm } from '~/components/islands/contact-form.ts';
import { FaqSearchBox } from '~/components/islands/faq-search-box.ts';
import { useT } from '~/components/i18n-context.tsx';
import { MapPanel } from '~/components/islands/map-panel.ts';
import { CONTACT_TOPICS, contactBodyFromForm } from '~/domain/contact-schema.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { listAirportSummaries } from '~/services/catalogue/catalog.server.ts';
import { sendContactMessage } from '~/services/content/contact.server.ts';
import type { Route } from './+types/contact';
import { handlePostedForm, shopPage } from './helpers/shop-page.server.ts';
import { savedRedirect } from './helpers/form-kit.server.ts';

/**
 * contact.index (`/kontakt`, DESIGN §3): the shop's contact data (SHOP_*), the FAQ search, the contact form and the
 * airports map. `?topic=` and `?reference=` preset the form (e.g. a link from a reservation page).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, locale, t } = shopPage({ params, context });
  const search = new URL(request.url).searchParams;
  const topic = search.get('topic') ?? '';
  return {
    title: t('contact.meta.title'),
    description: t('contact.meta.description'),
    shop: { address: app.env.SHOP_ADDRESS, email: app.env.SHOP_EMAIL, phone: app.env.SHOP_PHONE },
    preset: {
      topic: (CONTACT_TOPICS as readonly string[]).includes(topic) ? topic : '',
      reference: normalizeReference(search.get('reference') ?? '') ?? '',
    },
    mapTileUrl: app.env.MAP_TILE_URL,
    airports: await listAirportSummaries(app.db, locale),
  };
}

/**
 * The form without JavaScript: `_csrf`, then `sendContactMessage` (the same service as `POST /api/contact`).
 * Sent (or dropped by the honeypot): back to the page with a success flash (PRG). Refused: 422 with field messages,
 * 429 with `Retry-After`.
 */
export function action(args: Route.ActionArgs) {
  return handlePostedForm(args, async (posted) => {
    const { app, clientIp, form, locale } = posted;
    await sendContactMessage(app, { body: contactBodyFromForm(form), clientIp, locale });
    const notice = { type: 'success', titleKey: 'contact.success_title', messageKey: 'contact.success' } as const;
    return savedRedirect(posted, '/kontakt', notice, undefined, { headers: false });
  });
}

/** A refused post answers with its own headers (private, `Retry-After`); a page view keeps the layout's. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : parentHeaders;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { shop, preset, airports, mapTileUrl } = loaderData;
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('contact.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('contact.lead')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="card p-5 sm:p-6" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t('contact.form.title')}
          </h2>
          <div className="mt-4">
            <ContactForm refused={actionData} preset={preset} />
          </div>
        </section>

        <div className="grid content-start gap-6">
          <section className="card p-5 sm:p-6" aria-labelledby="contact-details-title" data-contact-details>
            <h2 id="contact-details-title" className="text-xl font-semibold">
              {t('contact.details.title')}
            </h2>
            <ul className="mt-4 grid gap-3">
              <li className="flex gap-3">
                <Mail aria-hidden size={20} className="mt-0.5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-muted">{t('contact.details.email')}</p>
                  <p>
                    <a
                      className="font-medium text-accent underline-offset-2 hover:underline"
                      href={`mailto:${shop.email}`}
                    >
                      {shop.email}
                    </a>
                  </p>
                </div>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden size={20} className="mt-0.5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-muted">{t('contact.details.phone')}</p>
                  <p>
                    <a
                      className="font-medium text-accent underline-offset-2 hover:underline"
                      href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}
                    >
                      {shop.phone}
                    </a>
                  </p>
                </div>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden size={20} className="mt-0.5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-muted">{t('contact.details.address')}</p>
                  <p>{shop.address}</p>
                </div>
              </li>
            </ul>
            <p className="mt-4 text-sm text-muted">{t('contact.details.response')}</p>
          </section>
          <FaqSearchBox title={t('contact.faq.title')} />
        </div>
      </div>

      <section className="mt-10" aria-labelledby="contact-map-title">
        <h2 id="contact-map-title" className="text-2xl font-semibold">
          {t('contact.map.title')}
        </h2>
        {/* The privacy-first map brings its own list of the airports (our overview; tiles only after "Karte laden"). */}
        <div className="mt-6">
          <MapPanel airports={airports} tileUrl={mapTileUrl} />
        </div>
      </section>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'description', content: data?.description }];
}
