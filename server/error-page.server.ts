/**
 * Failures outside the pages' own error boundary (issue 14 item 5): when the database is down, the session cannot
 * even be loaded, so React Router never runs. Such a request gets the shop's own small error page in its language
 * (German, English under `/en`), never Express's bare English text: 503 with `Retry-After` while the database is
 * unreachable, 500 for anything else (`isDatabaseUnavailable` tells the two apart).
 */
import type { ErrorRequestHandler } from 'express';
import { localePath, toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { escapeHtml } from '~/services/mail/mail-templates.server.ts';
import type { AppContext } from './context.server.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-availability.server.ts';

/** The request's own path and query for the "try again" link; never another host (`//evil.example`). */
function samePath(url: string, fallback: string): string {
  return /^\/(?![/\\])/.test(url) ? url : fallback;
}

/**
 * The last error handler of the app (after the pages): a self-contained HTML page (no script, no database, styles
 * inline under the response's CSP nonce) in the language of the path, `Cache-Control: no-store`. An error of a
 * request whose answer has begun is left to Express (it can only end the connection).
 */
export function pageErrorHandler(ctx: Pick<AppContext, 'env' | 'logger'>): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable) ctx.logger.warn({ err: error, path: req.path }, 'database unavailable');
    else ctx.logger.error({ err: error, path: req.path }, 'page error');
    const locale = toLocale(/^\/en(?:\/|$)/.test(req.path) ? 'en' : 'de');
    const t = translator(locale);
    const status = unavailable ? 503 : 500;
    const title = t(unavailable ? 'error.503.title' : 'error.500.title');
    const text = t(unavailable ? 'error.503.text' : 'error.500.text');
    const home = localePath(locale, '/');
    const nonce = String(res.locals.cspNonce ?? '');
    res.status(status);
    res.setHeader('Cache-Control', 'no-store');
    if (unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.type('html').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} – ${escapeHtml(ctx.env.SHOP_NAME)}</title>
<style nonce="${escapeHtml(nonce)}">body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#f5f7fa;color:#14202e}
main{max-width:36rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #d9e0e8;border-radius:1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}p{color:#4a5a6b;line-height:1.5}a{color:#0b5cad;font-weight:600}</style></head>
<body><main><p>${escapeHtml(ctx.env.SHOP_NAME)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(samePath(req.originalUrl, home))}">${escapeHtml(t('error.retry'))}</a> · <a href="${home}">${escapeHtml(t('error.back_home'))}</a></p></main></body></html>`);
  };
}
