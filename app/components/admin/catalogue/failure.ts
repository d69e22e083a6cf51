/** What a catalogue page adds to the form kit's failure (built by `catalogueExtra` in the routes' helpers). */
export type CatalogueExtra = {
  /** the price list the refusal belongs to (price list forms), else null */
  listId: string | null;
  /** the price cells as posted (refilled in the table) */
  cells: string[];
  /** a refused capacity reduction: one translated line per day */
  conflicts: string[];
  /** the sentence above the page (also when the refusal names fields) */
  summary: string;
};

/** What a refused catalogue form shows. */
export type CatalogueFailure = Omit<CatalogueExtra, 'summary'> & {
  intent: string;
  errors: Record<string, string>;
  message: string;
  values: Record<string, string>;
};

/**
 * A page's action answer as a {@link CatalogueFailure}: the kit's form message, else the catalogue's summary (a
 * CSRF refusal has no cells, conflicts, list or summary).
 */
export function failureOf(actionData: unknown): CatalogueFailure | null {
  if (!actionData || typeof actionData !== 'object' || !('message' in actionData)) return null;
  const answer = actionData as Partial<CatalogueExtra> & { message?: unknown };
  return {
    intent: '',
    listId: null,
    errors: {},
    values: {},
    cells: [],
    conflicts: [],
    ...(actionData as Partial<CatalogueFailure>),
    message: String(answer.message || answer.summary || ''),
  };
}
