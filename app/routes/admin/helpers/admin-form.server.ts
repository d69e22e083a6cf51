/**
 * The shared start of a back-office form action (issue 15; dashboard, coupons, reviews, mails): the staff guard
 * with the page's permission, the posted form and its `_csrf` check, and how a refusal becomes the page's answer.
 */
import { data } from 'react-router';
import type { StaffPermission } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { readForm } from '../../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './staff-guard.server.ts';

/** What a refused back-office form shows: translated field messages, a form message, the values to refill. */
export type AdminFormFailure = {
  intent: string;
  errors: Record<string, string>;
  message: string | null;
  values: Record<string, string>;
};

type ActionArgs = Parameters<typeof requireStaff>[0];

/**
 * Guards the action (`requireStaff` with `permission`: redirect without a session, 403 without the permission),
 * reads the form and checks `_csrf`.
 *
 * @returns the actor, the app, the form, the refill values, the intent and a translator; or `failure`: the 419
 *   answer to return when the CSRF token is wrong.
 */
export async function startAdminAction(args: ActionArgs, permission: StaffPermission) {
  const actor = await requireStaff(args, permission);
  const { app, session } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  const failure = csrfOk
    ? null
    : data<AdminFormFailure>(
        { intent, errors: {}, message: t('auth.page.csrf'), values },
        { status: 419, headers: ADMIN_HEADERS },
      );
  return { actor, app, form, values, intent, t, locale, failure };
}

/**
 * A service's refusal as the page's answer: its status with translated field messages (or its message); a 404
 * is thrown (the back office's not-found page). Other errors are rethrown (500).
 */
export function adminRefusal(
  error: unknown,
  t: (key: string) => string,
  intent: string,
  values: Record<string, string>,
) {
  if (!(error instanceof RequestError)) throw error;
  if (error.status === 404) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const errors = Object.fromEntries(
    Object.entries(error.fields).map(([f, keys]) => [f, t(keys[0] ?? 'validation.invalid')]),
  );
  return data<AdminFormFailure>(
    { intent, errors, message: Object.keys(errors).length ? null : t(error.messageKey), values },
    { status: error.status, headers: ADMIN_HEADERS },
  );
}
