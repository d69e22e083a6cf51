import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { jpegWithGps } from '../fixtures/handover-images.ts';
import { signInAsStaff } from './admin.ts';
import { axeAtBothWidths, NO_VIOLATIONS } from './axe.ts';
import { bookViaApi, lookAt } from './pages.ts';

// Proof of handover (issue 36): staff record the car at check-in and check-out on a phone-sized page with photos and
// the odometer; the customer's reservation page shows both records and the kilometres driven; a reported problem
// reaches the back office, where support closes it.

/** Four sides and the odometer as JPEG files (with EXIF GPS, which the shop drops) in a folder of their own. */
function photoFiles(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handover-e2e-'));
  const names = ['front', 'back', 'left', 'right', 'odometer'];
  return Object.fromEntries(names.map((name) => [name, path.join(dir, `${name}.jpg`)]));
}

async function writePhotos(files: Record<string, string>) {
  const jpeg = await jpegWithGps(1200, 900);
  for (const file of Object.values(files)) fs.writeFileSync(file, jpeg);
}

/** Fills a card's handover fields: the odometer, the fuel level, the space and the five photos. */
async function fillHandover(card: Locator, files: Record<string, string>, km: string, fuel: string, space = '') {
  await card.getByLabel('Kilometerstand (km)').fill(km);
  await card.getByLabel('Tankfüllung (optional)').selectOption({ label: fuel });
  if (space) await card.getByLabel('Stellplatz / Zone (optional)').fill(space);
  await card.getByLabel('Front', { exact: true }).setInputFiles(files.front);
  await card.getByLabel('Heck', { exact: true }).setInputFiles(files.back);
  await card.getByLabel('Linke Seite', { exact: true }).setInputFiles(files.left);
  await card.getByLabel('Rechte Seite', { exact: true }).setInputFiles(files.right);
  await card.getByLabel('Kilometerstand (Tacho)', { exact: true }).setInputFiles(files.odometer);
}

async function openCard(page: Page, reference: string): Promise<Locator> {
  await page.goto(`/admin/checkin?code=${reference}`);
  const card = page.getByRole('article', { name: reference });
  await expect(card).toBeVisible();
  return card;
}

test('valet: staff record the handover on a phone, the customer sees both records and reports a problem', async ({
  browser,
}) => {
  const files = photoFiles();
  await writePhotos(files);
  const tag = `Valet${Date.now()}`;
  const guest = await browser.newContext();
  const customer = await guest.newPage();
  const { reference, redirect } = await bookViaApi(customer, {
    firstname: 'Vera',
    lastname: tag,
    email: `${tag.toLowerCase()}@example.com`,
    licensePlate: 'F-VA 36',
    category: 'valet',
  });

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await staffContext.newPage();
  await signInAsStaff(page, { role: 'support' });
  let card = await openCard(page, reference);
  // valet: the four sides, the odometer photo and the reading are required
  await expect(card.getByText('Fotos: Front, Heck, beide Seiten und Tacho sind Pflicht')).toBeVisible();
  await expect(card.getByLabel('Front', { exact: true })).toHaveAttribute('required', '');
  await expect(card.getByLabel('Front', { exact: true })).toHaveAttribute('capture', 'environment');
  await fillHandover(card, files, '12000', '3/4', 'V2 / 14');
  await lookAt(page, 'handover-check-in-form');
  expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Einfahrt erfassen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Einfahrt erfasst.' })).toBeVisible();
  card = page.getByRole('article', { name: reference });
  await expect(card.getByText('Auf dem Parkplatz')).toBeVisible();
  await expect(card.getByText('Steht auf: V2 / 14 · Kilometerstand bei der Einfahrt: 12.000 km')).toBeVisible();

  await fillHandover(card, files, '12012', '5/8');
  await card.getByRole('button', { name: 'Ausfahrt erfassen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ausfahrt erfasst.' })).toBeVisible();
  await expect(page.getByRole('article', { name: reference }).getByText('Abgefahren')).toBeVisible();

  // The customer's page: both records side by side, the kilometres driven, the photos on signed links.
  await customer.goto(redirect);
  const panel = customer.getByRole('region', { name: 'Übergabeprotokoll' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('12 km gefahren · Tankfüllung: −1/8')).toBeVisible();
  const entry = panel.getByRole('article').filter({ hasText: 'Einfahrt' });
  await expect(entry.getByText('12.000 km')).toBeVisible();
  await expect(entry.getByText('V2 / 14')).toBeVisible();
  await expect(panel.getByRole('img')).toHaveCount(10);
  const front = panel.getByRole('img', { name: 'Einfahrt: Front' });
  await front.scrollIntoViewIfNeeded();
  await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  expect(await front.getAttribute('src')).toMatch(/^\/uebergabe\/foto\/\d+\?v=customer&exp=\d+&sig=[\w-]{43}$/);
  await lookAt(customer, 'handover-customer');
  expect(await axeAtBothWidths(customer)).toEqual(NO_VIOLATIONS);

  await panel.getByText('Problem melden').click();
  await panel.getByLabel('Was ist Ihnen aufgefallen?').fill('Ein neuer Kratzer an der Fahrertür.');
  await panel.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(
    customer.getByRole('status').filter({ hasText: 'Danke, Ihre Meldung ist bei unserem Kundenservice.' }),
  ).toBeVisible();
  await customer.reload();
  await expect(
    customer
      .getByRole('region', { name: 'Übergabeprotokoll' })
      .getByText(/Ihre Meldung vom .* liegt unserem Kundenservice vor/),
  ).toBeVisible();

  // The back office: the records, the open report, closed by support.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/reservierungen/${reference}`);
  const section = page.getByRole('region', { name: 'Übergabeprotokoll' });
  await expect(section.getByText('12 km gefahren')).toBeVisible();
  await expect(section.getByText('Ein neuer Kratzer an der Fahrertür.')).toBeVisible();
  await expect(section.getByRole('img')).toHaveCount(10);
  await lookAt(page, 'handover-admin');
  expect(await axeAtBothWidths(page)).toEqual(NO_VIOLATIONS);
  await section.getByLabel('Notiz zur Klärung (optional)').fill('Vorschaden, auf dem Einfahrtsfoto zu sehen.');
  await section.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Meldung ist geschlossen.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Übergabeprotokoll' }).getByText('Ein neuer Kratzer')).toHaveCount(0);
  await staffContext.close();
  await guest.close();
});

test('without JavaScript, a shuttle car is checked in with one photo and its space', async ({ browser }) => {
  const files = photoFiles();
  await writePhotos(files);
  const tag = `Shuttle${Date.now()}`;
  const guest = await browser.newContext();
  const { reference } = await bookViaApi(await guest.newPage(), {
    firstname: 'Sam',
    lastname: tag,
    email: `${tag.toLowerCase()}@example.com`,
    category: 'shuttle',
  });
  await guest.close();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAsStaff(page, { role: 'support' });
  const card = await openCard(page, reference);
  await expect(card.getByText('Fotos (optional)')).toBeVisible();
  await card.getByLabel('Stellplatz / Zone (optional)').fill('P4 / 231');
  await card.getByLabel('Front', { exact: true }).setInputFiles(files.front);
  await card.getByRole('button', { name: 'Einfahrt erfassen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Einfahrt erfasst.' })).toBeVisible();
  await page.goto(`/admin/reservierungen/${reference}`);
  const section = page.getByRole('region', { name: 'Übergabeprotokoll' });
  await expect(section.getByText('P4 / 231')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Einfahrt: Front' })).toBeVisible();
  await context.close();
});
