import { expect, test, type Locator, type Page } from '@playwright/test';
import { localDateTime, pageHydrated, SearchPage } from './pages.ts';

/** Issue 12 item 5: the booking journey as a new customer meets it, polished. */

/** Screenshots at 390 px and 1280 px under /tmp/journey-<name>-<width>.png, for looking at the pages. */
async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/journey-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** True when `a` and `b` overlap on the screen (their bounding boxes intersect). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe('cookie bar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('never covers the search button or a form field, also when scrolled to them', async ({ page }) => {
    await new SearchPage(page).open();
    await pageHydrated(page);
    const bar = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: '/tmp/journey-cookie-index-390.png' });
    const form = page.getByRole('form', { name: /Parkplatz suchen/ });
    const button = form.getByRole('button', { name: /Angebote vergleichen/ });
    // Scrolled into view, the button (and every field of the form) is clear of the bar.
    for (const control of [button, form.getByLabel(/Flughafen/), form.getByLabel(/Rückkehr/)]) {
      await control.scrollIntoViewIfNeeded();
      expect(await overlaps(bar, control)).toBe(false);
    }
    // The foot of the page (the footer's newsletter form) can be scrolled above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const newsletter = page.getByRole('button', { name: 'Newsletter abonnieren' });
    expect(await overlaps(bar, newsletter)).toBe(false);
    await page.screenshot({ path: '/tmp/journey-cookie-footer-390.png' });
    // Wider, the bar stays at the window's bottom and the page keeps room below for it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await overlaps(bar, newsletter)).toBe(false);
    await page.screenshot({ path: '/tmp/journey-cookie-footer-1280.png' });
  });
});
