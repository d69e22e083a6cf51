import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translator } from '~/i18n.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { parseFields, readForm, refusal } from './form-kit.server.ts';

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

describe('parseFields', () => {
  const CouponSchema = z.object({
    code: z.string().trim().min(1, 'validation.required'),
    airportIds: z.array(z.string()),
  });
  const formOf = (pairs: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    return { form };
  };

  it('reads the last value of a field, a listed field as an array, and leaves _csrf out', () => {
    const posted = formOf([
      ['_csrf', 'good'],
      ['code', 'x'],
      ['code', 'SOMMER'],
      ['airportIds', '1'],
      ['airportIds', '2'],
    ]);
    expect(parseFields(posted, CouponSchema, ['airportIds'])).toEqual({ code: 'SOMMER', airportIds: ['1', '2'] });
    expect(parseFields(formOf([['code', 'A']]), CouponSchema, ['airportIds'])).toEqual({ code: 'A', airportIds: [] });
  });

  it('throws the 422 RequestError with the field keys, which refusal answers with translated messages', () => {
    let thrown: unknown;
    try {
      parseFields(formOf([['code', '  ']]), CouponSchema, ['airportIds']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestError);
    expect((thrown as RequestError).fields).toEqual({ code: ['validation.required'] });
    const t = translator('en');
    const answer = refusal(thrown, { t, intent: 'create', values: { code: '  ' } });
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toMatchObject({ intent: 'create', errors: { code: t('validation.required') }, message: null });
  });
});
