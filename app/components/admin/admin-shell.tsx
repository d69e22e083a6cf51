import { Form, NavLink } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { AdminFlash } from './admin-flash.tsx';

/** One entry of the back office's navigation: the German path (the locale prefix is added) and its text key. */
export type AdminNavItem = { path: string; label: string };

/**
 * The back office's frame (issue 15): a bar with the navigation the role may use, who is signed in and the
 * sign-out, and the session flash above the page; wraps on a tablet and a phone. Server-rendered; the sign-out is a
 * plain form.
 */
export function AdminShell({
  nav,
  email,
  role,
  children,
}: {
  nav: AdminNavItem[];
  email: string;
  role: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const href = useHref();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('nav.skip')}
      </a>
      <header className="border-b border-line bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <a href={href('/admin')} className="text-lg font-semibold">
            {t('admin.title')}
          </a>
          <nav aria-label={t('admin.nav.label')} className="order-3 w-full overflow-x-auto lg:order-none lg:w-auto">
            <ul className="flex gap-1">
              {nav.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={href(item.path)}
                    end={item.path === '/admin'}
                    className={({ isActive }) =>
                      `inline-flex min-h-11 items-center whitespace-nowrap rounded px-3 ${isActive ? 'bg-white/20 font-semibold' : 'hover:bg-white/10'}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden sm:inline">
              {t('admin.signed_in_as', { email, role: t(`admin.role.${role}`) })}
            </span>
            <Form method="post" action={href('/admin/abmelden')} reloadDocument>
              <CsrfField />
              <button type="submit" className="min-h-11 rounded border border-white/40 px-3 hover:bg-white/10">
                {t('admin.sign_out')}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <AdminFlash />
        {children}
      </main>
    </div>
  );
}
