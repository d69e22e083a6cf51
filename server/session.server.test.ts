import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Database } from '#database/client.server.ts';
import { sendCookieOnIdChange, Session, SessionStore } from './session.server.ts';

const store = new SessionStore({ db: {} as Database, secret: 'x'.repeat(40), secure: false });

function appWith(change: (session: Session) => void, setOwnCookie = false) {
  const app = express();
  app.get('/', (_req, res) => {
    const session = new Session(store, 'old-id', {}, false);
    sendCookieOnIdChange(res, session, store);
    change(session);
    if (setOwnCookie) res.append('Set-Cookie', store.serializeCookie(session.id));
    res.redirect('/next');
  });
  return app;
}

describe('sendCookieOnIdChange', () => {
  it('adds the cookie of the new id when a page rotated the session', async () => {
    const res = await supertest(
      appWith((s) => {
        s.id = 'new-id';
      }),
    ).get('/');
    expect(res.status).toBe(302);
    expect(res.headers['set-cookie']).toEqual([store.serializeCookie('new-id')]);
  });

  it('adds nothing when the id stayed, and no duplicate when the action sent the cookie itself', async () => {
    expect((await supertest(appWith(() => undefined)).get('/')).headers['set-cookie']).toBeUndefined();
    const own = await supertest(
      appWith((s) => {
        s.id = 'new-id';
      }, true),
    ).get('/');
    expect(own.headers['set-cookie']).toEqual([store.serializeCookie('new-id')]);
  });
});

describe('SessionStore.parseCookie', () => {
  it('reads a signed id and treats an undecodable value as no cookie (issue 14: no 500 for `a%ZZ`)', () => {
    const cookie = store.serializeCookie('some-id').split(';')[0];
    expect(store.parseCookie(cookie)).toBe('some-id');
    expect(store.parseCookie(`other=1; ${cookie}`)).toBe('some-id');
    expect(store.parseCookie('eap_session=a%ZZ')).toBeNull();
    expect(store.parseCookie('eap_session=%E0%A4%A')).toBeNull();
    expect(store.parseCookie('eap_session=some-id.forged')).toBeNull();
    expect(store.parseCookie(undefined)).toBeNull();
  });
});

describe('the session cookie under HTTPS (issue 14)', () => {
  it('is __Host- prefixed, Secure, Path=/ and without Domain; the plain name is not read there', () => {
    const secure = new SessionStore({ db: {} as Database, secret: 'x'.repeat(40), secure: true });
    const cookie = secure.serializeCookie('some-id');
    expect(cookie).toMatch(/^__Host-eap_session=some-id\./);
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('; Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(secure.parseCookie(cookie.split(';')[0])).toBe('some-id');
    // a cookie without the prefix (e.g. planted over HTTP or by a subdomain) is not the session
    expect(secure.parseCookie(store.serializeCookie('some-id').split(';')[0])).toBeNull();
    expect(store.serializeCookie('some-id')).toMatch(/^eap_session=/);
  });
});
