import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { signInAsAdmin, signInAsStaff } from './admin.ts';
import { bookViaApi, hydratedElement, lookAt } from './pages.ts';

// Back office, reservations and check-in (issue 15 items 3 and 4): bookings made through the shop's checkout,
// then handled by staff signed in with password and TOTP (tests/e2e/admin.ts).

/** A booking at Frankfurt by a new guest in a context of its own; its reference. */
async function book(browser: Browser, lastname: string, licensePlate: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { reference } = await bookViaApi(page, {
      firstname: 'Erika',
      lastname,
      email: `${lastname.toLowerCase()}@example.com`,
      licensePlate,
    });
    return reference;
  } finally {
    await context.close();
  }
}

/** The operator company of a reservation, as the admin's detail page shows it ("lot · operator"). */
async function operatorOf(page: Page, reference: string): Promise<string> {
  await page.goto(`/admin/reservierungen/${reference}`);
  const lot = page.locator('dt', { hasText: /^Parkplatz$/ }).locator('xpath=following-sibling::dd[1]');
  const text = (await lot.innerText()).trim();
  return text.slice(text.lastIndexOf(' · ') + 3);
}

test('an operator checks a car in by typing the reference and out again', async ({ page, browser }) => {
  const tag = `Schranke${Date.now()}`;
  const reference = await book(browser, tag, 'F-OP 4711');
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const operator = await operatorOf(admin, reference);
  await adminContext.close();

  await signInAsStaff(page, { role: 'operator', operator });
  await page.getByRole('navigation', { name: 'Backoffice-Navigation' }).getByRole('link', { name: 'Check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in und Check-out' })).toBeVisible();
  await page.getByLabel('Referenz oder Kennzeichen').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Buchung suchen' }).click();

  const card = page.getByRole('article', { name: reference });
  await expect(card).toBeVisible();
  await expect(card.getByText('Erwartet')).toBeVisible();
  await expect(card.getByText('F-OP 4711')).toBeVisible();
  await card.getByRole('button', { name: 'Einfahrt erfassen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Einfahrt erfasst.' })).toBeVisible();
  await expect(card.getByText('Auf dem Parkplatz')).toBeVisible();

  await card.getByRole('button', { name: 'Ausfahrt erfassen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ausfahrt erfasst.' })).toBeVisible();
  await expect(card.getByText('Abgefahren')).toBeVisible();
  await expect(card.getByRole('button', { name: /erfassen/ })).toHaveCount(0);

  // The reservation's history names who did it.
  await card.getByRole('link', { name: 'Alle Angaben' }).click();
  const history = page.locator('[data-history]');
  await expect(history.locator('[data-history-kind="checked_in"]')).toContainText('Am Parkplatz eingecheckt');
  await expect(history.locator('[data-history-kind="checked_out"]')).toContainText('(Betreiber)');
});

test('the CSV export opens with the right rows', async ({ page, browser }) => {
  const tag = `Export${Date.now()}`;
  const first = await book(browser, tag, 'F-EX 1');
  const second = await book(browser, tag, 'F-EX 2');
  const other = await book(browser, `Anders${Date.now()}`, 'F-EX 3');

  await signInAsAdmin(page);
  await page.goto('/admin/reservierungen');
  const search = page.getByRole('form', { name: 'Suchen' });
  await search.getByLabel('Referenz, Name, E-Mail oder Kennzeichen').fill(tag);
  await search.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('Treffer: 2')).toBeVisible();
  const table = page.getByRole('table', { name: 'Reservierungen' });
  await expect(table.getByRole('link', { name: first })).toBeVisible();
  await expect(table.getByRole('link', { name: second })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reservierungen-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^Referenz;Status;Flughafen;Parkplatz;Tarif;Einfahrt;Ausfahrt;Name;E-Mail;Kennzeichen;/);
  expect(lines).toHaveLength(3);
  const references = lines.slice(1).map((line) => line.split(';')[0]);
  expect(references.sort()).toEqual([first, second].sort());
  expect(lines.join('\n')).not.toContain(other);
  expect(lines[1]).toContain(`Erika ${tag}`);
  expect(lines[1]).toContain(`${tag.toLowerCase()}@example.com`);
});

test('without JavaScript, in English, the barrier finds a booking by its licence plate and checks it in', async ({
  browser,
}) => {
  const tag = `Plate${Date.now()}`;
  const plate = `F-NJ ${String(Date.now()).slice(-4)}`;
  const reference = await book(browser, tag, plate);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsStaff(page, { role: 'support' });
  await page.goto('/en/admin/checkin');
  await expect(page.getByRole('button', { name: 'Scan QR code' })).toHaveCount(0);
  await page.getByLabel('Reference or licence plate').fill(plate.replace(/[\s-]/g, '').toLowerCase());
  await page.getByRole('button', { name: 'Find booking' }).click();
  const card = page.getByRole('article', { name: reference });
  await expect(card.getByText('Expected')).toBeVisible();
  await card.getByRole('button', { name: 'Record arrival' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Arrival recorded.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/admin/checkin\\?code=${reference}$`));
  await expect(card.getByText('In the car park')).toBeVisible();
  await context.close();
});

test("the check-in page's camera reads the voucher's QR code (jsqr where the browser has no BarcodeDetector)", async ({
  page,
  browser,
}) => {
  const reference = await book(browser, `Kamera${Date.now()}`, 'F-QR 1');
  // The voucher's QR code holds the reference; the fake camera shows it, drawn module by module on a canvas.
  const qr = QRCode.create(reference, { errorCorrectionLevel: 'M' });
  const modules = { size: qr.modules.size, data: Array.from(qr.modules.data) };
  await page.addInitScript((code: { size: number; data: number[] }) => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      const scale = Math.floor(360 / (code.size + 8));
      const draw = () => {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = '#000';
        code.data.forEach((dark, i) => {
          if (dark)
            context.fillRect(
              140 + ((i % code.size) + 4) * scale,
              60 + (Math.floor(i / code.size) + 4) * scale,
              scale,
              scale,
            );
        });
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  }, modules);
  await signInAsAdmin(page);
  await page.goto('/admin/checkin');
  await hydratedElement(page.getByRole('button', { name: 'QR-Code scannen' }));
  await page.getByRole('button', { name: 'QR-Code scannen' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/checkin\\?code=${reference}$`));
  await expect(page.getByRole('article', { name: reference }).getByText('F-QR 1')).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test(`support cancels as a goodwill gesture: half credited, the reason required (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const reference = await book(browser, `Kulanz${javaScriptEnabled ? 'Js' : 'NoJs'}${Date.now()}`, 'F-KU 1');
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signInAsStaff(page, { role: 'support' });
    await page.goto(`/admin/reservierungen/${reference}`);
    const form = page.getByRole('region', { name: 'Kulanzstornierung' });
    const max = (await form.locator('p').first().textContent())!.match(/Höchstens (\d+,\d\d\s€)/)![1];
    const half = (Number(max.replace(/\s€$/, '').replace(',', '.')) / 2).toFixed(2).replace('.', ',');

    // without a reason: refused, nothing changes
    await form.getByLabel(/Betrag in Euro/).fill(half);
    await form.getByRole('button', { name: 'Aus Kulanz stornieren' }).click();
    await expect(form.getByText('Bitte einen Grund nennen')).toBeVisible();
    await lookAt(page, `admin-goodwill-refused-${javaScriptEnabled ? 'js' : 'nojs'}`);
    await expect(page.locator('[data-manage-status="confirmed"]')).toBeVisible();

    await form.getByLabel(/Grund/).fill('Flug annulliert');
    await form.getByRole('button', { name: 'Aus Kulanz stornieren' }).click();
    await expect(page.getByText(`Aus Kulanz storniert: ${half}`)).toBeVisible();
    await expect(page.locator('[data-manage-status="cancelled"]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kulanzstornierung' })).toHaveCount(0);
    await context.close();
  });
}

/**
 * The barrier system reports the car's exit two days after the booked one (`/internal`, with the server's admin
 * token, as at a moved clock: an e2e test cannot wait days); returns the overstay's invoice number.
 */
async function barrierExitTwoDaysLate(page: Page, reference: string, exitDays: number): Promise<string> {
  const tokenFile = path.join(process.env.E2E_DATA_DIR!, 'admin-token');
  const { token } = JSON.parse(fs.readFileSync(tokenFile, 'utf8')) as { token: string };
  const at = new Date(Date.now() + (exitDays + 2) * 86_400_000).toISOString();
  const res = await page.request.post(`/internal/reservations/${reference}/check-out?at=${encodeURIComponent(at)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { invoiceNumber: string }).invoiceNumber;
}

for (const javaScriptEnabled of [true, false]) {
  test(`an overstay becomes its own invoice, listed on the dashboard, and is paid on site (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const lastname = `Ueberzug${javaScriptEnabled ? 'Js' : 'NoJs'}${Date.now()}`;
    const reference = await book(browser, lastname, 'F-UZ 48');
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signInAsStaff(page, { role: 'support' });
    await page.goto(`/admin/checkin?code=${reference}`);
    const card = page.getByRole('article', { name: reference });
    const checkIn = card.getByRole('button', { name: 'Einfahrt erfassen' });
    if (javaScriptEnabled) await hydratedElement(checkIn);
    await checkIn.click();
    await expect(page.getByRole('status').filter({ hasText: 'Einfahrt erfasst.' })).toBeVisible();

    // booked exit: day 48 at 21:00 (bookViaApi); the car leaves two calendar days later
    const invoiceNumber = await barrierExitTwoDaysLate(page, reference, 48);
    expect(invoiceNumber).toMatch(/^RE-\d{4}-\d{6}$/);

    await page.goto('/admin');
    const open = page.getByRole('region', { name: 'Offene Überziehungen' });
    await expect(open.getByRole('link', { name: reference })).toBeVisible();
    await expect(open).toContainText(invoiceNumber);
    await lookAt(page, `admin-dashboard-overstays-${javaScriptEnabled ? 'js' : 'nojs'}`);
    await open.getByRole('link', { name: reference }).click();

    await expect(card.getByText('Abgefahren')).toBeVisible();
    const bill = card.getByRole('region', { name: 'Überziehung' });
    await expect(bill).toContainText(invoiceNumber);
    await expect(bill).toContainText('offen');
    const pdf = await page.request.get((await bill.getByRole('link', { name: invoiceNumber }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await lookAt(page, `admin-checkin-overstay-${javaScriptEnabled ? 'js' : 'nojs'}`);

    const cash = bill.getByRole('button', { name: 'Bar bezahlt' });
    if (javaScriptEnabled) await hydratedElement(cash);
    await cash.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Die Überziehung ist als bar bezahlt verbucht.' }),
    ).toBeVisible();
    await expect(bill).toContainText('bar bezahlt am');
    await expect(bill.getByRole('button', { name: 'Bar bezahlt' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(
      page.getByRole('region', { name: 'Offene Überziehungen' }).getByRole('link', { name: reference }),
    ).toHaveCount(0);
    await context.close();
  });
}

test('the customer sees an open overstay with its invoice and can pay it online', async ({ browser }) => {
  const lastname = `Nachzahlung${Date.now()}`;
  const reference = await book(browser, lastname, 'F-NZ 49');
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signInAsStaff(page, { role: 'support' });
  await page.goto(`/admin/checkin?code=${reference}`);
  const checkIn = page.getByRole('article', { name: reference }).getByRole('button', { name: 'Einfahrt erfassen' });
  await hydratedElement(checkIn);
  await checkIn.click();
  await expect(page.getByRole('status').filter({ hasText: 'Einfahrt erfasst.' })).toBeVisible();
  const invoiceNumber = await barrierExitTwoDaysLate(page, reference, 48);
  await staff.close();

  const customer = await browser.newContext();
  const guest = await customer.newPage();
  await guest.goto('/reservierung');
  await guest.getByLabel('Reservierungsnummer').fill(reference);
  await guest.getByLabel('E-Mail-Adresse').fill(`${lastname.toLowerCase()}@example.com`);
  await guest.getByRole('button', { name: 'Reservierung anzeigen' }).click();
  const notice = guest.locator('[data-payment-state="overstay_due"]');
  await expect(notice).toContainText('Überziehung offen');
  await expect(notice).toContainText(invoiceNumber);
  await expect(
    guest.getByRole('link', { name: new RegExp(`Rechnung ${invoiceNumber} \\(Überziehung\\)`) }),
  ).toBeVisible();
  await lookAt(guest, 'guest-reservation-overstay');
  await notice.getByRole('link', { name: /jetzt bezahlen/ }).click();
  await expect(guest).toHaveURL(/\/zahlung\/demo\/demo_cs_/);
  await guest.getByRole('button', { name: 'Zahlung erfolgreich' }).click();
  await expect(guest).toHaveURL(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
  await expect(guest.locator('[data-payment-state="overstay_due"]')).toHaveCount(0);
  await expect(guest.getByText('Überziehung bezahlt')).toBeVisible();
  await customer.close();
});

test('an admin opens the payment reconciliation; support has no such page', async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Backoffice-Navigation' })
    .getByRole('link', { name: 'Zahlungsabgleich' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlungsabgleich' })).toBeVisible();
  // clean, or a table of mismatches (the demo provider's ledger against the shop's books)
  await expect(page.locator('[data-reconciliation="clean"], [data-reconciliation="mismatches"]')).toBeVisible();
  await lookAt(page, 'admin-payments');

  const context = await browser.newContext();
  const support = await context.newPage();
  await signInAsStaff(support, { role: 'support' });
  await expect(
    support.getByRole('navigation', { name: 'Backoffice-Navigation' }).getByRole('link', { name: 'Zahlungsabgleich' }),
  ).toHaveCount(0);
  const refused = await support.goto('/admin/zahlungsabgleich');
  expect(refused?.status()).toBe(403);
  await context.close();
});
