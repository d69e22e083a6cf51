// The test host (SPEC §7, issue 16): the e2e server runs with STAGING_HOST=staging.localhost (Chromium resolves
// *.localhost to the loopback) and STAGING_BASIC_AUTH (playwright.config.ts).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pageHydrated } from './pages.ts';

const CREDENTIALS = 'e2e:staging-Secret-7';
const AUTHORIZATION = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`;

function stagingUrl(baseURL: string | undefined, pathname: string): string {
  const url = new URL(pathname, baseURL);
  url.hostname = 'staging.localhost';
  return url.toString();
}

/** A GET to the e2e server with the given Host (Node's resolver need not know *.localhost). */
function hostRequest(baseURL: string | undefined, pathname: string, host: string, authorization?: string) {
  const url = new URL(pathname, baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.get(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { host, ...(authorization ? { authorization } : {}) },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      },
    );
    req.on('error', reject);
  });
}

/** Types into the home page's FAQ search box, which loads `GET /api/faq` through the API client. */
async function faqApiRequest(page: Page) {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/faq');
  await page
    .locator('[data-faq-search-box]')
    .getByRole('searchbox', { name: 'Häufige Fragen durchsuchen' })
    .pressSequentially('Schranke');
  return request;
}

test('the test host asks for its credentials, and its API client sends them', async ({ browser, baseURL }) => {
  // Without credentials (a browser would show its sign-in prompt here; headless Chromium just fails the load).
  const refused = await hostRequest(baseURL, '/', 'staging.localhost');
  expect(refused.status).toBe(401);
  expect(refused.headers['www-authenticate']).toMatch(/^Basic realm=/);
  expect((await hostRequest(baseURL, '/', 'staging.localhost', 'Basic ' + btoa('e2e:wrong'))).status).toBe(401);

  // The documents get the header from this route (as the browser would after its sign-in prompt); the API
  // calls are passed on as the page made them, so only the client layer can have added it.
  const context = await browser.newContext();
  const apiHeaders: Array<string | undefined> = [];
  await context.route(
    (url) => url.hostname === 'staging.localhost',
    (route) => {
      const headers = route.request().headers();
      if (new URL(route.request().url()).pathname.startsWith('/api/')) {
        apiHeaders.push(headers.authorization);
        return route.continue();
      }
      return route.continue({ headers: { ...headers, authorization: AUTHORIZATION } });
    },
  );
  const page = await context.newPage();
  const answer = await page.goto(stagingUrl(baseURL, '/'));
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  await expect(page.locator('meta[name="api-authorization"]')).toHaveAttribute('content', AUTHORIZATION);
  await pageHydrated(page);
  const api = await faqApiRequest(page);
  expect((await api.response())?.status()).toBe(200);
  expect(apiHeaders).toContain(AUTHORIZATION);
  expect(apiHeaders.every((h) => h === AUTHORIZATION)).toBe(true);
  await context.close();
});

test('other hosts carry no credential: not in the page head, not in API calls', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('meta[name="api-authorization"]')).toHaveCount(0);
  await pageHydrated(page);
  const api = await faqApiRequest(page);
  expect(api.headers().authorization).toBeUndefined();
  expect((await api.response())?.headers()['x-robots-tag']).toBeUndefined();
});

test('the production build contains no credential', () => {
  const encoded = Buffer.from(CREDENTIALS).toString('base64');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(path.resolve('build'));
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = fs.readFileSync(file, 'latin1');
    expect(text.includes('staging-Secret-7'), file).toBe(false);
    expect(text.includes(encoded), file).toBe(false);
  }
});
