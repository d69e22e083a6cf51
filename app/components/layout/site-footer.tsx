import { Link, useMatches } from 'react-router';
import { useHref, useT } from '../i18n-context.tsx';
import { SampleDataNote } from '../shop/sample-data.tsx';
import { NewsletterSignupForm } from '../subscriptions/newsletter-signup.tsx';

type Shop = { name: string; address: string; email: string; phone: string };

export function SiteFooter({ shop }: { shop: Shop }) {
  const t = useT();
  const href = useHref();
  // The /newsletter page has the form itself.
  const onNewsletterPage = useMatches().some((m) => m.id === 'newsletter');
  return (
    <footer className="mt-16 border-t border-line bg-white">
      {onNewsletterPage ? null : (
        <div className="border-b border-line bg-accent-soft">
          <div className="container-page py-8">
            <NewsletterSignupForm variant="footer" />
          </div>
        </div>
      )}
      <div className="container-page grid gap-8 py-10 text-sm text-muted sm:grid-cols-3">
        <div>
          <p className="font-semibold text-ink">{shop.name}</p>
          <p className="mt-2">{shop.address}</p>
          <p className="mt-1">
            <a className="hover:text-accent" href={`mailto:${shop.email}`}>
              {shop.email}
            </a>
          </p>
          <p className="mt-1">
            <a className="hover:text-accent" href={`tel:${shop.phone.replace(/\s/g, '')}`}>
              {shop.phone}
            </a>
          </p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <p className="font-semibold text-ink">{t('footer.service')}</p>
          <ul className="mt-2">
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/parkplatz')}>
                {t('nav.airports')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/reservierung')}>
                {t('footer.find_reservation')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/faq')}>
                {t('faq.title')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/kontakt')}>
                {t('nav.contact')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/impressum')}>
                {t('footer.imprint')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/datenschutz')}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className="inline-block py-0.5 hover:text-accent" to={href('/agb')}>
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-ink">{t('footer.trust.title')}</p>
          <p className="mt-2">{t('footer.trust.text')}</p>
        </div>
      </div>
      <div className="container-page">
        <SampleDataNote where="footer" className="mb-4" />
      </div>
      <p className="container-page pb-8 text-xs text-muted">
        © {new Date().getFullYear()} {shop.name}. {t('footer.prices_note')}
      </p>
    </footer>
  );
}
