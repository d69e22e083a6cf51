import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, isApiError } from './api.ts';

function setup(response: { status?: number; body?: string; url?: string } = {}) {
  const meta: Record<string, string> = { locale: 'en', 'csrf-token': 'tok-1' };
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => ({
    ok: (response.status ?? 200) < 300,
    status: response.status ?? 200,
    url: response.url ?? '',
    text: async () => response.body ?? '',
  }));
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    readMeta: (name) => meta[name] ?? '',
    writeMeta: (name, value) => {
      meta[name] = value;
    },
  });
  return { client, fetch, meta };
}

describe('api client (SPEC §7)', () => {
  it('sends the SPEC §7 headers, same-origin credentials and JSON', async () => {
    const { client, fetch } = setup({ body: '{"valid":true}' });
    await expect(client.checkout.validateTravel({ personCount: 1 })).resolves.toEqual({ valid: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/checkout/validate/travel');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"personCount":1}',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'App-Language': 'en',
        'X-CSRF-TOKEN': 'tok-1',
      },
    });
  });

  it("adds the test host's basic authorization only where the page head carries it (SPEC §7, issue 16)", async () => {
    const elsewhere = setup({ body: '{}' });
    await elsewhere.client.auth.check();
    expect(elsewhere.fetch.mock.calls[0][1]!.headers).not.toHaveProperty('Authorization');

    const staging = setup({ body: '{}' });
    staging.meta['api-authorization'] = 'Basic dGVzdDpzZWNyZXQ=';
    await staging.client.auth.check();
    await staging.client.checkout.validateTravel({ personCount: 1 });
    for (const [, init] of staging.fetch.mock.calls) {
      expect(init!.headers).toMatchObject({
        Authorization: 'Basic dGVzdDpzZWNyZXQ=',
        'X-Requested-With': 'XMLHttpRequest',
      });
    }
  });

  it('falls back to de and sends no body on GET', async () => {
    const { client, fetch, meta } = setup({ body: '{"authenticated":false}' });
    delete meta.locale;
    await client.auth.check();
    const init = fetch.mock.calls[0][1]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['App-Language']).toBe('de');
  });

  it('builds the SPEC §7 paths', async () => {
    const { client, fetch } = setup({ body: '{}' });
    await client.ekomiRatings(12);
    await client.ekomiRatings(12, 3);
    await client.ekomiTranslate('r/1');
    await client.databaseCheck('a@b.de');
    await client.auth.signout();
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/api/ekomi-ratings/12/1',
      '/api/ekomi-ratings/12/3',
      '/api/ekomi-ratings/translate/r%2F1',
      '/api/database/check/a%40b.de',
      '/api/auth/signout',
    ]);
  });

  it('refreshes the CSRF token when a response hands out a new one', async () => {
    const { client, fetch, meta } = setup({ body: '{"csrfToken":"tok-2"}' });
    await client.auth.signout();
    expect(meta['csrf-token']).toBe('tok-2');
    await client.auth.check();
    expect((fetch.mock.calls[1][1]!.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('tok-2');
  });

  it('rejects with ApiError carrying status, parsed body, url and content', async () => {
    const body = '{"message":"Ungültig","errors":{"email":["Pflichtfeld"]}}';
    const { client } = setup({ status: 422, body, url: 'http://shop/api/auth/signin' });
    const error = await client.auth.signin({ login: '', password: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 422)).toBe(true);
    const e = error as ApiError;
    expect(e.status).toBe(422);
    expect(e.body).toEqual({ message: 'Ungültig', errors: { email: ['Pflichtfeld'] } });
    expect(e.fieldErrors).toEqual({ email: ['Pflichtfeld'] });
    expect(e.message).toBe('Ungültig');
    expect(e.url).toBe('http://shop/api/auth/signin');
    expect(e.content).toBe(body);
  });

  it('handles non-JSON error bodies and empty success bodies', async () => {
    const bad = setup({ status: 502, body: '<html>Bad gateway</html>' });
    const error = (await bad.client.get('x').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBeNull();
    expect(error.message).toBe('HTTP 502');
    expect(error.url).toBe('/api/x');
    expect(error.content).toBe('<html>Bad gateway</html>');
    const empty = setup({ status: 204, body: '' });
    await expect(empty.client.errorReport({})).resolves.toBeNull();
  });

  it('passes extra headers (Idempotency-Key)', async () => {
    const { client, fetch } = setup({ body: '{}' });
    await client.checkout.submit({}, { headers: { 'Idempotency-Key': 'k1' } });
    expect((fetch.mock.calls[0][1]!.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });
});
