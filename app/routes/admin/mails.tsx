import { data, Form } from 'react-router';
import { formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { shopContext } from '~/router-context.ts';
import { isMailStatus, MAIL_STATUSES } from '~/domain/mail-status.ts';
import { listMails, MAIL_PAGE_SIZE, retryMail } from '~/services/backoffice/admin-mails.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/mails';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';

/**
 * admin.mails (`/admin/mails`, issue 15 item 8, admin and support): the outbox newest first (`?status=`,
 * `?vor=<id>` the next page), and retrying a failed mail.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'mails');
  const { app } = args.context.get(shopContext);
  const params = new URL(args.request.url).searchParams;
  const raw = params.get('status');
  const status = isMailStatus(raw) ? raw : null;
  const beforeId = parseRowId(params.get('vor'));
  const list = await listMails(app.db, { status, beforeId });
  return data(
    {
      ...list,
      status,
      nextBefore: list.mails.length === MAIL_PAGE_SIZE ? list.mails.at(-1)!.id : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Retries a failed mail (`intent=retry`, `mailId`). */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'mails');
  if (refused) return refused;
  const { app, values, intent, t } = posted;
  try {
    if (intent === 'retry') {
      const id = parseRowId(values.mailId);
      if (id === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
      await retryMail(app, actor, id, app.now());
      const status = isMailStatus(values.status) ? `?status=${values.status}` : '';
      return await savedRedirect(posted, `/admin/mails${status}`, 'admin.mails.done.retried');
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return refusal(error, posted, { notFound: 'page' });
  }
}

export const headers = actionOrLoaderHeaders;

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

export default function AdminMails({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const { mails, counts, status } = loaderData;
  const link = (s: string | null) => href(`/admin/mails${s ? `?status=${s}` : ''}`);
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.mails.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.mails.title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('admin.mails.privacy')}</p>
      {actionData?.message && (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.message}
        </p>
      )}
      <nav aria-label={t('admin.mails.filter')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {[null, ...MAIL_STATUSES].map((s) => (
            <li key={s ?? 'all'}>
              <a
                href={link(s)}
                aria-current={status === s ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded border px-3 ${status === s ? 'border-ink bg-ink text-white' : 'border-line'}`}
              >
                {s ? t(`admin.mails.status.${s}`) : t('admin.mails.all')}{' '}
                {s ? `(${counts[s]})` : `(${counts.pending + counts.sent + counts.failed})`}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {mails.length === 0 ? (
        <p className="mt-4">{t('admin.mails.none')}</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={t('admin.mails.list')}>
          {mails.map((m) => (
            <li key={m.id} className="card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="break-words font-semibold">{m.subject}</h2>
                <span className={`rounded px-2 py-0.5 text-sm ${STATUS_STYLE[m.status] ?? ''}`}>
                  {t(`admin.mails.status.${m.status}`)}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">{t('admin.mails.to')}</dt>
                <dd className="break-all">{m.to}</dd>
                <dt className="text-muted">{t('admin.mails.kind')}</dt>
                <dd>
                  <code>{m.kind}</code>
                  {m.reference && (
                    <>
                      {' · '}
                      <a href={href(`/admin/reservierungen/${m.reference}`)} className="font-mono underline">
                        {m.reference}
                      </a>
                    </>
                  )}
                </dd>
                <dt className="text-muted">{t('admin.mails.queued')}</dt>
                <dd>{formatInstant(m.createdAt, locale)}</dd>
                {m.sentAt ? (
                  <>
                    <dt className="text-muted">{t('admin.mails.sent_at')}</dt>
                    <dd>{formatInstant(m.sentAt, locale)}</dd>
                  </>
                ) : (
                  m.status === 'pending' && (
                    <>
                      <dt className="text-muted">{t('admin.mails.next_attempt')}</dt>
                      <dd>{formatInstant(m.nextAttemptAt, locale)}</dd>
                    </>
                  )
                )}
                <dt className="text-muted">{t('admin.mails.attempts')}</dt>
                <dd>{m.attempts}</dd>
                {m.lastError && (
                  <>
                    <dt className="text-muted">{t('admin.mails.last_error')}</dt>
                    <dd className="break-words font-mono text-xs">{m.lastError}</dd>
                  </>
                )}
                <dt className="text-muted">{t('admin.mails.body')}</dt>
                <dd>{m.hasBody ? t('admin.mails.body_kept') : t('admin.mails.body_emptied')}</dd>
              </dl>
              {m.status === 'failed' && (
                <Form method="post" className="mt-3">
                  <CsrfField />
                  <input type="hidden" name="mailId" value={m.id} />
                  <input type="hidden" name="status" value={status ?? ''} />
                  <button type="submit" name="intent" value="retry" className="btn-primary min-h-11">
                    {t('admin.mails.retry')}
                    <span className="sr-only"> {m.subject}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {loaderData.nextBefore && (
        <p className="mt-4">
          <a
            className="btn-secondary inline-flex min-h-11 items-center"
            href={href(
              `/admin/mails?${new URLSearchParams({ ...(status ? { status } : {}), vor: String(loaderData.nextBefore) })}`,
            )}
          >
            {t('admin.mails.older')}
          </a>
        </p>
      )}
    </section>
  );
}
