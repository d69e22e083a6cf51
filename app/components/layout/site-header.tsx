import { Link, useLocation } from 'react-router';
import { otherLocale } from '~/domain/localized.ts';
import { localePath } from '~/i18n.ts';
import { AccountMenu, MobileNavToggle, useMobileNavOpen } from '../widgets/account-menu.tsx';
import { useHref, useLocale, useT } from '../i18n-context.tsx';

/** Same page in the other language: strips or adds the `/en` prefix (DESIGN §3). */
function switchLocalePath(pathname: string, search: string, target: 'de' | 'en'): string {
  const germanPath = pathname === '/en' ? '/' : pathname.replace(/^\/en(?=\/)/, '');
  return localePath(target, germanPath) + search;
}

export function SiteHeader({
  authenticated,
  user,
  shopName,
}: {
  authenticated: boolean;
  user: { firstname: string; lastname: string } | null;
  shopName: string;
}) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const location = useLocation();
  const other = otherLocale(locale);
  const mobileNavOpen = useMobileNavOpen();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skip')}
      </a>
      {/* h-16 plus the border is app.css's --site-header-height, which scrolling keeps clear (scroll-padding-top) */}
      <div className="container-page flex h-16 items-center gap-4">
        <Link to={href('/')} className="flex items-center gap-2 font-bold text-ink">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="text-lg tracking-tight">{shopName}</span>
          {/* visible name first, so the accessible name contains what sighted users see (WCAG 2.5.3) */}
          <span className="sr-only"> – {t('nav.home')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="ml-auto hidden items-center gap-1 md:flex" data-main-nav>
          <Link
            className="rounded-md px-3 py-2 font-medium text-ink hover:bg-accent-soft hover:text-accent"
            to={href('/parkplatz')}
          >
            {t('nav.airports')}
          </Link>
          <Link
            className="rounded-md px-3 py-2 font-medium text-ink hover:bg-accent-soft hover:text-accent"
            to={href('/faq')}
          >
            {t('nav.faq')}
          </Link>
          <Link
            className="rounded-md px-3 py-2 font-medium text-ink hover:bg-accent-soft hover:text-accent"
            to={href('/kontakt')}
          >
            {t('nav.contact')}
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-2">
          <a
            className="rounded-md px-2 py-2 text-sm font-semibold uppercase text-muted hover:text-accent"
            href={switchLocalePath(location.pathname, location.search, other)}
            hrefLang={other}
            lang={other}
          >
            {other}
            <span className="sr-only"> – {t('nav.language_switch')}</span>
          </a>
          <AccountMenu initialAuthenticated={authenticated} initialUser={user} />
          <MobileNavToggle controls="mobile-nav" />
        </div>
      </div>
      <nav
        id="mobile-nav"
        aria-label={t('nav.main_mobile')}
        className="border-t border-line md:hidden"
        hidden={!mobileNavOpen}
        data-mobile-nav
      >
        <div className="container-page flex flex-col gap-1 py-2 text-sm">
          <Link className="rounded-md px-3 py-2 font-medium text-ink" to={href('/parkplatz')}>
            {t('nav.airports')}
          </Link>
          <Link className="rounded-md px-3 py-2 font-medium text-ink" to={href('/faq')}>
            {t('nav.faq')}
          </Link>
          <Link className="rounded-md px-3 py-2 font-medium text-ink" to={href('/kontakt')}>
            {t('nav.contact')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
