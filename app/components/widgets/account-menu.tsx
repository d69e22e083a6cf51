import { CalendarCheck, CircleUserRound, LogOut, Menu, UserRound, X } from 'lucide-react';
import { useNavigate, useRevalidator } from 'react-router';
import { api } from '~/client/api.ts';
import { markSignedOut, type SignedInUser } from '~/client/auth-state.ts';
import { readHead } from '~/client/head.ts';
import { authenticated, flash, mobileNav, modals, signedInUser, t as translate } from '~/client/runtime.ts';
import { refreshAfterSignOut, signOut } from '~/client/signout.ts';
import { localePath } from '~/i18n.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { closeDropdowns, Dropdown } from './dropdown.tsx';
import { useHydrated } from './use-hydrated.ts';
import { useStore } from './use-store.ts';

/**
 * The header's account entry: signed out, a login link to `/anmelden` that opens the login modal instead when
 * JavaScript runs; signed in, the user's first name with a dropdown (account, reservations, sign out; SPEC §4
 * flow). Before hydration (and without JavaScript) the name is a plain link to the account page.
 */
export function AccountMenu({
  initialAuthenticated,
  initialUser,
}: {
  initialAuthenticated: boolean;
  initialUser: SignedInUser | null;
}) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const isAuthenticated = useStore(authenticated, initialAuthenticated);
  const user = useStore(signedInUser, null) ?? initialUser;
  const name = user?.firstname || t('nav.account');

  if (!isAuthenticated) {
    return (
      <a
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-ink hover:text-accent"
        href={href('/anmelden')}
        aria-label={t('nav.login')}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={(event) => {
          event.preventDefault();
          modals.open('login', event.currentTarget);
        }}
        data-login-link
      >
        <CircleUserRound aria-hidden size={20} />
        <span className="hidden sm:inline">{t('nav.login')}</span>
      </a>
    );
  }

  if (!hydrated) {
    return (
      <a
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-ink hover:text-accent"
        href={href('/konto')}
        data-account-link
      >
        <CircleUserRound aria-hidden size={20} />
        <span className="sr-only sm:not-sr-only sm:max-w-32 sm:truncate">{name}</span>
        <span className="sr-only"> – {t('nav.account')}</span>
      </a>
    );
  }

  const onSignOut = () =>
    signOut({
      signout: () => api.auth.signout(),
      setAuthenticated: (value) =>
        value ? authenticated.set(true) : markSignedOut({ authenticated, user: signedInUser }),
      closeDropdown: closeDropdowns,
      flash: (input) => flash(input),
      t: translate,
      routeName: readHead().routeName,
      goToRoot: () => navigate(localePath(locale, '/')),
      refresh: () => refreshAfterSignOut(window, () => void revalidator.revalidate()),
    });

  const item =
    'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-accent-soft hover:text-accent';
  return (
    <Dropdown
      id="account-menu"
      label={
        <>
          <CircleUserRound aria-hidden size={20} />
          <span className="sr-only sm:not-sr-only sm:max-w-32 sm:truncate" data-user-name>
            {name}
          </span>
          <span className="sr-only"> – {t('account.menu.label')}</span>
        </>
      }
    >
      <a className={item} href={href('/konto')} onClick={closeDropdowns}>
        <UserRound aria-hidden size={16} />
        {t('nav.account')}
      </a>
      <a className={item} href={`${href('/konto')}#reservierungen`} onClick={closeDropdowns}>
        <CalendarCheck aria-hidden size={16} />
        {t('account.menu.reservations')}
      </a>
      <button type="button" className={item} onClick={() => void onSignOut()} data-signout>
        <LogOut aria-hidden size={16} />
        {t('js.signout.button')}
      </button>
    </Dropdown>
  );
}

/** The mobile navigation toggle (SPEC §2); controls the element with id `controls`. */
export function MobileNavToggle({ controls }: { controls: string }) {
  const t = useT();
  const expanded = useStore(mobileNav, false);
  return (
    <button
      type="button"
      className="rounded-md p-2 text-ink hover:text-accent md:hidden"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={expanded ? t('js.nav.close') : t('js.nav.open')}
      onClick={() => mobileNav.set((v) => !v)}
      data-mobile-nav-toggle
    >
      {expanded ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
    </button>
  );
}

/** Whether the mobile navigation is expanded (for the element the toggle controls). */
export function useMobileNavOpen(): boolean {
  return useStore(mobileNav, false);
}
