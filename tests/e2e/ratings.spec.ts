/**
 * Customer ratings (SPEC §2 "see ratings", "star rating shown as x/5", "read more / read less"; decisions 0014,
 * 0042): stars x/5 with a text alternative on index and airports.show, JSON-LD, read more toggling, the next page
 * of reviews with JavaScript (API) and without (link), the translate button; the demo reviews marked as sample
 * data with the statement how reviews are checked (§ 5b Abs. 3 UWG), and each offer with its own car park's rating.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { localDateTime, nearbyHydrated } from './pages.ts';

/** Waits until the client layer has mounted (its effects install `window.eapFlash`). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => typeof (window as { eapFlash?: unknown }).eapFlash === 'function');
}

const SUMMARY = /^\d,\d von 5 Sternen, \d+ Bewertungen$/;

/** The statement next to demo reviews: not checked, sample data, and no provider named (none is configured). */
async function expectDemoStatement(scope: Locator) {
  const statement = scope.getByRole('note').filter({ hasText: 'Nicht geprüft' });
  await expect(statement).toBeVisible();
  await expect(statement).toContainText('Beispieldaten');
  await expect(scope.getByText('Woher die Bewertungen stammen')).toBeVisible();
  await expect(scope).not.toContainText('eKomi');
}

test.describe('ratings', () => {
  test('index: the shop rating as stars x/5 with a text alternative, and its JSON-LD', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Das sagen unsere Kundinnen und Kunden' });
    await expect(section).toHaveAttribute('data-rating-id', 'eap-shop');
    const stars = section.getByRole('img', { name: SUMMARY });
    await expect(stars).toBeVisible();
    await expect(stars).toContainText(/^\d,\d\/5$/);
    // the hero's summary links to the section and says what it covers, marked as sample data
    const hero = page.getByRole('link', {
      name: /^\d,\d von 5 Sternen, \d+ Bewertungen\s*· alle Flughäfen\s*Beispieldaten$/,
    });
    await expect(hero).toHaveAttribute('href', '#bewertungen');
    await expectDemoStatement(section);
    await expect(section.getByRole('list', { name: 'Bewertungen, neueste zuerst' }).getByRole('listitem')).toHaveCount(
      10,
    );
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Organization',
      aggregateRating: { '@type': 'AggregateRating', bestRating: 5, worstRating: 0 },
    });
    expect(ld.aggregateRating.ratingCount).toBeGreaterThan(300);
  });

  test('airports.show: stars x/5, read more toggles, the next page loads through the API', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Kundenbewertungen' });
    // below the fold: the section hydrates as it nears the viewport (issue 11)
    await nearbyHydrated(section);
    await expect(section.locator('[data-rating-id="eap-fra"]').first()).toBeVisible();
    await expect(section.getByRole('img', { name: SUMMARY })).toContainText(/^\d,\d\/5$/);
    await expect(section.getByRole('img', { name: '5 von 5 Sternen' }).first()).toContainText('5/5');
    // the airport's figure is labelled as the airport's; demo reviews are marked and "not checked"
    await expect(
      page.getByRole('link', {
        name: /^\d,\d von 5 Sternen, \d+ Bewertungen\s*· alle Parkplätze am Flughafen Frankfurt\s*Beispieldaten$/,
      }),
    ).toBeVisible();
    await expect(
      section.getByText('Bewertungen zu allen Parkplätzen am Flughafen Frankfurt.', { exact: false }),
    ).toBeVisible();
    await expectDemoStatement(section);
    const reviewsList = section.getByRole('list', { name: 'Bewertungen, neueste zuerst' });
    await expect(reviewsList.getByRole('listitem').first().getByText('Beispieldaten')).toBeVisible();
    await expect(reviewsList.getByRole('listitem').filter({ hasText: 'Beispieldaten' })).toHaveCount(10);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Service', areaServed: { iataCode: 'FRA' } });

    // read more / read less
    const more = section.getByRole('button', { name: 'Weiterlesen' }).first();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const text = page.locator(`#${await more.getAttribute('aria-controls')}`);
    const clampedHeight = (await text.boundingBox())!.height;
    await more.click();
    const less = section.getByRole('button', { name: 'Weniger anzeigen' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    expect((await text.boundingBox())!.height).toBeGreaterThan(clampedHeight);
    await less.click();
    await expect(section.getByRole('button', { name: 'Weniger anzeigen' })).toHaveCount(0);
    expect((await text.boundingBox())!.height).toBe(clampedHeight);

    // more reviews: page 2 is appended, the focus moves to its first review
    const list = section.getByRole('list', { name: 'Bewertungen, neueste zuerst' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const firstIds = await list.locator('[data-review-id]').evaluateAll((els) => els.map((e) => e.dataset.reviewId));
    const api = page.waitForResponse((r) => r.url().endsWith('/api/ekomi-ratings/eap-fra/2') && r.status() === 200);
    await section.getByRole('link', { name: 'Weitere Bewertungen' }).click();
    await api;
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await expect(section.getByText(/^Seite 2 von \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/\/parkplatz\/frankfurt$/);
    const ids = await list.locator('[data-review-id]').evaluateAll((els) => els.map((e) => e.dataset.reviewId));
    expect(ids.slice(0, 10)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(20);
    await expect(list.locator('[data-review-id]').nth(10)).toBeFocused();
  });

  test('a review in another language translates and shows its original again', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    const english = page.locator('article[data-review-id]').filter({ hasText: 'Auf Englisch verfasst' }).first();
    // pinned by id: once translated, the article no longer says "Auf Englisch verfasst"
    const review = page.locator(`article[data-review-id="${await english.getAttribute('data-review-id')}"]`);
    await nearbyHydrated(review);
    const original = (await review.locator('[lang="en"]').textContent()) ?? '';
    await review.getByRole('button', { name: 'Übersetzen' }).click();
    await expect(review.getByText('Aus dem Englischen übersetzt')).toBeVisible();
    await expect(review.locator('[lang="de"]')).not.toHaveText(original);
    await review.getByRole('button', { name: 'Original anzeigen' }).click();
    await expect(review.locator('[lang="en"]')).toHaveText(original);
    await expect(review.getByRole('button', { name: 'Übersetzung anzeigen' })).toBeVisible();
  });

  test('without JavaScript: full texts and a link to the next page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/parkplatz/frankfurt');
    const section = page.getByRole('region', { name: 'Kundenbewertungen' });
    await expect(section.getByRole('button', { name: 'Weiterlesen' })).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Übersetzen' })).toHaveCount(0);
    // the sample badge and the statement are server-rendered: no JavaScript needed (decision 0042)
    await expectDemoStatement(section);
    await expect(section.locator('article[data-review-id]').first().getByText('Beispieldaten')).toBeVisible();
    const firstIds = await section
      .locator('[data-review-id]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.reviewId));
    await section.getByRole('link', { name: 'Weitere Bewertungen' }).click();
    await expect(page).toHaveURL(/\/parkplatz\/frankfurt\?bewertungen=2#bewertungen$/);
    const next = page.getByRole('region', { name: 'Kundenbewertungen' });
    await expect(next.getByRole('listitem')).toHaveCount(10);
    const ids = await next
      .locator('[data-review-id]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.reviewId));
    expect(ids.filter((id) => firstIds.includes(id))).toEqual([]);
    await expect(next.getByRole('link', { name: 'Neuere Bewertungen' })).toHaveAttribute(
      'href',
      '/parkplatz/frankfurt#bewertungen',
    );
    await context.close();
  });

  test('each offer shows its own car park rating; a car park without reviews shows none', async ({ page }) => {
    await page.goto(
      `/buchung/tarife?airport=frankfurt&entry=${localDateTime(14, '08:00')}&exit=${localDateTime(21, '18:00')}`,
    );
    const figures = new Map<string, string>();
    for (const card of await page.locator('article[data-tariff-id]').all()) {
      const lot = (await card.locator('p').filter({ hasText: ' · ' }).first().textContent())!.split(' · ')[0];
      const stars = card.getByRole('img', { name: /^Kundenbewertungen dieses Parkplatzes: \d,\d von 5 Sternen/ });
      if (lot === 'Parkhaus P2 Terminal 1') {
        await expect(stars).toHaveCount(0);
        continue;
      }
      await expect(stars).toContainText(/^\d,\d\/5$/);
      const summary = card.locator('[data-rating-id^="lot-"]');
      await expect(summary).toContainText(/\(\d+\)/);
      await expect(summary.getByText('Beispieldaten')).toBeVisible();
      figures.set(
        lot,
        `${await summary.getAttribute('data-rating-average')}/${await summary.getAttribute('data-rating-count')}`,
      );
    }
    // two car parks of one airport, two different figures (not the airport's on every card)
    expect(figures.size).toBe(3);
    expect(new Set(figures.values()).size).toBeGreaterThan(1);
    expect(page.locator('[data-rating-id="eap-fra"]')).toHaveCount(0);
    await expect(
      page.getByText('Die Sterne bei jedem Angebot zeigen die Bewertungen dieses Parkplatzes', { exact: false }),
    ).toBeVisible();
    await expectDemoStatement(page.locator('[data-lot-ratings-note]'));
  });

  test('English: the demo reviews say they are samples and not checked', async ({ page }) => {
    await page.goto('/en/parkplatz/frankfurt');
    const section = page.getByRole('region', { name: 'Customer reviews' });
    const statement = section.getByRole('note').filter({ hasText: 'Not checked' });
    await expect(statement).toContainText('Sample data');
    await expect(section).not.toContainText('eKomi');
  });
});
