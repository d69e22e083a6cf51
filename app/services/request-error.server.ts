/**
 * The one error type services throw for a refused request (DESIGN §5): 422 with field → translation keys
 * (field keys exactly as sent), 409 for a conflict with the state of the shop (sold out, locked, no cart),
 * 401 when a signed-in user is needed, 429 when a rate limit holds (with `retryAfterSeconds`, sent as
 * `Retry-After`). The JSON API turns it into `{message, errors?}`; page actions show its first message.
 */
export class RequestError extends Error {
  constructor(
    public readonly status: 401 | 404 | 409 | 422 | 429,
    /** translation key of the overall message */
    public readonly messageKey: string,
    /** wire field key → translation keys; empty for a 401, 409 or 429 */
    public readonly fields: Record<string, string[]> = {},
    /** for a 429: seconds until the limit's window ends (the `Retry-After` header) */
    public readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
    this.name = new.target.name;
  }

  /** Translation key of the first field message, else of the overall message (for a single-message form). */
  get firstMessageKey(): string {
    return Object.values(this.fields)[0]?.[0] ?? this.messageKey;
  }
}

/** The JSON body of a refused request (DESIGN §5): `{message}`, plus `errors` for a 422 with fields. */
export type RequestErrorBody = { message: string; errors?: Record<string, string[]> };

/**
 * The answer body of a refusal with every translation key translated: a 401, 409, 429 (or a 422 without fields) →
 * `{message}`; a 422 with fields → `{message, errors}` with the field keys exactly as sent. The one mapping
 * used by the API's error handler and by stored idempotent answers.
 *
 * @param t - translation lookup of the caller's language.
 * Source: DESIGN §5 (errors are `{"message", "errors"?: {field: string[]}}`).
 */
export function requestErrorBody(error: RequestError, t: (key: string) => string): RequestErrorBody {
  const fields = Object.entries(error.fields);
  if (error.status !== 422 || fields.length === 0) return { message: t(error.messageKey) };
  return {
    message: t(error.messageKey),
    errors: Object.fromEntries(fields.map(([field, keys]) => [field, keys.map((k) => t(k))])),
  };
}
