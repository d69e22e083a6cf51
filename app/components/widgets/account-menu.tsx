import { CircleUserRound, LogOut, Menu, X } from 'lucide-react';
import { useNavigate, useRevalidator } from 'react-router';
import { api } from '~/client/api.ts';
import { readHead } from '~/client/head.ts';
import { authenticated, flash, mobileNav, modals, t as translate } from '~/client/runtime.ts';
import { signOut } from '~/client/signout.ts';
import { localePath } from '~/i18n.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { closeDropdowns, Dropdown } from './dropdown.tsx';
import { useStore } from './use-store.ts';

/**
 * The header's account entry: signed out, a login link that opens the login modal (`#login` without
 * JavaScript); signed in, a dropdown with the account link and sign-out (SPEC §4 flow).
 */
export function AccountMenu({ initialAuthenticated }: { initialAuthenticated: boolean }) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const isAuthenticated = useStore(authenticated, initialAuthenticated);

  if (!isAuthenticated) {
    return (
      <a
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-ink hover:text-accent"
        href="#login"
        aria-label={t('nav.login')}
        aria-haspopup="dialog"
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

  const onSignOut = () =>
    signOut({
      signout: () => api.auth.signout(),
      setAuthenticated: (value) => authenticated.set(value),
      closeDropdown: closeDropdowns,
      flash: (input) => flash(input),
      t: translate,
      routeName: readHead().routeName,
      goToRoot: () => navigate(localePath(locale, '/')),
      refresh: () => revalidator.revalidate(),
    });

  return (
    <Dropdown
      id="account-menu"
      label={
        <>
          <CircleUserRound aria-hidden size={20} />
          <span className="hidden sm:inline">{t('nav.account')}</span>
        </>
      }
    >
      <a className="block rounded-lg px-3 py-2 text-sm hover:bg-accent-soft hover:text-accent" href={href('/konto')}>
        {t('nav.account')}
      </a>
      <button
        type="button"
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-accent-soft hover:text-accent"
        onClick={() => void onSignOut()}
        data-signout
      >
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
