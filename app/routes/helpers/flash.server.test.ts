import { describe, expect, it } from 'vitest';
import { redirectWithFlash, type FlashMessage } from './flash.server.ts';

function fakeSession() {
  const log: string[] = [];
  let stored: FlashMessage | undefined;
  return {
    log,
    stored: () => stored,
    set(key: 'flash', value: FlashMessage) {
      log.push(`set:${key}`);
      stored = value;
    },
    async save() {
      log.push('save');
    },
  };
}

describe('redirectWithFlash', () => {
  it('sets the flash, saves the session before answering and redirects with the given headers', async () => {
    const session = fakeSession();
    const response = await redirectWithFlash(
      session,
      '/en/',
      { type: 'info', message: 'Your cart is empty.' },
      {
        headers: { 'Cache-Control': 'private, no-store' },
      },
    );
    expect(session.log).toEqual(['set:flash', 'save']);
    expect(session.stored()).toEqual({ type: 'info', message: 'Your cart is empty.' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/en/');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('redirectWithFlash after a new session id', () => {
  it('sets the cookie the save hands back', async () => {
    const session = { set() {}, save: async () => 'eap_session=abc.def; Path=/; HttpOnly' };
    const response = await redirectWithFlash(session, '/', { message: 'hi' }, { headers: { 'X-A': '1' } });
    expect(response.headers.get('Set-Cookie')).toBe('eap_session=abc.def; Path=/; HttpOnly');
    expect(response.headers.get('X-A')).toBe('1');
    expect(response.headers.get('Location')).toBe('/');
  });
});
