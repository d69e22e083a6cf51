import express, { type NextFunction, type Request, type Response } from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context.server.ts';
import { errorReportRouter, scrubPii, truncate } from './error-report.ts';
import { type HttpError } from './http.server.ts';

function app(options?: { limit?: number }) {
  const warn = vi.fn();
  const ctx = { logger: { warn } } as unknown as AppContext;
  const a = express();
  a.use(express.json());
  a.use((_req, res, next) => {
    res.locals.t = (key: string) => key;
    next();
  });
  a.use(errorReportRouter(ctx, options));
  a.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = error as HttpError;
    for (const [k, v] of Object.entries(e.headers ?? {})) res.setHeader(k, v);
    res.status(e.status ?? 500).json(e.toJSON ? e.toJSON() : { message: 'x' });
  });
  return { app: a, warn };
}

describe('scrubPii', () => {
  it('removes emails and phone numbers', () => {
    expect(scrubPii('mail max.muster@example.de now')).toBe('mail [email] now');
    expect(scrubPii('call +49 69 90009 500 or 0171/1234567')).toBe('call [phone] or [phone]');
    expect(scrubPii('Loading chunk 12 failed (line 3456)')).toBe('Loading chunk 12 failed (line 3456)');
  });
  it('truncates', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});

describe('POST /error-report', () => {
  it('logs a scrubbed, truncated report and answers 204', async () => {
    const { app: a, warn } = app();
    const res = await supertest(a)
      .post('/error-report')
      .send({
        type: 'ApiError',
        location: 'https://shop/buchung?email=a@b.de',
        message: 'x'.repeat(5000),
        response: { url: '/api/checkout', status: 500, content: 'Kunde +49 170 1234567' },
      });
    expect(res.status).toBe(204);
    const logged = warn.mock.calls[0][0].clientError;
    expect(logged.location).toBe('https://shop/buchung?email=[email]');
    expect(logged.message).toHaveLength(1000);
    expect(logged.response).toEqual({ url: '/api/checkout', status: 500, content: 'Kunde [phone]' });
  });

  it('rejects an invalid body with 422', async () => {
    const { app: a, warn } = app();
    const res = await supertest(a).post('/error-report').send({ type: 'x' });
    expect(res.status).toBe(422);
    expect(warn).not.toHaveBeenCalled();
  });

  it('rate-limits per IP with 429 and Retry-After', async () => {
    const { app: a } = app({ limit: 2 });
    const body = { type: 'Error', location: 'l', message: 'm' };
    expect((await supertest(a).post('/error-report').send(body)).status).toBe(204);
    expect((await supertest(a).post('/error-report').send(body)).status).toBe(204);
    const res = await supertest(a).post('/error-report').send(body);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
