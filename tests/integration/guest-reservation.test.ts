// The guest reservation page's access decision (app/services/reservations/guest-reservation.server.ts) and how the route
// answers it: a mail token grants the session access once, only a session with access sees the reservation,
// and "no access" looks the same whether or not the reference exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantGuestAccess, hasGuestAccess } from '../../app/services/reservations/guest-access.server.ts';
import { openGuestReservation } from '../../app/services/reservations/guest-reservation.server.ts';
import { loader as documentLoader } from '../../app/routes/guest-reservation-document.tsx';
import { loader as pageLoader } from '../../app/routes/guest-reservation.tsx';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const newSession = () => test.ctx.sessions.load(undefined);
type Session = Awaited<ReturnType<typeof newSession>>;

describe('openGuestReservation (guest.reservation)', () => {
  it('sends another spelling of the reference to the canonical one before looking at the token', async () => {
    const { row, token } = await insertReservation(test.ctx.db);
    const session = await newSession();
    const sloppy = row.reference.toLowerCase();
    expect(await openGuestReservation(test.ctx.db, session, { reference: sloppy, token, locale: 'de' })).toEqual({
      kind: 'canonical',
      reference: row.reference,
    });
    expect(hasGuestAccess(session, row.reference)).toBe(false);
  });

  it('grants and saves access for the right token, then shows the reservation without a token', async () => {
    const { row, token } = await insertReservation(test.ctx.db);
    const session = await newSession();
    const input = { reference: row.reference, locale: 'en' as const };
    expect(await openGuestReservation(test.ctx.db, session, { ...input, token })).toEqual({ kind: 'granted' });

    const again = await test.ctx.sessions.load(await test.ctx.sessions.serializeCookie(session.id));
    expect(hasGuestAccess(again, row.reference)).toBe(true);
    const result = await openGuestReservation(test.ctx.db, again, { ...input, token: null });
    if (result.kind !== 'view') throw new Error(`expected the view, got ${JSON.stringify(result)}`);
    expect(result.reference).toBe(row.reference);
    expect(result.view).toMatchObject({ locale: 'en', reference: row.reference, status: 'confirmed' });
  });

  it('refuses a wrong or empty token, an unknown reference and a session without access alike', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const { token: otherToken } = await insertReservation(test.ctx.db);
    const session = await newSession();
    const open = (reference: string, token: string | null) =>
      openGuestReservation(test.ctx.db, session, { reference, token, locale: 'de' });

    expect(await open(row.reference, otherToken)).toEqual({ kind: 'not_found' });
    expect(await open(row.reference, '')).toEqual({ kind: 'not_found' });
    expect(await open('ZZZZZZZZ', otherToken)).toEqual({ kind: 'not_found' });
    expect(await open(row.reference, null)).toEqual({ kind: 'not_found' });
    expect(await open('ZZZZZZZZ', null)).toEqual({ kind: 'not_found' });
    expect(await open('not a reference', null)).toEqual({ kind: 'not_found' });
    expect(session.get('guestReservations')).toBeUndefined();
  });
});

describe('guest.reservation and guest.reservation.document loaders', () => {
  type Loader = (args: never) => Promise<unknown>;
  async function load(path: string, { loader = pageLoader as Loader, session = null as Session | null } = {}) {
    const url = new URL(path, 'http://shop.test');
    const reference = decodeURIComponent(
      url.pathname
        .replace(/\/dokument$/, '')
        .split('/')
        .pop()!,
    );
    const args = {
      request: new Request(url),
      params: { reference },
      context: routeContext({
        app: test.ctx,
        session: session ?? (await newSession()),
        cspNonce: '',
        clientIp: '127.0.0.1',
      }),
    };
    try {
      return await loader(args as never);
    } catch (thrown) {
      return thrown;
    }
  }

  it('sends a visitor without access to the lookup form with the reference filled in, existing or not', async () => {
    const { row } = await insertReservation(test.ctx.db);
    for (const [path, reference] of [
      [`/reservierung/${row.reference}`, row.reference],
      [`/reservierung/${row.reference.toLowerCase()}?token=wrong`, null],
      ['/reservierung/ZZZZZZZZ', 'ZZZZZZZZ'],
    ] as const) {
      const answer = (await load(path)) as Response;
      expect(answer.status).toBe(302);
      // another spelling goes to the canonical URL first (then here)
      const location = answer.headers.get('Location');
      if (reference) expect(location).toBe(`/reservierung?reference=${reference}`);
      else expect(location).toBe(`/reservierung/${row.reference}?token=wrong`);
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    }
    const junk = (await load('/reservierung/no%20reference!')) as Response;
    expect(junk.headers.get('Location')).toBe('/reservierung');
  });

  it('answers an existing and an unknown reference with the same private 404 for the document', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const answers = [
      await load(`/reservierung/${row.reference}/dokument`, { loader: documentLoader }),
      await load('/reservierung/ZZZZZZZZ/dokument', { loader: documentLoader }),
    ];
    for (const answer of answers) {
      expect(answer).toMatchObject({ type: 'DataWithResponseInit', data: null, init: { status: 404 } });
      expect(JSON.stringify(answer)).toBe(JSON.stringify(answers[0]));
    }
  });

  it('redirects a token link to the same URL without the token, keeping other parameters', async () => {
    const { row, token } = await insertReservation(test.ctx.db);
    for (const [suffix, loader] of [
      ['', pageLoader],
      ['/dokument', documentLoader],
    ] as const) {
      const answer = (await load(`/reservierung/${row.reference}${suffix}?a=1&token=${token}`, { loader })) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get('Location')).toBe(`/reservierung/${row.reference}${suffix}?a=1`);
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
      expect(answer.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    }
  });

  it('sends another spelling to the canonical URL of the page or of the document', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const sloppy = row.reference.toLowerCase();
    const page = (await load(`/reservierung/${sloppy}`)) as Response;
    expect(page.headers.get('Location')).toBe(`/reservierung/${row.reference}`);
    const doc = (await load(`/reservierung/${sloppy}/dokument`, { loader: documentLoader })) as Response;
    expect(doc.headers.get('Location')).toBe(`/reservierung/${row.reference}/dokument`);
  });

  it('with access, the page carries the reference and the document the reservation view', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const session = await newSession();
    grantGuestAccess(session, row.reference);
    const page = await load(`/reservierung/${row.reference}`, { session });
    expect(page).toMatchObject({ type: 'DataWithResponseInit', data: { reference: row.reference } });
    expect((page as { data: object }).data).not.toHaveProperty('view');
    const doc = await load(`/reservierung/${row.reference}/dokument`, { loader: documentLoader, session });
    expect(doc).toMatchObject({
      type: 'DataWithResponseInit',
      data: { view: { reference: row.reference } },
      init: { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } },
    });
  });

  it('shows the thank-you banner once, right after the booking (issue 12 item 5)', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const session = await newSession();
    grantGuestAccess(session, row.reference);
    session.set('bookedReference', row.reference);
    const first = (await load(`/reservierung/${row.reference}`, { session })) as { data: { thanks: boolean } };
    expect(first.data.thanks).toBe(true);
    // kept in the stored session: a reload (a new request) does not show it again
    const again = await test.ctx.sessions.load(await test.ctx.sessions.serializeCookie(session.id));
    expect(again.get('bookedReference')).toBeUndefined();
    const second = (await load(`/reservierung/${row.reference}`, { session: again })) as { data: { thanks: boolean } };
    expect(second.data.thanks).toBe(false);
  });
});
