/**
 * The one error type services throw for a refused request (DESIGN §5): 422 with field → translation keys
 * (field keys exactly as sent), or 409 for a conflict with the state of the shop (sold out, locked, no cart).
 * The JSON API turns it into `{message, errors?}`; page actions show its first message.
 */
export class RequestError extends Error {
  constructor(
    public readonly status: 409 | 422,
    /** translation key of the overall message */
    public readonly messageKey: string,
    /** wire field key → translation keys; empty for a 409 */
    public readonly fields: Record<string, string[]> = {},
  ) {
    super(messageKey);
    this.name = new.target.name;
  }

  /** Translation key of the first field message, else of the overall message (for a single-message form). */
  get firstMessageKey(): string {
    return Object.values(this.fields)[0]?.[0] ?? this.messageKey;
  }
}
