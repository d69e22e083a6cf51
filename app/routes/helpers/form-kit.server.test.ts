import { describe, expect, it } from 'vitest';
import { readForm } from './form-kit.server.ts';

const session = { verifyCsrf: (token: string) => token === 'good' };

describe('readForm', () => {
  it('reads the fields without passwords and checks _csrf', async () => {
    const body = new URLSearchParams({ _csrf: 'good', login: 'a@b.de', password: 'secret' });
    const request = new Request('http://shop.test/anmelden', { method: 'POST', body });
    const { values, csrfOk } = await readForm(request, session);
    expect(values).toEqual({ login: 'a@b.de' });
    expect(csrfOk).toBe(true);
  });

  it('treats a body that is not a form as an empty form (refused by the CSRF check, not a 500)', async () => {
    const request = new Request('http://shop.test/anmelden', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"_csrf":"good"}',
    });
    const { values, csrfOk } = await readForm(request, session);
    expect(values).toEqual({});
    expect(csrfOk).toBe(false);
  });
});
