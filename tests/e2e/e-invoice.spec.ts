import { expect, test, type Page } from '@playwright/test';
import { pdfAttachments } from '../fixtures/pdf.ts';
import { localDateTime, lookAt, pageHydrated, SearchPage } from './pages.ts';

// Issue 34: a business books with its VAT ID and Leitweg-ID; its invoice page offers the PDF (a Factur-X hybrid)
// and the XRechnung file, both carrying the buyer's identifiers. With and without JavaScript.

async function bookAsCompany(page: Page, javaScriptEnabled: boolean, entryDays: number) {
  const search = new SearchPage(page);
  await search.open();
  await search.search(
    'Flughafen Frankfurt (FRA)',
    localDateTime(entryDays, '08:00'),
    localDateTime(entryDays + 3, '18:00'),
  );
  await page
    .locator('article[data-tariff-category="shuttle"]')
    .first()
    .getByRole('button', { name: /Buchen/ })
    .click();
  if (javaScriptEnabled) await pageHydrated(page);
  await page.getByLabel('Kfz-Kennzeichen').fill('F-EU 34');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page.getByRole('heading', { level: 2, name: /Rechnungsadresse/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Divers / keine Angabe' }).first().check();
  await page.getByLabel('Vorname', { exact: true }).first().fill('Bea');
  await page.getByLabel('Nachname', { exact: true }).first().fill('Beschaffung');
  await page
    .getByLabel(/^Firma/)
    .first()
    .fill('Stadtverwaltung Musterstadt');
  await page.getByLabel('Straße', { exact: true }).first().fill('Rathausplatz');
  await page.getByLabel('Hausnummer', { exact: true }).first().fill('1');
  await page.getByLabel('PLZ', { exact: true }).first().fill('60311');
  await page.getByLabel('Ort', { exact: true }).first().fill('Frankfurt am Main');
  await page.getByLabel('E-Mail-Adresse').fill('einkauf@musterstadt.example');
  await page.getByLabel('Telefonnummer', { exact: true }).fill('69 1234567');
  // the business fields are folded away for private customers
  await page
    .getByText(/Rechnung an ein Unternehmen oder eine Behörde/)
    .first()
    .click();
  await page
    .getByLabel(/^USt-IdNr\./)
    .first()
    .fill('DE123456789');
  await page
    .getByLabel(/^Käuferreferenz oder Leitweg-ID/)
    .first()
    .fill('991-33333TEST-33');
  await page.getByRole('button', { name: 'Weiter' }).click();
  // a VAT ID whose check digit is wrong is refused, with the field named
  await expect(page.locator('[data-field-error="vatId"]')).toContainText('gültige USt-IdNr.');
  await lookAt(page, `e-invoice-billing-error-${javaScriptEnabled ? 'js' : 'nojs'}`);
  await page
    .getByLabel(/^USt-IdNr\./)
    .first()
    .fill('DE 136 695 976');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page.getByRole('heading', { level: 2, name: /Zahlung/ })).toBeVisible();
  await page.getByRole('radio', { name: /Rechnung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
  await expect(page).toHaveURL(/\/reservierung\/[0-9A-Z]{8}(\?.*)?$/);
}

for (const javaScriptEnabled of [true, false]) {
  test(`a company books with VAT ID and Leitweg-ID; the invoice page offers PDF and XRechnung (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await bookAsCompany(page, javaScriptEnabled, javaScriptEnabled ? 61 : 65);
    const reference = /\/reservierung\/([0-9A-Z]{8})/.exec(page.url())![1];

    await page.goto(`/reservierung/${reference}/rechnung`);
    const pdf = page.getByRole('link', { name: 'PDF herunterladen' });
    const xml = page.getByRole('link', { name: /^XRechnung RE-\d{4}-\d{6} \(XML\)/ });
    await expect(pdf).toBeVisible();
    await expect(xml).toBeVisible();
    await lookAt(page, `e-invoice-invoice-page-${javaScriptEnabled ? 'js' : 'nojs'}`);

    const xmlAnswer = await page.request.get((await xml.getAttribute('href'))!);
    expect(xmlAnswer.status()).toBe(200);
    expect(xmlAnswer.headers()['content-type']).toContain('xml');
    expect(xmlAnswer.headers()['content-disposition']).toMatch(/filename="?Rechnung-RE-\d{4}-\d{6}\.xml/);
    const body = await xmlAnswer.text();
    expect(body).toContain('DE136695976');
    expect(body).toContain('<ram:BuyerReference>991-33333TEST-33</ram:BuyerReference>');
    expect(body).toContain('Stadtverwaltung Musterstadt');

    const pdfAnswer = await page.request.get((await pdf.getAttribute('href'))!);
    expect(pdfAnswer.status()).toBe(200);
    const { names, files } = await pdfAttachments(await pdfAnswer.body());
    expect(names).toContain('factur-x.xml');
    expect(files['factur-x.xml'].toString('utf8')).toContain('DE136695976');
    await context.close();
  });
}
