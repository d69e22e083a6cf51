/**
 * The back office's dashboard, coupons and reviews in one short journey (issue 15 items 2, 6, 7): an admin creates
 * a coupon, a customer books with it in the shop, the dashboard and the coupon's page show that booking, a review
 * hidden in the back office disappears from the airport's public ratings; and the pages work without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './admin.ts';
import { bookViaApi } from './pages.ts';

/** The public ratings of Frankfurt as the widget's API answers them (count and the first page). */
async function frankfurtRatings(page: Page, ratingId: string) {
  const res = await page.request.get(`/api/ekomi-ratings/${ratingId}/1`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { count: number; reviews: { id: number; comment: string }[] };
}

test.describe('back office: dashboard, coupons, reviews', () => {
  test('a coupon made in the back office is used in the shop; the booking and a hidden review show', async ({
    page,
  }) => {
    await signInAsAdmin(page);

    // a new coupon, 15 % off
    await page.goto('/admin/gutscheine');
    await expect(page.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeVisible();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Gutschein anlegen' }) });
    await form.getByLabel('Code').fill('e2e-herbst');
    await form.getByLabel('Rabatt', { exact: true }).fill('150');
    await form.getByRole('button', { name: 'Gutschein anlegen' }).click();
    await expect(page.getByText('Bitte eine ganze Zahl von 1 bis 100.')).toBeVisible();
    await form.getByLabel('Rabatt', { exact: true }).fill('15');
    await form.getByRole('button', { name: 'Gutschein anlegen' }).click();
    await expect(page.getByRole('status')).toHaveText('Der Gutschein wurde angelegt.');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'E2E-HERBST' }) });
    await expect(card).toContainText('15 %');

    // the customer books with it (typed in lower case) in the shop
    const booking = await bookViaApi(page, {
      firstname: 'Greta',
      lastname: 'Gutschein',
      email: `gutschein-${Date.now()}@example.org`,
      couponCode: 'e2e-herbst',
      days: [40, 43],
    });

    // the dashboard lists it among the new reservations, linking to its back-office page
    await page.goto('/admin');
    const latest = page.getByRole('region', { name: 'Neue Reservierungen' });
    await expect(latest.getByRole('link', { name: booking.reference })).toHaveAttribute(
      'href',
      `/admin/reservierungen/${booking.reference}`,
    );
    await expect(page.getByRole('region', { name: 'Auslastung der nächsten 60 Tage' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Umsatz pro Monat (brutto)' })).toBeVisible();

    // the coupon's use
    await page.goto('/admin/gutscheine');
    await card.getByRole('link', { name: /Verwendung ansehen \(1\)/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verwendung von E2E-HERBST' })).toBeVisible();
    await expect(page.getByRole('link', { name: booking.reference })).toBeVisible();

    // hide Frankfurt's newest review: gone from the public ratings
    await page.goto('/admin/bewertungen');
    const option = page.locator('#reviews-scope option', { hasText: /^FRA – / });
    const ratingId = (await option.getAttribute('value')) ?? '';
    const before = await frankfurtRatings(page, ratingId);
    const newest = before.reviews[0];
    await page.getByLabel('Flughafen').selectOption(ratingId);
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    const item = page.getByRole('list', { name: 'Bewertungen' }).getByRole('listitem').first();
    await expect(item).toContainText(newest.comment.slice(0, 40));
    await item.getByRole('button', { name: /Verbergen/ }).click();
    await expect(page.getByRole('status')).toContainText('Die Bewertung ist verborgen.');
    await expect(page.getByRole('list', { name: 'Bewertungen' }).getByRole('listitem').first()).toContainText(
      'verborgen',
    );
    const after = await frankfurtRatings(page, ratingId);
    expect(after.count).toBe(before.count - 1);
    expect(after.reviews.map((r) => r.id)).not.toContain(newest.id);
    await page.goto('/parkplatz/frankfurt');
    await expect(page.getByText(newest.comment.slice(0, 40))).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the dashboard shows its numbers as a table, and a coupon can be disabled', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/admin');
      await page.getByText('Zahlen als Tabelle').click();
      const table = page.getByRole('table', { name: 'Belegte und verfügbare Stellplätze pro Tag' });
      await expect(table.getByRole('row')).toHaveCount(61);

      await page.goto('/admin/gutscheine');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'WILLKOMMEN10' }) });
      await card.getByRole('button', { name: /Deaktivieren/ }).click();
      await expect(page.getByRole('status')).toContainText('Der Gutschein wurde deaktiviert.');
      await expect(card).toContainText('deaktiviert');
      await card.getByRole('button', { name: /Aktivieren/ }).click();
      await expect(page.getByRole('status')).toHaveText('Der Gutschein ist wieder aktiv.');

      // a refused new coupon comes back as it was sent, its airports still ticked
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Gutschein anlegen' }) });
      await form.getByLabel('Code').fill('ohne-js');
      await form.getByLabel('Rabatt', { exact: true }).fill('150');
      await form.getByRole('checkbox', { name: /^FRA/ }).check();
      await form.getByRole('checkbox', { name: /^MUC/ }).check();
      await form.getByRole('button', { name: 'Gutschein anlegen' }).click();
      await expect(page.getByText('Bitte eine ganze Zahl von 1 bis 100.')).toBeVisible();
      await expect(form.getByLabel('Code')).toHaveValue('ohne-js');
      await expect(form.getByRole('checkbox', { name: /^FRA/ })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /^MUC/ })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /^HAM/ })).not.toBeChecked();
    });
  });
});
