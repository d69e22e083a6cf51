/**
 * Answers of resource routes (downloads, the CSV export, the staff sign-out). Their refusals: React Router answers a
 * `data(null, { status })` thrown by a route without a page as the JSON text `null`, which is what a person who
 * followed a download link would then read. These answer the translated sentence as plain text instead
 * (issue 14: bad input gets a clear, translated message). Redirects pass unchanged.
 */
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import type { DocumentFile } from '~/services/documents/reservation-documents.server.ts';
import { BAD_TOKEN } from './form-kit.server.ts';

/** The sentence of a refusal's status, in the back office's or the shop's words. */
const MESSAGES: Record<number, string> = {
  403: 'admin.error.403.text',
  404: 'error.404.title',
  // A bad token: the form kit's status and message (the kit owns that answer).
  [BAD_TOKEN.status]: BAD_TOKEN.messageKey,
  429: 'api.error.rate_limited',
  503: 'api.error.unavailable',
};

/** A plain-text refusal: `status` with its translated sentence (or `message`), `headers` kept. */
export function textRefusal(
  status: number,
  locale: Locale,
  headers: HeadersInit,
  // Any other refusal of a GET without a page concerns the address it was asked with.
  messageKey = MESSAGES[status] ?? 'api.error.bad_url',
): Response {
  const all = new Headers(headers);
  all.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(translator(locale)(messageKey), { status, headers: all });
}

/**
 * Runs a resource route's loader and turns a thrown `data(…, { status ≥ 400 })` into {@link textRefusal} with the
 * same headers. Anything else (a file, a redirect, an unexpected error) passes unchanged.
 */
export async function withTextRefusals(locale: Locale, load: () => Promise<Response>): Promise<Response> {
  try {
    return await load();
  } catch (error) {
    const init =
      !(error instanceof Response) && error && typeof error === 'object' && 'init' in error
        ? (error as { init: ResponseInit | null }).init
        : null;
    if (init?.status && init.status >= 400) throw textRefusal(init.status, locale, init.headers ?? {});
    throw error;
  }
}

/** A reservation's document as a download (`attachment`, never sniffed), with `headers` (caching, robots). */
export function documentAnswer(file: DocumentFile, headers: Record<string, string>): Response {
  return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), {
    headers: {
      ...headers,
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
