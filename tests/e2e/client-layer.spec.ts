/**
 * The client layer in the browser (issue 4; SPEC §2, §4, §8): hash shortcuts and modals, body scroll lock,
 * cookie bar, flash messages, global error reporting.
 */
import { expect, test, type Page } from '@playwright/test';
import { isReactManaged, pageHydrated } from './pages.ts';

/** Waits until the client layer has mounted (its effects install `window.eapFlash`). */
async function hydrated(page: Page) {
  await pageHydrated(page);
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe('client layer', () => {
  test('#login opens the login modal, #registrieren switches to register', async ({ page }) => {
    await page.goto('/#login');
    await hydrated(page);
    const login = page.locator('[data-modal="login"]');
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('role', 'dialog');
    await expect(page.getByRole('dialog', { name: 'Anmelden' })).toBeVisible();

    await page.evaluate(() => {
      window.location.hash = 'registrieren';
    });
    await expect(page.locator('[data-modal="register"]')).toBeVisible();
    await expect(login).toBeHidden();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
  });

  test('body scroll is hidden while a modal is open; Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    const loginLink = page.locator('[data-login-link]');
    await loginLink.click();
    await expect(page.locator('[data-modal="login"]')).toBeVisible();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-modal="login"]')).toBeHidden();
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
    await expect(loginLink).toBeFocused();
  });

  test('the cookie bar disappears after accept and stays away on reload', async ({ page, context }) => {
    await context.clearCookies();
    await page.goto('/');
    const bar = page.locator('[data-cookie-bar]');
    await expect(bar).toBeVisible();
    await bar.locator('[data-cookie-accept]').click();
    await expect(bar).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'eap_hide-cookie-bar')?.value).toBe('all');
    await page.reload();
    await hydrated(page);
    await expect(bar).toHaveCount(0);
    expect(await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown }).dataLayer))).toBe(true);
  });

  test('a click on the cookie bar before its scripts arrive is not lost', async ({ page, context }) => {
    await context.clearCookies();
    // Hold every script until the click has happened: the page shows, but nothing of it is hydrated yet.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/js/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Not "load": the held module preloads would keep it from firing.
    await page.goto('/', { waitUntil: 'commit' });
    const bar = page.locator('[data-cookie-bar]');
    const accept = bar.locator('[data-cookie-accept]');
    await accept.click();
    expect(await isReactManaged(accept)).toBe(false);
    await expect(bar).toBeVisible();
    release();
    await expect(bar).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'eap_hide-cookie-bar')?.value).toBe('all');
  });

  test('a flash message disappears after 5 s, or on click', async ({ page }) => {
    // The page's clock is the test's: its 5 s pass at once, no test waits for them.
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    // Stopped while the message shows, then moved on by hand: 4.9 s later it is there, 5.1 s later gone.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.evaluate(() => window.eapFlash!({ title: 'Hallo', message: 'Timed' }));
    const timed = page.locator('[data-flash="error"]', { hasText: 'Timed' });
    await expect(timed).toBeVisible();
    await page.clock.runFor(4900);
    await expect(timed).toBeVisible();
    await page.clock.runFor(200);
    await page.clock.resume();
    await expect(timed).toBeHidden();

    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('eap:flash', { detail: { message: 'Clicked', type: 'info' } })),
    );
    const clicked = page.locator('[data-flash="info"]', { hasText: 'Clicked' });
    await expect(clicked).toBeVisible();
    await clicked.click();
    await expect(clicked).toBeHidden({ timeout: 1000 });
  });

  test('an error thrown in the page reaches /api/error-report when debug is 0', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('meta[name="debug"]')).toHaveAttribute('content', '0');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/error-report') && r.method() === 'POST');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/error-report'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('e2e boom');
      }, 0);
    });
    const sent = await request;
    expect(sent.postDataJSON()).toMatchObject({
      type: 'TypeError',
      message: expect.stringContaining('e2e boom'),
      location: expect.stringContaining('/'),
    });
    expect(sent.headers()['x-requested-with']).toBe('XMLHttpRequest');
    expect((await response).status()).toBe(204);
  });

  test('an unhandled rejection is reported too', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/error-report'));
    await page.evaluate(() => {
      void Promise.reject(new RangeError('e2e rejection'));
    });
    expect((await request).postDataJSON()).toMatchObject({ type: 'RangeError', message: 'e2e rejection' });
  });

  test('an error thrown before hydration is buffered and reported once the reporter runs (issue 14)', async ({
    page,
  }) => {
    // A page script that fails while the HTML is parsed, long before the client layer exists: injected into
    // the answer with the response's own CSP nonce, right after the head's early handler.
    await page.route(
      (url) => url.pathname === '/faq',
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const nonce = /<script nonce="([^"]+)"/.exec(html)![1];
        const early = `<script nonce="${nonce}">throw new SyntaxError('e2e early boom for erika@example.com');</script>`;
        await route.fulfill({ response, body: html.replace('</head>', `${early}</head>`) });
      },
    );
    const request = page.waitForRequest((r) => r.url().endsWith('/api/error-report') && r.method() === 'POST');
    await page.goto('/faq?q=privat');
    expect((await request).postDataJSON()).toMatchObject({
      type: 'SyntaxError',
      message: 'e2e early boom for [email]',
      location: expect.not.stringContaining('?q='),
    });
  });
});
