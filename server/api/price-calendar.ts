/**
 * `GET /api/price-calendar/{airport}?days=7&from=YYYY-MM-DD` (issue 37 item 1, DESIGN §5): the price calendar of an
 * airport as JSON, `{airport, days, from, currency, dates: [{entryDate, soldOut, locked, categories}]}` — the same
 * numbers as the page `airports.calendar`. Unknown airport → 404, bad `days`/`from` → 422 with those field keys
 * (translated `{message, errors}` by the API's error handler).
 */
import { Router } from 'express';
import { priceCalendarBody } from '~/domain/price-calendar.ts';
import { loadPriceCalendar } from '~/services/catalogue/price-calendar.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** A query value as text; a repeated parameter (an array) is no valid value and reads as such. */
function queryText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : 'invalid';
}

/** Router of `price-calendar/{airport}`. */
export function priceCalendarRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/price-calendar/:airport',
    handle(async (req, res) => {
      const { airport, calendar } = await loadPriceCalendar(
        ctx.db,
        {
          airport: String(req.params.airport),
          query: { days: queryText(req.query.days), from: queryText(req.query.from) },
        },
        { now: ctx.now(), locale: apiLocals(res).locale },
      );
      await sendJson(res, 200, priceCalendarBody(calendar, airport.slug));
    }),
  );
  return router;
}
