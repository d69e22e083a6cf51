import { data } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { auditChanges } from '~/domain/staff-auth.ts';
import { shopContext } from '~/router-context.ts';
import { auditEntities, listAudit } from '~/services/backoffice/audit-log.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/audit';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { intlLocale } from '~/domain/localized.ts';

/** Rows per page of the audit log. */
const PAGE_SIZE = 50;

/**
 * admin.audit (`/admin/protokoll?entity=&vor=`, permission `audit`): the audit log, newest first, 50 a page
 * (`vor`: the smallest id of the previous page), filtered by entity; each row's changed fields before → after.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'audit');
  const { app } = args.context.get(shopContext);
  const params = new URL(args.request.url).searchParams;
  const entities = await auditEntities(app.db);
  const entity = entities.includes(params.get('entity') ?? '') ? (params.get('entity') as string) : '';
  const before = Number(params.get('vor'));
  const rows = await listAudit(app.db, {
    entity: entity || undefined,
    beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE).map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    who: r.staffEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    changes: auditChanges(r.before, r.after),
  }));
  const older = rows.length > PAGE_SIZE ? page[page.length - 1].id : null;
  return data({ rows: page, entities, entity, older, paged: !!params.get('vor') }, { headers: PRIVATE_HEADERS });
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { rows, entities, entity, older, paged } = loaderData;
  const format = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  });
  const query = (extra: Record<string, string>) => {
    const p = new URLSearchParams({ ...(entity ? { entity } : {}), ...extra });
    const s = p.toString();
    return `${href('/admin/protokoll')}${s ? `?${s}` : ''}`;
  };
  return (
    <section className="grid gap-6">
      <title>{t('admin.meta.title', { page: t('admin.audit.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.audit.title')}</h1>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1">
          <span className="field-label">{t('admin.audit.filter.entity')}</span>
          <select name="entity" defaultValue={entity} className="field-input min-w-48">
            <option value="">{t('admin.audit.filter.all')}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary min-h-11">
          {t('admin.audit.filter.submit')}
        </button>
      </form>
      {rows.length === 0 ? <p>{t('admin.audit.empty')}</p> : null}
      <ol className="grid gap-3" aria-label={t('admin.audit.title')}>
        {rows.map((row) => (
          <li key={row.id} className="card grid gap-2 p-4 text-sm">
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              <time dateTime={row.at} className="font-semibold">
                {format.format(new Date(row.at))}
              </time>
              <span>{row.who ?? t('admin.audit.setup_link')}</span>
              <code className="rounded bg-accent-soft px-1">{row.action}</code>
              <span>
                {row.entity}
                {row.entityId ? ` #${row.entityId}` : ''}
              </span>
            </div>
            {row.changes.length ? (
              <dl className="grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
                {row.changes.map((c) => (
                  <div key={c.field} className="contents">
                    <dt className="font-medium">{c.field}</dt>
                    <dd className="break-all">
                      <del className="text-muted">{c.before ?? '–'}</del> →{' '}
                      <ins className="no-underline">{c.after ?? '–'}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
      <nav className="flex flex-wrap gap-3" aria-label={t('admin.audit.title')}>
        {paged ? (
          <a className="btn-secondary min-h-11" href={query({})}>
            {t('admin.audit.newest')}
          </a>
        ) : null}
        {older ? (
          <a className="btn-secondary min-h-11" href={query({ vor: String(older) })}>
            {t('admin.audit.older')}
          </a>
        ) : null}
      </nav>
    </section>
  );
}
