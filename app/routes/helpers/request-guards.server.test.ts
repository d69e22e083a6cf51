import { describe, expect, it } from 'vitest';
import { translator } from '~/i18n.server.ts';
import { isForeignOrigin, unreadableFormAnswer } from './request-guards.server.ts';

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

describe('isForeignOrigin (issue 31 item 9)', () => {
  const post = (origin?: string) =>
    new Request('http://shop.test/admin/abmelden', { method: 'POST', headers: origin ? { Origin: origin } : {} });

  it('passes no Origin, `null` and the own origin; refuses another origin and an Origin that is no URL', () => {
    expect(isForeignOrigin(post())).toBe(false);
    expect(isForeignOrigin(post('null'))).toBe(false);
    expect(isForeignOrigin(post('http://shop.test'))).toBe(false);
    expect(isForeignOrigin(post('https://evil.test'))).toBe(true);
    expect(isForeignOrigin(post('not a url'))).toBe(true);
  });
});
