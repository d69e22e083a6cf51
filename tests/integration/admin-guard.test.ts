/**
 * The back office's guard, everywhere (issue 15 "Done when"): every route of the `admin` layout and every other
 * `admin.*` route of app/routes.ts — read from the route config, so pages other areas add are covered without
 * touching this test — refuses its loader and its action without a staff session, with only a signed-in customer,
 * and with a staff session half-way through the sign-in (password given, no second factor): a redirect to the
 * sign-in. Route modules are called directly: on a real request React Router runs a child's loader beside the
 * layout's and an action without any loader, so each module must guard itself. Every path of the `/api/admin`
 * router (walked from Express's router stack) answers 401 the same way, for each of its methods.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { adminApiRouter } from '../../server/api/admin/router.ts';
import type { Session } from '../../server/session.server.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

/** Routes outside the guard on purpose: the sign-in steps and the one-time links (they work without a session). */
const PUBLIC_ADMIN_ROUTES = new Set([
  'admin.signin',
  'admin.second-factor',
  'admin.enrol',
  'admin.setup',
  'admin.invite',
  'admin.signout',
]);

type Entry = { id?: string; path?: string; file: string; index?: boolean; children?: Entry[] };
type Guarded = { id: string; file: string; path: string; underLayout: boolean };

/** Every guarded back-office route with its full path (`:lang?` dropped, German). */
function guardedRoutes(): Guarded[] {
  const out: Guarded[] = [];
  const walk = (entries: Entry[], prefix: string, underLayout: boolean) => {
    for (const entry of entries) {
      const path = [prefix, entry.path ?? ''].filter(Boolean).join('/');
      const id = entry.id ?? entry.file;
      const inAdmin = underLayout || id === 'admin';
      if ((inAdmin || id.startsWith('admin.')) && !PUBLIC_ADMIN_ROUTES.has(id)) {
        out.push({ id, file: entry.file, path: `/${path}`.replace(/\/+$/, '') || '/', underLayout: underLayout });
      }
      if (entry.children) walk(entry.children, path, inAdmin);
    }
  };
  walk(routes as Entry[], '', false);
  return out.map((r) => ({ ...r, path: r.path.replace(/^\/:lang\?/, '') || '/' }));
}

/** Route params for a path pattern: every `:param` gets a plausible value. */
function paramsOf(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/:(\w+)\??/g)].filter(([, n]) => n !== 'lang').map(([, n]) => [n, '1']));
}

let test: TestApp;
const now = new Date('2026-11-21T09:00:00Z');
let halfCookie: string;
let customer: ApiClient;

beforeAll(async () => {
  test = await createTestApp({ now });
  const member = await createStaffMember(test.ctx.db, { role: 'admin' });
  halfCookie = await staffCookie(test.ctx.db, member.id, now, { secondFactor: false });
  customer = await new ApiClient(test).start();
  const email = `kunde-guard-${Date.now()}@example.com`;
  const signup = await customer.post('auth/signup', {
    gender: false,
    firstname: 'Eva',
    lastname: 'Kunde',
    email,
    password: 'Ein sehr sicheres Passwort 42!',
    passwordConfirmation: 'Ein sehr sicheres Passwort 42!',
    terms: true,
  });
  expect(signup.status).toBe(201);
});
afterAll(() => test.close());

type Who = 'nobody' | 'customer' | 'half-signed-in staff';
const WHO: Who[] = ['nobody', 'customer', 'half-signed-in staff'];

/** Loader/action arguments of a request to `path` as `who`. */
async function argsFor(who: Who, route: Guarded, method: 'GET' | 'POST') {
  const session = (await test.ctx.sessions.load(who === 'customer' ? customer.cookie : undefined)) as Session;
  if (who === 'customer') expect(session.get('userId')).toBeDefined();
  const cookie = who === 'half-signed-in staff' ? halfCookie : who === 'customer' ? customer.cookie : '';
  const params = paramsOf(route.path);
  const url = `http://localhost${route.path.replace(/:(\w+)\??/g, (_m, n: string) => params[n] ?? '')}`;
  const body = new URLSearchParams({ _csrf: session.csrfToken, intent: 'x' });
  return {
    request: new Request(url, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      ...(method === 'POST' ? { body } : {}),
    }),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.7' }),
  } as never;
}

/** What a loader/action did: the redirect's target, or a description of anything else. */
async function outcome(fn: (args: never) => unknown, args: never): Promise<string> {
  try {
    const result = await fn(args);
    return `answered ${result instanceof Response ? result.status : JSON.stringify(result)?.slice(0, 80)}`;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return `redirect ${thrown.headers.get('Location')}`;
    }
    return `threw ${thrown instanceof Response ? thrown.status : String(thrown)}`;
  }
}

describe('every back-office page refuses anyone without a complete staff sign-in', () => {
  const guarded = guardedRoutes();

  it('finds the back-office routes in app/routes.ts', () => {
    const ids = guarded.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['admin', 'admin.dashboard', 'admin.staff', 'admin.audit']));
  });

  for (const route of guarded) {
    for (const who of WHO) {
      it(`${route.id} (${route.path}): ${who} is sent to the sign-in (loader and action)`, async () => {
        const mod = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as {
          loader?: (a: never) => unknown;
          action?: (a: never) => unknown;
          default?: unknown;
        };
        // A page without a loader of its own must at least sit under the guarded layout (its loader runs first).
        if (!mod.loader) expect(route.underLayout).toBe(true);
        const signIn = new RegExp(
          `^redirect /admin/anmelden\\?next=${encodeURIComponent(route.path.replace(/:(\w+)\??/g, '1')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        );
        if (mod.loader) expect(await outcome(mod.loader, await argsFor(who, route, 'GET'))).toMatch(signIn);
        if (mod.action) expect(await outcome(mod.action, await argsFor(who, route, 'POST'))).toMatch(signIn);
      });
    }
  }
});

/** Every method and path of an Express router, sub-routers included (Express 5 keeps the mount path as `rawPath`). */
function routerPaths(router: { stack: unknown[] }, prefix = ''): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const layer of router.stack as {
    route?: { path: string; methods: Record<string, boolean> };
    rawPath?: string;
    handle?: { stack?: unknown[] };
  }[]) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) out.push({ method, path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      out.push(...routerPaths(layer.handle as { stack: unknown[] }, prefix + mount));
    }
  }
  return out;
}

describe('every /api/admin path answers 401 without a complete staff sign-in', () => {
  it('walks the router and refuses each method and path for nobody, a customer and a half-signed-in member', async () => {
    const paths = routerPaths(adminApiRouter(test.ctx) as unknown as { stack: unknown[] });
    expect(paths).toContainEqual({ method: 'get', path: '/me' });
    const anonymous = await new ApiClient(test).start();
    for (const { method, path } of paths) {
      const url = `/api/admin${path.replace(/:(\w+)\??/g, '1')}`;
      for (const who of WHO) {
        const client = who === 'customer' ? customer : anonymous;
        const cookie = who === 'half-signed-in staff' ? `${client.cookie}; ${halfCookie}` : client.cookie;
        const agent = supertest(test.app);
        const res = await agent[method as 'get' | 'post' | 'put' | 'patch' | 'delete'](url)
          .set('Accept', 'application/json')
          .set('Content-Type', 'application/json')
          .set('X-Requested-With', 'XMLHttpRequest')
          .set('X-CSRF-TOKEN', client.csrfToken)
          .set('Cookie', cookie)
          .send(method === 'get' ? undefined : '{}');
        expect({ method, url, who, status: res.status }).toEqual({ method, url, who, status: 401 });
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    }
  });
});
