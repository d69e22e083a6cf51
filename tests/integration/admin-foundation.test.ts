/**
 * The back office's foundation (issue 15 item 1): staff sessions apart from customer sessions, the 30-minute idle
 * time-out, the guard of `/api/admin` and of the `/admin` pages, and the audit log's secret-free rows.
 */
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../database/schema.ts';
import { loader as layoutLoader } from '../../app/routes/admin/layout.tsx';
import { loader as dashboardLoader } from '../../app/routes/admin/dashboard.tsx';
import { listAudit, recordAudit } from '../../app/services/backoffice/audit-log.server.ts';
import type { Session } from '../../server/session.server.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
const start = new Date('2026-11-21T09:00:00Z');

beforeAll(async () => {
  test = await createTestApp({ now: start });
});
afterAll(() => test.close());

const me = (cookie: string) =>
  supertest(test.app).get('/api/admin/me').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', cookie);

async function pageArgs(cookie: string, path = '/admin') {
  const session = (await test.ctx.sessions.load(undefined)) as Session;
  return {
    request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
    params: {},
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

describe('back office: staff sessions and the guard', () => {
  it('answers /api/admin with 401 JSON without a staff session, also for unknown paths', async () => {
    const none = await me('');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/Backoffice/);
    const unknown = await supertest(test.app)
      .get('/api/admin/does-not-exist')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('App-Language', 'en');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Please sign in to the back office.');
  });

  it('never takes a signed-in customer for staff', async () => {
    const client = await new ApiClient(test).start();
    const email = `kunde-${Date.now()}@example.com`;
    const signup = await client.post('auth/signup', {
      gender: false,
      firstname: 'Eva',
      lastname: 'Kunde',
      email,
      password: 'Ein sehr sicheres Passwort 42!',
      passwordConfirmation: 'Ein sehr sicheres Passwort 42!',
      terms: true,
    });
    expect(signup.status).toBe(201);
    expect((await me(client.cookie)).status).toBe(401);
  });

  it('grants access only after the second factor, and ends after 30 idle minutes', async () => {
    const member = await createStaffMember(test.ctx.db, { role: 'support' });
    const halfway = await staffCookie(test.ctx.db, member.id, start, { secondFactor: false });
    expect((await me(halfway)).status).toBe(401);

    const cookie = await staffCookie(test.ctx.db, member.id, start);
    const ok = await me(cookie);
    expect(ok.status).toBe(200);
    expect(ok.body.staff).toMatchObject({ staffId: member.id, role: 'support', operator: null });

    test.setNow(new Date(start.getTime() + 29 * 60 * 1000));
    expect((await me(cookie)).status).toBe(200);
    // 29 minutes after the last request, not after the sign-in: still in.
    test.setNow(new Date(start.getTime() + 58 * 60 * 1000));
    expect((await me(cookie)).status).toBe(200);
    test.setNow(new Date(start.getTime() + 89 * 60 * 1000));
    expect((await me(cookie)).status).toBe(401);
    test.setNow(start);
  });

  it('ends the sessions of a disabled account', async () => {
    const member = await createStaffMember(test.ctx.db, { role: 'admin' });
    const cookie = await staffCookie(test.ctx.db, member.id, start);
    expect((await me(cookie)).status).toBe(200);
    await test.ctx.db.update(staff).set({ disabledAt: start }).where(eq(staff.id, member.id));
    expect((await me(cookie)).status).toBe(401);
  });

  it('redirects a page request without a staff session to the sign-in, keeping the page', async () => {
    const answer = await layoutLoader(await pageArgs('', '/admin/reservierungen?q=AB')).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin/anmelden?next=%2Fadmin%2Freservierungen%3Fq%3DAB');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('shows the navigation the role may use', async () => {
    const operator = await createStaffMember(test.ctx.db, { role: 'operator', operator: 'ParkDirekt Rhein-Main GmbH' });
    const result = (await layoutLoader(await pageArgs(await staffCookie(test.ctx.db, operator.id, start)))) as {
      data: { nav: { path: string }[]; actor: { operator: string } };
    };
    const paths = result.data.nav.map((n) => n.path);
    expect(paths).toContain('/admin/checkin');
    expect(paths).not.toContain('/admin/gutscheine');
    expect(paths).not.toContain('/admin/mitarbeiter');
    expect(result.data.actor.operator).toBe('ParkDirekt Rhein-Main GmbH');
    const dashboard = (await dashboardLoader(await pageArgs(await staffCookie(test.ctx.db, operator.id, start)))) as {
      data: { lots: { operator: string }[] };
    };
    expect(new Set(dashboard.data.lots.map((l) => l.operator))).toEqual(new Set(['ParkDirekt Rhein-Main GmbH']));
  });
});

describe('back office: texts', () => {
  it('keeps the back office out of the public dictionary every visitor fetches', async () => {
    const res = await supertest(test.app).get('/translations/de.json');
    expect(res.status).toBe(200);
    expect(res.body['nav.home']).toBe('Startseite');
    expect(Object.keys(res.body).some((key) => key.startsWith('admin.'))).toBe(false);
  });
});

describe('back office: audit log', () => {
  it('records who, what, before and after, without secrets', async () => {
    const member = await createStaffMember(test.ctx.db, { role: 'admin' });
    await test.ctx.db.transaction(async (tx) => {
      await recordAudit(
        tx as never,
        { staffId: member.id },
        {
          action: 'staff.update',
          entity: 'staff',
          entityId: member.id,
          before: { role: 'support', passwordHash: '$argon2id$…', nested: { totpSecret: 'JBSWY3DP' } },
          after: { role: 'admin', passwordHash: '$argon2id$…' },
        },
        start,
      );
    });
    const [row] = await listAudit(test.ctx.db, { entity: 'staff', entityId: String(member.id) });
    expect(row).toMatchObject({
      staffEmail: member.email,
      action: 'staff.update',
      before: { role: 'support', nested: {} },
      after: { role: 'admin' },
    });
    const raw = await test.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(member.id)));
    expect(JSON.stringify(raw)).not.toMatch(/argon2|JBSWY3DP/);
  });
});
