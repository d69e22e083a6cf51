import { describe, expect, it } from 'vitest';
import { translator } from '~/i18n.server.ts';
import { readForm, unreadableFormAnswer } from './form-kit.server.ts';

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

describe('unreadableFormAnswer (issue 14 item 3)', () => {
  const post = (body: BodyInit) => new Request('http://shop.test/kontakt', { method: 'POST', body });

  it('answers 400 with the translated message for a NUL byte in a value or a name, urlencoded or multipart', async () => {
    const form = new FormData();
    form.set('message', 'Hallo\u0000');
    for (const request of [
      post(new URLSearchParams('message=Hallo%00Welt')),
      post(new URLSearchParams('a%00=1')),
      post(form),
    ]) {
      const answer = await unreadableFormAnswer(request, 'en');
      expect(answer?.status).toBe(400);
      expect(await answer?.text()).toBe(translator('en')('api.error.bad_text'));
    }
  });

  it('leaves readable forms, other bodies and GET requests to the action, and the body readable', async () => {
    const request = post(new URLSearchParams('message=Gr%C3%BC%C3%9Fe'));
    expect(await unreadableFormAnswer(request, 'de')).toBeNull();
    expect((await request.formData()).get('message')).toBe('Grüße');
    const json = new Request('http://shop.test/kontakt', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":"\\u0000"}',
    });
    expect(await unreadableFormAnswer(json, 'de')).toBeNull();
    expect(await unreadableFormAnswer(new Request('http://shop.test/kontakt?a=%00'), 'de')).toBeNull();
  });
});
