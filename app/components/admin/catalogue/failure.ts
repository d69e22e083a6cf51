/** What a refused catalogue form shows (built by the routes' `catalogueRefusal`). */
export type CatalogueFailure = {
  intent: string;
  /** the price list the refusal belongs to (price list forms), else null */
  listId: string | null;
  errors: Record<string, string>;
  message: string;
  values: Record<string, string>;
  /** the price cells as posted (refilled in the table) */
  cells: string[];
  /** a refused capacity reduction: one translated line per day */
  conflicts: string[];
};

/** A page's action answer as a {@link CatalogueFailure} (a CSRF refusal has no cells, conflicts or list). */
export function failureOf(actionData: unknown): CatalogueFailure | null {
  if (!actionData || typeof actionData !== 'object' || !('message' in actionData)) return null;
  return {
    intent: '',
    listId: null,
    errors: {},
    values: {},
    cells: [],
    conflicts: [],
    ...(actionData as Partial<CatalogueFailure>),
    message: String((actionData as { message: unknown }).message ?? ''),
  };
}
