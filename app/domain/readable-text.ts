/**
 * Text the shop can store and send: no NUL byte (PostgreSQL's `text` refuses it, the query fails) and no lone
 * UTF-16 surrogate (not a character; the database driver would silently turn it into U+FFFD, so the stored text
 * would differ from the accepted one). Source: issue 14 item 3 (NUL bytes and lone surrogates in any text field
 * must be a 4xx that changes nothing, not a 500).
 */

/** Whether `text` holds a NUL byte or a lone surrogate (it is not "well-formed" Unicode text). */
export function isUnreadableText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any string in `value` (a parsed JSON body or form: object keys and values, array items, nested to any
 * depth) is unreadable text ({@link isUnreadableText}). Walks iteratively, so a deeply nested body cannot
 * overflow the stack.
 */
export function containsUnreadableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnreadableText(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (isUnreadableText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
