/**
 * Issue 30 item 3: the airport page's "ab" prices are never lower than the tariffs page for the stay they name.
 * Each price is a link to the tariffs page for that stay; the test follows every link of three airports (without
 * JavaScript: the table and its links are plain server-rendered HTML) and compares the offer's total.
 */
import { expect, test } from '@playwright/test';

/** Integer cents of a German money text (`1.234,56 €` → 123456). */
function cents(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*),(\d{2})\s*€/.exec(text);
  if (!match) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll('.', '')) * 100 + Number(match[2]);
}

test.use({ javaScriptEnabled: false });

for (const slug of ['frankfurt', 'muenchen', 'hamburg']) {
  test(`${slug}: every "ab" price is what the tariffs page charges for the stay it names, never less`, async ({
    page,
  }) => {
    // one tariffs page per price shown (two stay lengths for every tariff of the airport)
    test.setTimeout(240_000);
    await page.goto(`/parkplatz/${slug}`);
    const overview = page.getByRole('region', { name: 'Tarife im Überblick' });
    const links = overview.getByRole('link', { name: /\b(1 Tag|8 Tage): ab .*€/ });
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(4);
    const prices: { tariff: string; days: string; cents: number; href: string; text: string }[] = [];
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      // the link's text: the tariff and the stay length (for screen readers), the price, the entry dates
      const text = (await link.textContent())!.replace(/\s+/g, ' ').trim();
      const match = /^(.*), (1 Tag|8 Tage): (ab .*€)\s*Einfahrt (.+)$/.exec(text);
      expect(match, text).not.toBeNull();
      prices.push({
        tariff: match![1],
        days: match![2],
        cents: cents(match![3]),
        href: (await link.getAttribute('href'))!,
        text: match![0],
      });
    }
    for (const price of prices) {
      // the stay the price names, as the link gives it to the tariffs page
      const url = new URL(price.href, 'http://shop.test');
      expect(url.pathname).toBe('/buchung/tarife');
      expect(url.searchParams.get('airport')).toBe(slug);
      const entry = url.searchParams.get('entry')!;
      const exit = url.searchParams.get('exit')!;
      const days = Math.round((Date.parse(exit.slice(0, 10)) - Date.parse(entry.slice(0, 10))) / 86_400_000) + 1;
      expect(days, price.text).toBe(price.days === '1 Tag' ? 1 : 8);

      await page.goto(price.href);
      const offer = page.getByRole('article', { name: price.tariff, exact: true });
      await expect(offer, price.text).toBeVisible();
      // offers further down are content-visibility: auto; Playwright counts skipped content as not visible
      await offer.scrollIntoViewIfNeeded();
      await expect(offer.getByRole('button', { name: /Buchen/ }), `${price.text}: bookable`).toBeVisible();
      const charged = cents(await offer.locator('[data-total-cents]').innerText());
      expect(charged, `${price.text} → ${price.href}`).toBeGreaterThanOrEqual(price.cents);
      // and for this stay the page's figure is the one charged, so "ab" is the real lowest, not a round-down
      expect(charged, price.text).toBe(price.cents);
    }
  });
}
