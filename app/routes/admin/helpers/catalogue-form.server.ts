/**
 * The catalogue pages' part of the form kit (issue 15 item 5, issue 32 item 1): what a refused catalogue form adds
 * to the kit's failure (`refusal(error, posted, { extra: catalogueExtra(…) })`), and the page a good post returns
 * to with its flash notice (`savedRedirect(posted, thisPage(posted.request), 'admin.catalogue.saved.…')`).
 */
import type { CatalogueExtra } from '~/components/admin/catalogue/failure.ts';
import type { Translate } from '~/i18n.server.ts';
import { CatalogueError } from '~/services/backoffice/admin-catalogue.server.ts';
import type { RequestError } from '~/services/request-error.server.ts';

/**
 * The catalogue's extras of a refused form: the price list it belongs to and the posted price cells (refilled in
 * the table), a refused capacity reduction's days as translated lines, and the page's summary sentence (the
 * catalogue shows one above the page even when the refusal names fields: "check the marked fields", or the
 * refusal's own sentence such as an overlapping season's names).
 */
export function catalogueExtra(
  t: Translate,
  form: { listId?: string | null; cells?: string[] } = {},
): (error: RequestError) => CatalogueExtra {
  return (error) => {
    const params = error instanceof CatalogueError ? error.params : undefined;
    return {
      listId: form.listId ?? null,
      cells: form.cells ?? [],
      conflicts:
        error instanceof CatalogueError
          ? error.conflicts.map((c) =>
              t('admin.catalogue.capacity.conflict_day', { day: c.day, booked: c.booked, capacity: c.capacity }),
            )
          : [],
      summary:
        error.messageKey === 'validation.failed' ? t('admin.catalogue.error.failed') : t(error.messageKey, params),
    };
  };
}

/** The page a catalogue form was posted from (path and query, language prefix included): where a good post returns. */
export function thisPage(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
