/**
 * The address-autocomplete endpoint against a fake Photon server on 127.0.0.1 (real HTTP, real fetch, real
 * time-out), mounted like `index.ts` does it, with the JSON error handler of the API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context.server.ts';
import { addressAutocompleteRouter } from './address-autocomplete.ts';
import { HttpError } from './http.server.ts';

type Photon = { requests: URL[]; reply: (url: URL, res: http.ServerResponse) => void };
const photon: Photon = { requests: [], reply: () => {} };
let server: http.Server;
let photonUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    photon.requests.push(url);
    photon.reply(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  photonUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  photon.requests = [];
  photon.reply = (_url, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(FRANKFURT));
  };
});

const FRANKFURT = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {
        type: 'house',
        street: 'Hauptstraße',
        housenumber: '5a',
        postcode: '60311',
        city: 'Frankfurt am Main',
        countrycode: 'DE',
      },
    },
    {
      type: 'Feature',
      properties: {
        type: 'street',
        name: 'Hauptstraße',
        postcode: '60311',
        city: 'Frankfurt am Main',
        countrycode: 'DE',
      },
    },
    {
      type: 'Feature',
      properties: {
        type: 'street',
        name: 'Hauptstraße',
        postcode: '60311',
        city: 'Frankfurt am Main',
        countrycode: 'DE',
      },
    },
    {
      type: 'Feature',
      properties: { type: 'street', name: 'Main Street', postcode: '1000', city: 'Tokyo', countrycode: 'JP' },
    },
  ],
};

function app(env: { ADDRESS_AUTOCOMPLETE_URL?: string }, options?: { limit?: number }) {
  const warn = vi.fn();
  const ctx = { env, logger: { warn } } as unknown as AppContext;
  const a = express();
  a.use((req, res, next) => {
    res.locals.t = (key: string) => key;
    res.locals.locale = req.get('App-Language') === 'en' ? 'en' : 'de';
    next();
  });
  a.use(addressAutocompleteRouter(ctx, options));
  a.use((_req, _res, next) => next(new HttpError(404, 'api.error.not_found')));
  a.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = error as HttpError;
    for (const [k, v] of Object.entries(e.headers ?? {})) res.setHeader(k, v);
    res.status(e.status ?? 500).json(e.toJSON ? e.toJSON() : { message: String(error) });
  });
  return { app: a, warn };
}

describe('GET /address-autocomplete', () => {
  it('answers mapped, de-duplicated suggestions of the offered countries, cacheable privately for 5 minutes', async () => {
    const { app: a } = app({ ADDRESS_AUTOCOMPLETE_URL: photonUrl });
    const res = await supertest(a).get('/address-autocomplete').query({ q: ' Hauptstr ' }).set('App-Language', 'en');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toEqual({
      suggestions: [
        {
          street: 'Hauptstraße',
          streetNumber: '5a',
          postcode: '60311',
          city: 'Frankfurt am Main',
          country: 'DE',
          label: 'Hauptstraße 5a, 60311 Frankfurt am Main',
        },
        {
          street: 'Hauptstraße',
          postcode: '60311',
          city: 'Frankfurt am Main',
          country: 'DE',
          label: 'Hauptstraße, 60311 Frankfurt am Main',
        },
      ],
    });
    const asked = photon.requests[0]!;
    expect(asked.pathname).toBe('/api/');
    expect(asked.searchParams.get('q')).toBe('Hauptstr');
    expect(asked.searchParams.get('lang')).toBe('en');
    expect(asked.searchParams.get('limit')).toBe('5');
    expect(asked.searchParams.getAll('layer')).toEqual(['street', 'house']);

    // The same query again comes from the cache.
    await supertest(a).get('/address-autocomplete').query({ q: 'hauptstr' }).set('App-Language', 'en');
    expect(photon.requests).toHaveLength(1);
  });

  it('rejects a query shorter than 3 or longer than 100 characters, or none, with 422 on `q`', async () => {
    const { app: a } = app({ ADDRESS_AUTOCOMPLETE_URL: photonUrl });
    for (const q of ['ab', '  ab  ', 'x'.repeat(101)]) {
      const res = await supertest(a).get('/address-autocomplete').query({ q });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'validation.failed', errors: { q: ['feature.address.query_length'] } });
    }
    expect((await supertest(a).get('/address-autocomplete')).status).toBe(422);
    expect((await supertest(a).get('/address-autocomplete?q=abc&q=def')).status).toBe(422);
    expect(photon.requests).toHaveLength(0);
  });

  it('is 404 JSON when no geocoder is configured', async () => {
    const { app: a } = app({});
    const res = await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ message: 'api.error.not_found' });
  });

  it('answers {suggestions: []} and logs a warning when the provider fails or is down', async () => {
    const { app: a, warn } = app({ ADDRESS_AUTOCOMPLETE_URL: photonUrl });
    photon.reply = (_url, res) => {
      res.writeHead(503);
      res.end('maintenance');
    };
    let res = await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suggestions: [] });

    photon.reply = (_url, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"features": [');
    };
    res = await supertest(a).get('/address-autocomplete').query({ q: 'Hauptweg' });
    expect(res.body).toEqual({ suggestions: [] });
    expect(warn).toHaveBeenCalledTimes(2);

    // Nobody listens on the port at all.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { app: gone, warn: goneWarn } = app({ ADDRESS_AUTOCOMPLETE_URL: `http://127.0.0.1:${port}/api` });
    res = await supertest(gone).get('/address-autocomplete').query({ q: 'Hauptstr' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suggestions: [] });
    expect(goneWarn).toHaveBeenCalledTimes(1);
  });

  it('answers {suggestions: []} when the provider does not answer within the 2 s time-out', async () => {
    const { app: a, warn } = app({ ADDRESS_AUTOCOMPLETE_URL: photonUrl });
    photon.reply = () => {}; // never answers
    const started = Date.now();
    const res = await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' });
    expect(res.body).toEqual({ suggestions: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(warn.mock.calls[0]![0]).toMatchObject({ reason: 'timeout' });
  });

  it('rate-limits per IP with 429 and Retry-After', async () => {
    const { app: a } = app({ ADDRESS_AUTOCOMPLETE_URL: photonUrl }, { limit: 2 });
    expect((await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' })).status).toBe(200);
    expect((await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' })).status).toBe(200);
    const res = await supertest(a).get('/address-autocomplete').query({ q: 'Hauptstr' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });
});
