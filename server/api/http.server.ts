/**
 * HTTP errors of the JSON API (DESIGN §5): every error under `/api` is `{message, errors?}` JSON.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Locale } from '~/i18n.ts';
import type { Translate } from '~/i18n.server.ts';
import { requestErrorBody, type RequestError } from '~/services/request-error.server.ts';
import type { Session } from '../session.server.ts';

/** An error with an HTTP status; `message` is already translated for the caller's App-Language. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** The JSON body of the error. */
  toJSON() {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 422 with field keys exactly as sent, each with one or more translated messages. */
export class ValidationError extends HttpError {
  constructor(message: string, errors: Record<string, string[]>) {
    super(422, message, errors);
  }
}

/**
 * A service's refusal as the API's JSON error: 401, 409, 429 (or a 422 without fields) → `{message}` (a 429
 * with `Retry-After`); 422 with fields → `{message, errors}`, every translation key translated for the caller's
 * App-Language.
 */
export function requestErrorToHttp(error: RequestError, t: Translate): HttpError {
  const body = requestErrorBody(error, (key) => t(key));
  if (body.errors) return new ValidationError(body.message, body.errors);
  const headers =
    error.status === 429 ? { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60))) } : undefined;
  return new HttpError(error.status, body.message, undefined, headers);
}

/** Per-request API state, kept on `res.locals`. */
export type ApiLocals = { session: Session; locale: Locale; t: Translate };

/** Reads the API locals of a request (set by the API's session middleware). */
export function apiLocals(res: Response): ApiLocals {
  return res.locals as ApiLocals;
}

/** Wraps an async handler so its rejections reach the JSON error handler. */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

/** Saves the session (and sets its cookie when new), then sends `body` as JSON with `status`. */
export async function sendJson(res: Response, status: number, body: unknown): Promise<void> {
  const cookie = await apiLocals(res).session.save();
  if (cookie) res.append('Set-Cookie', cookie);
  res.status(status).json(body);
}

/**
 * The answer to a request body that cannot be read, or null when `error` is something else: body-parser's
 * refusals (413 too large, 415 unsupported charset or encoding, 400 broken JSON or body) and zlib's errors from
 * inflating a body declared gzip/deflate/br (Content-Encoding) that does not decompress (400). Every message is
 * translated. Source: issue 14 item 3 (never a 500 for an unreadable body; "too large" says so).
 */
export function unreadableBodyError(error: unknown, t: (key: string) => string): HttpError | null {
  if (isZlibError(error)) return new HttpError(400, t('api.error.bad_encoding'));
  if (!isBodyParserError(error)) return null;
  switch (error.type) {
    case 'entity.too.large':
      return new HttpError(413, t('api.error.too_large'));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, t('api.error.bad_encoding'));
    case 'entity.parse.failed':
      return new HttpError(400, t('api.error.bad_json'));
    case JSON_TOO_DEEP:
      return new HttpError(400, t('api.error.too_deep'));
    default:
      return new HttpError(error.status >= 400 && error.status < 500 ? error.status : 400, t('api.error.bad_body'));
  }
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

/** zlib's errors (`Z_DATA_ERROR`, `Z_BUF_ERROR`, …; Brotli's `ERR__…`) from inflating a request body. */
function isZlibError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return /^(Z_|ERR__)/.test(code);
}

/**
 * The deepest nesting of objects and arrays an API body may have (issue 31 item 5). The shop's own bodies nest two
 * levels; a body nested 3,000 times overflowed the stack of the recursive walks after the parser (the idempotency
 * key's canonical JSON answered 500), so the parser refuses it before any of them runs.
 */
const JSON_MAX_DEPTH = 32;

/** body-parser's error type for a body nested deeper than {@link JSON_MAX_DEPTH} (answered 400). */
const JSON_TOO_DEEP = 'entity.too.deep';

/**
 * Whether the JSON text in `body` (UTF-8 bytes, before parsing) nests objects and arrays deeper than `limit`.
 * Brackets inside strings do not count; a broken text is the parser's to refuse. One pass, stops at the first
 * level over the limit.
 */
function jsonNestsDeeperThan(body: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

/**
 * body-parser's `verify` hook for the API's JSON parser: refuses a body nested deeper than {@link JSON_MAX_DEPTH}
 * with a 400 error of type `entity.too.deep`, which {@link unreadableBodyError} translates.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonNestsDeeperThan(body, JSON_MAX_DEPTH)) {
    throw Object.assign(new Error('JSON nested too deeply'), { status: 400, type: JSON_TOO_DEEP });
  }
}
