import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { localDateTime } from './pages.ts';

const LEGAL_PAGES = [
  { path: '/impressum', title: 'Impressum' },
  { path: '/datenschutz', title: 'Datenschutzerklärung' },
  { path: '/agb', title: 'Allgemeine Geschäftsbedingungen' },
  { path: '/en/impressum', title: 'Legal notice' },
  { path: '/en/datenschutz', title: 'Privacy policy' },
  { path: '/en/agb', title: 'Terms and conditions' },
] as const;

/** Widths by which the page and its main heading are wider than their boxes (0 = nothing overflows). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const h1 = document.querySelector('h1')!;
    return { page: root.scrollWidth - root.clientWidth, heading: h1.scrollWidth - h1.clientWidth };
  });
}

test.describe('legal pages at 390 and 1280 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  for (const { path, title } of LEGAL_PAGES) {
    test(`${path}: heading in view, no horizontal overflow, no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      // One load, both widths: the layout is CSS media queries, so the page resized is the page at that width.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        expect(await overflow(page), `${width} px`).toEqual({ page: 0, heading: 0 });
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      }
    });
  }
});

test('the Impressum names managing directors, register court and number, and says it is sample data', async ({
  page,
}) => {
  await page.goto('/impressum');
  const main = page.getByRole('main');
  await expect(main.getByText('Parkplatz-Shop GmbH', { exact: true })).toBeVisible();
  await expect(main.getByText('Geschäftsführung: Erika Mustermann, Max Mustermann')).toBeVisible();
  await expect(main.getByText('Registergericht: Amtsgericht Frankfurt am Main')).toBeVisible();
  await expect(main.getByText('Registernummer: HRB 000000')).toBeVisible();
  await expect(main.getByText('Telefon: +49 69 90009 500')).toBeVisible();
  await expect(main.getByRole('note')).toContainText('Bundesnetzagentur');
});

test('the privacy policy lists the map tile host and the configured geocoder, and no service that is off', async ({
  page,
}) => {
  await page.goto('/datenschutz');
  const recipients = page.getByRole('region', { name: 'Empfänger und Dienstleister' });
  await expect(recipients.getByRole('term')).toHaveText([
    'Parkplatzbetreiber',
    'Hosting',
    'Karte',
    'Adressvorschläge',
    // the e2e server signs Apple Wallet passes (playwright.config.ts, tests/e2e/wallet.spec.ts)
    'Apple Wallet',
    'E-Mail-Versand',
    'Zahlungsabwicklung',
    'Reichweitenmessung',
    'Flugstatus',
  ]);
  await expect(recipients).toContainText('tile.openstreetmap.org (OpenStreetMap Foundation, Vereinigtes Königreich)');
  // the e2e server sets ADDRESS_AUTOCOMPLETE_URL=http://127.0.0.1:9/ (playwright.config.ts)
  await expect(recipients).toContainText('an 127.0.0.1, um passende Adressen vorzuschlagen');
  await expect(recipients).toContainText('Es ist kein externer E-Mail-Dienstleister eingebunden.');
  await expect(page.getByRole('main')).not.toContainText(/eKomi|Stripe/);
});

test('sample data are marked: footer, airport page, airport notice and the operator on each offer card', async ({
  page,
}) => {
  await page.goto('/parkplatz/frankfurt');
  await expect(page.getByRole('contentinfo').getByRole('note')).toContainText('Beispieldaten');
  // the page's note (the reviews carry a note of their own, issue 30)
  await expect(
    page.getByRole('main').getByRole('note').filter({ hasText: 'Betreiber, Preise, Hinweise' }),
  ).toBeVisible();
  await expect(page.locator('[data-airport-comment]')).toContainText('Beispieldaten');
  // the tariffs overview says how the distance is travelled
  const overview = page.getByRole('region', { name: 'Tarife im Überblick' }).first();
  await expect(overview).toContainText('5,2 km (Straße)');
  await expect(overview).toContainText('Fußweg');

  await page.goto(
    `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`,
  );
  const shuttle = page.locator('article[data-tariff-category="shuttle"]').first();
  await expect(shuttle).toContainText('km zum Terminal (Straße)');
  await expect(shuttle).toContainText('Beispieldaten');
  await expect(page.locator('article[data-tariff-category="terminal"]').first()).toContainText('Fußweg zum Terminal');

  await page.goto(
    `/en/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`,
  );
  await expect(page.locator('article[data-tariff-category="shuttle"]').first()).toContainText(
    'km to the terminal by road',
  );
});
