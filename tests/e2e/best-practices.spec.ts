import { expect, test, type Page } from '@playwright/test';
import { localDateTime } from './pages.ts';

// The checks behind Lighthouse's best-practices and image audits on the four pages `npm run audit:lighthouse`
// measures (issue 11), kept here so they hold between audits: no Content-Security-Policy violation and no
// console error, images in a modern format with their size in the markup.

const tariffs = () =>
  `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`;

/** Collects CSP violations (the page's `securitypolicyviolation` events) and console errors from now on. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `CSP ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

for (const [name, path] of [
  ['index', () => '/'],
  ['airports.show', () => '/parkplatz/frankfurt'],
  ['checkout.tariffs', tariffs],
] as const) {
  test(`${name}: no CSP violation, no console error`, async ({ page }) => {
    const problems = await watch(page);
    await page.goto(path());
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('checkout.booking: no CSP violation, also when the form validates in the browser', async ({ page }) => {
  await page.goto(tariffs());
  await page
    .locator('article[data-tariff-id]')
    .first()
    .getByRole('button', { name: /Buchen/ })
    .click();
  await expect(page).toHaveURL(/\/buchung$/);
  const problems = await watch(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-step-submit]')).toBeEnabled();
  // More child seats than persons: the browser refuses the step with the shared zod schema (zod's JIT probe
  // is what a strict CSP reports).
  const seats = page.getByRole('spinbutton', { name: /Kindersitze/ });
  await page.getByRole('spinbutton', { name: /Personen/ }).fill('1');
  await seats.fill('2');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  expect(problems).toEqual([]);
});

test('airports.show: images are WebP, AVIF or SVG and carry width and height', async ({ page }) => {
  await page.goto('/parkplatz/frankfurt');
  const images = await page.locator('main img').evaluateAll((nodes) =>
    nodes.map((n) => ({
      src: n.getAttribute('src') ?? '',
      width: n.getAttribute('width'),
      height: n.getAttribute('height'),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.src).toMatch(/\.(webp|avif|svg)(\?|$)/);
    expect(image.width, image.src).not.toBeNull();
    expect(image.height, image.src).not.toBeNull();
  }
});

// The style-src policy has no 'unsafe-inline' (issue 14): every other kind of page, scrolled to its end (blocks
// below the fold render only then), holds too.
for (const path of [
  '/parkplatz',
  '/faq',
  '/kontakt',
  '/impressum',
  '/anmelden',
  '/reservierung',
  '/en/parkplatz/frankfurt',
  '/parkplatz/frankfurt/preiskalender',
]) {
  test(`${path}: no CSP violation, no console error, to the end of the page`, async ({ page }) => {
    const problems = await watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
    }
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('without JavaScript: no CSP violation (the noscript style carries the nonce)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/parkplatz/frankfurt');
  await expect(page.locator('[data-cookie-bar]')).toBeHidden();
  expect(problems).toEqual([]);
  await context.close();
});
