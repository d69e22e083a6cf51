import { useEffect, useState } from 'react';
import { consentCookie, hasAnalyticsConsent, isCookieBarHidden, type Consent } from '~/client/cookies.ts';
import { useT } from '../i18n-context.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * The cookie bar (SPEC §2, §9, DESIGN §7): hidden when the cookie `eap_hide-cookie-bar` is set; accepting sets
 * it (value `all`, analytics allowed) as does "necessary only" (value `necessary`). The server renders it when
 * the request carried no choice (`shownByServer`), so it is part of the first paint instead of popping in after
 * hydration (issue 11: it became the page's largest paint); from hydration on the browser's cookie decides.
 * Without JavaScript it stays hidden (root.tsx `<noscript>`): no script, no analytics, nothing to consent to.
 * `onConsent(true)` runs on accept and on load when agreed before. On a phone the bar stands in the page's flow
 * above the header (`order-first`; app.css makes the body a column while it shows), so it never covers the
 * search button or a form (issue 12 item 5); wider, it is fixed to the bottom with room kept below the page.
 */
export function CookieBar({
  onConsent,
  shownByServer,
}: {
  onConsent: (agreed: boolean) => void;
  shownByServer: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    if (isCookieBarHidden(document.cookie)) onConsent(hasAnalyticsConsent(document.cookie));
  }, [onConsent]);

  // While hydrating, render what the server did; then the cookie (which may have changed in another tab) decides.
  if (chosen || (hydrated ? isCookieBarHidden(document.cookie) : !shownByServer)) return null;
  const choose = (consent: Consent) => {
    document.cookie = consentCookie(consent, window.location.protocol === 'https:');
    setChosen(true);
    onConsent(consent === 'all');
  };
  return (
    <section
      data-cookie-bar
      aria-label={t('cookie.label')}
      className="order-first border-b border-line bg-card sm:fixed sm:inset-x-0 sm:bottom-0 sm:z-40 sm:border-t sm:border-b-0 sm:bg-card/95 sm:shadow-[0_-4px_16px_rgba(0,0,0,0.08)] sm:backdrop-blur"
    >
      <div className="container-page flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-ink">
          {t('cookie.text')}{' '}
          <a className="text-accent underline" href={t('cookie.privacy.href')}>
            {t('cookie.privacy')}
          </a>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary text-sm"
            onClick={() => choose('necessary')}
            data-cookie-necessary
          >
            {t('cookie.necessary')}
          </button>
          <button type="button" className="btn-primary text-sm" onClick={() => choose('all')} data-cookie-accept>
            {t('cookie.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
