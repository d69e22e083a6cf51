/**
 * `GET /api/address-autocomplete?q=…` (ours, beside the calls of SPEC §7): address suggestions for the
 * billing-address autocomplete of `checkout.booking` (SPEC §2, "address autocomplete").
 *
 * - `q`: the typed text, 3–100 characters after trimming, given once; else 422 `{message, errors: {q: [text]}}`.
 * - `App-Language` picks the language of place names; only countries the checkout form offers are suggested.
 * - 200 `{suggestions: [{street, streetNumber?, postcode, city, country, label}]}`, at most 5, with
 *   `Cache-Control: private, max-age=300` (the browser may reuse an answer while the user edits the field).
 *   A failing provider answers 200 `{suggestions: []}` (see `geocoder.server.ts`): autocomplete never breaks the form.
 * - 404 (JSON) when `ADDRESS_AUTOCOMPLETE_URL` is not set: the feature is off (the page then does not load it).
 * - 429 with `Retry-After` above {@link ADDRESS_AUTOCOMPLETE_RATE} per client IP. Like `error-report.ts`, the
 *   counters live in memory per process (N processes → at most N × the limit): the limit only protects the
 *   provider's fair-use quota from floods, so the database stays out of a keystroke path.
 *
 * GET, so no CSRF token; `X-Requested-With` is required by the API middleware like everywhere under `/api`.
 */
import { Router } from 'express';
import { z } from 'zod';
import { ADDRESS_QUERY_LENGTH } from '~/domain/address-suggestion.ts';
import { COUNTRIES } from '~/domain/checkout-schema.ts';
import { createGeocoder, type Geocoder } from '~/services/checkout/geocoder.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiRateLimit } from './rate-limit.server.ts';
import { apiLocals, handle, HttpError, ValidationError } from './http.server.ts';

/** Requests allowed per IP and window (a typed address costs a handful: 250 ms debounce, 3+ characters). */
const ADDRESS_AUTOCOMPLETE_RATE = { limit: 60, windowMs: 60_000 } as const;
/** Suggestions per answer. */
const ADDRESS_SUGGESTION_LIMIT = 5;

const QuerySchema = z.object({
  q: z.string().trim().min(ADDRESS_QUERY_LENGTH.min).max(ADDRESS_QUERY_LENGTH.max),
});

/** Router for the address autocomplete (mounted under `/api`); `geocoder` replaces the configured one in tests. */
export function addressAutocompleteRouter(
  ctx: Pick<AppContext, 'env' | 'logger'>,
  options: { geocoder?: Geocoder; limit?: number; windowMs?: number } = {},
): Router {
  const router = Router();
  const url = ctx.env.ADDRESS_AUTOCOMPLETE_URL;
  const geocoder = options.geocoder ?? (url ? createGeocoder({ url, logger: ctx.logger }) : null);

  if (!geocoder) {
    router.get('/address-autocomplete', (_req, res, next) => {
      const t = apiLocals(res).t;
      next(new HttpError(404, t ? t('api.error.not_found') : 'Not found'));
    });
    return router;
  }

  const limiter = apiRateLimit({
    windowMs: options.windowMs ?? ADDRESS_AUTOCOMPLETE_RATE.windowMs,
    limit: options.limit ?? ADDRESS_AUTOCOMPLETE_RATE.limit,
  });

  router.get(
    '/address-autocomplete',
    limiter,
    handle(async (req, res) => {
      const { t, locale } = apiLocals(res);
      const parsed = QuerySchema.safeParse({ q: req.query.q });
      if (!parsed.success) {
        throw new ValidationError(t('validation.failed'), {
          q: [t('feature.address.query_length', ADDRESS_QUERY_LENGTH)],
        });
      }
      const suggestions = await geocoder.searchAddresses(parsed.data.q, {
        locale: locale ?? 'de',
        countryCodes: COUNTRIES,
        limit: ADDRESS_SUGGESTION_LIMIT,
      });
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Vary', 'App-Language');
      res.json({ suggestions });
    }),
  );
  return router;
}
