/**
 * JSON logging with pino (DESIGN §1). Errors are logged as JSON objects with their stack (pino's error
 * serializer), never printed as text. Personal data and secrets stay out of the log (issue 14 item 8): request
 * secrets (cookies, CSRF token, authorization) and any `email`, `password`, `token` field are removed, and the
 * texts of a logged error (message, stack, database `detail`) have e-mail addresses and long opaque tokens
 * replaced, since drivers quote the offending values there (`Key (email)=(…) already exists`).
 */
import pino from 'pino';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** Session ids, CSRF and guest tokens, keys: base64url/hex runs of 32+ characters. */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;

/** Replaces e-mail addresses and long opaque tokens in a log text. */
export function scrubLogText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[token]');
}

/** pino's error serializer (type, message, stack, cause, own fields) with every text scrubbed. */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const key of ['message', 'stack', 'detail', 'where']) {
    if (typeof serialized[key] === 'string') serialized[key] = scrubLogText(serialized[key] as string);
  }
  return serialized;
}

/** Paths removed from every log line (pino `redact`). */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'email',
  'password',
  'token',
  '*.email',
  '*.password',
  '*.token',
];

/**
 * Creates the application logger; `level` as in pino (`silent` in tests). `destination` (tests) receives the
 * JSON lines instead of stdout.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, redact: { paths: REDACTED, remove: true }, serializers: { err: serializeError } }, destination);
}

/** The application logger type. */
export type Logger = ReturnType<typeof createLogger>;
