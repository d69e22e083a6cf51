/**
 * The frame of the no-JS account pages (`/anmelden`, `/registrieren`, `/passwort-vergessen`, `/passwort/:token`,
 * `/konto/bestaetigen/:token`): a narrow column with the title, an intro, a card with the form (posting to the
 * page's action with `_csrf`) and links below.
 */
import { Form, useNavigation } from 'react-router';
import { useHref, useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { FormMessage } from './auth-fields.tsx';

/** A post form to the current page's action with `_csrf`, a form message and a submit button. */
export function PageForm({
  name,
  intent,
  message,
  submit,
  danger = false,
  children,
  className = 'grid gap-5',
}: {
  name: string;
  intent?: string;
  message?: string | null;
  submit: string;
  danger?: boolean;
  children?: React.ReactNode;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && (!intent || navigation.formData?.get('intent') === intent);
  return (
    <Form method="post" className={className} noValidate data-page-form={name}>
      <CsrfField />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormMessage message={message} />
      {children}
      <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy} aria-busy={busy}>
        {submit}
      </button>
    </Form>
  );
}

/** A link to another account page (localized). */
export function PageLink({ to, children }: { to: string; children: React.ReactNode }) {
  const href = useHref();
  return (
    <a className="font-medium text-accent underline-offset-2 hover:underline" href={href(to)}>
      {children}
    </a>
  );
}

/** Title, intro, the form card and the links under it. */
export function AuthPage({
  title,
  intro,
  children,
  links,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
  links?: React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        <section className="card mt-6 p-5 sm:p-6">{children}</section>
        {links ? (
          <nav aria-label={t('auth.page.more')} className="mt-4 flex flex-col items-start gap-2 text-sm">
            {links}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
