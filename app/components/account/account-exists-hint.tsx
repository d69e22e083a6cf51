import { useEffect, useState } from 'react';
import { api } from '~/client/api.ts';
import { modals } from '~/client/runtime.ts';
import { isEmail } from '~/domain/field-errors.ts';
import { useHref, useT } from '../i18n-context.tsx';

/** Wait after the last keystroke before asking (`database/check` is rate-limited). */
const DEBOUNCE_MS = 600;

/**
 * For guests on the checkout's billing step: when the typed e-mail has an account (`GET database/check/{email}`,
 * debounced), a hint offers to sign in (the login modal; `/anmelden` back to the booking without JavaScript).
 */
export function AccountExistsHint({ email }: { email: string }) {
  const t = useT();
  const href = useHref();
  const [exists, setExists] = useState<string | null>(null);
  useEffect(() => {
    if (!isEmail(email)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api
        .databaseCheck(email.toLowerCase())
        .then((answer) => {
          if (!controller.signal.aborted) setExists(answer.exists ? email : null);
        })
        .catch(() => undefined); // a failed check (429, offline) just shows no hint
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [email]);
  return (
    <div aria-live="polite">
      {exists !== null && exists === email ? (
        <p className="rounded-lg border border-line bg-accent-soft p-3 text-sm" data-account-exists>
          {t('account.checkout.account_exists')}{' '}
          <a
            className="font-medium text-accent underline"
            href={`${href('/anmelden')}?redirect=${encodeURIComponent(href('/buchung'))}`}
            onClick={(event) => {
              event.preventDefault();
              modals.open('login', event.currentTarget);
            }}
          >
            {t('account.checkout.login_link')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
