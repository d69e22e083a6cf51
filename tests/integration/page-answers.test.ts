/**
 * What every page answer must hold (issue 31 items 7, 8, 9): each document and each client navigation's data carries
 * the session's CSRF token, so each is `Cache-Control: private, no-store` (walked over every page route of the
 * build, German and English, with sample and unknown parameters); a signed-out visit of a private page with a huge
 * query string redirects to the sign-in with a short `Location`; a page post from another site is refused with 400
 * and logged below `error`, `/admin/abmelden` included.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { startPagesApp, type PagesApp } from './pages-app.ts';

let test: TestApp;
let pages: PagesApp;

beforeAll(async () => {
  test = await createTestApp();
  pages = await startPagesApp(test, { pageCacheSeconds: 60 });
}, 120_000);
afterAll(async () => {
  await pages?.close();
  await test?.close();
});

/** Sample values for the route parameters (real ones where the seed has them, unknown ones otherwise). */
const PARAMS: Record<string, string> = {
  airport: 'frankfurt',
  reference: 'ABCDEFGH',
  token: 'unknown-token',
  id: '1',
  tariffId: '1',
  document: 'rechnung',
  file: 'Rechnung-RE-2026-000001.pdf',
  session: 'unknown',
};

/** Every page path of the build: each route's full path with its parameters filled, in German and English. */
async function pagePaths(): Promise<string[]> {
  const build = await pages.hooks.serverBuild();
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    return route.parentId ? `${fullPath(route.parentId)}/${own}` : own;
  };
  const paths = new Set<string>();
  for (const id of Object.keys(build.routes)) {
    const pattern = fullPath(id).replace(/\/+/g, '/');
    for (const lang of ['', 'en']) {
      const path = pattern
        .replace(':lang?', lang)
        .replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x')
        .replace('*', 'gibt-es-nicht')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      paths.add(path.startsWith('/') ? path : `/${path}`);
    }
  }
  return [...paths].sort();
}

describe('Cache-Control of every page answer (item 7)', () => {
  it('is private, no-store on every HTML answer and every page data answer', async () => {
    const paths = await pagePaths();
    expect(paths.length).toBeGreaterThan(80);
    const checked: string[] = [];
    for (const path of [...paths, '/gibt-es-nicht', '/en/gibt-es-nicht', '/parkplatz/gibt-es-nicht']) {
      // twice: the first answer may be rendered, the second may come from the page cache
      for (let round = 0; round < 2; round++) {
        const res = await supertest(pages.app).get(path).set('Host', 'shop.test');
        if (!String(res.headers['content-type']).startsWith('text/html')) continue;
        expect(res.text, path).toContain('name="csrf-token"');
        expect(res.headers['cache-control'], `${path} → ${res.status}`).toBe('private, no-store');
        checked.push(path);
      }
      const data = await supertest(pages.app)
        .get(`${path === '/' ? '/_root' : path}.data`)
        .set('Host', 'shop.test');
      if (data.status < 300 && String(data.headers['content-type']).includes('x-script')) {
        expect(data.headers['cache-control'], `${path}.data → ${data.status}`).toBe('private, no-store');
      }
    }
    for (const path of [
      '/kontakt',
      '/impressum',
      '/datenschutz',
      '/agb',
      '/newsletter',
      '/gibt-es-nicht',
      '/en/kontakt',
    ]) {
      expect(checked, path).toContain(path);
    }
  }, 300_000);
});

describe('the sign-in redirect of a private page (item 8)', () => {
  it('stays under 4 KB with a huge query string and keeps the page to return to', async () => {
    for (const path of ['/konto/reservierungen/ABCDEFGH', '/en/konto/reservierungen/ABCDEFGH', '/konto']) {
      const res = await supertest(pages.app)
        .get(`${path}?a=1${'&'.repeat(7000)}`)
        .set('Host', 'shop.test');
      expect(res.status, path).toBe(302);
      const location = String(res.headers.location);
      expect(location.length, path).toBeLessThan(4096);
      expect(location, path).toBe(
        `${path.startsWith('/en/') ? '/en' : ''}/anmelden?redirect=${encodeURIComponent(path)}`,
      );
      const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
      expect(headerBytes, path).toBeLessThan(4096);
    }
    // a short query still travels along
    const short = await supertest(pages.app).get('/konto/reservierungen/ABCDEFGH?tab=2').set('Host', 'shop.test');
    expect(short.headers.location).toBe(
      `/anmelden?redirect=${encodeURIComponent('/konto/reservierungen/ABCDEFGH?tab=2')}`,
    );
  });
});

describe('a page post from another site (item 9)', () => {
  it('answers 400 and logs a warning, not an error, also on /admin/abmelden', async () => {
    const errors = vi.spyOn(test.ctx.logger, 'error');
    const warnings = vi.spyOn(test.ctx.logger, 'warn');
    try {
      for (const origin of ['https://evil.example', 'null%', 'not a url']) {
        for (const path of ['/kontakt', '/newsletter', '/admin/abmelden', '/en/admin/abmelden']) {
          const res = await supertest(pages.app)
            .post(path)
            .set('Host', 'shop.test')
            .set('Origin', origin)
            .type('form')
            .send('intent=x');
          expect(res.status, `${path} from ${origin}`).toBe(400);
        }
      }
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).toHaveBeenCalled();
      // the shop's own origin still signs out (no staff session: to the sign-in)
      const own = await supertest(pages.app)
        .post('/admin/abmelden')
        .set('Host', 'shop.test')
        .set('Origin', 'http://shop.test')
        .type('form')
        .send('');
      expect(own.status).toBe(419);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
