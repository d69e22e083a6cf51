import { expect, test } from '@playwright/test';
import { bookViaApi, hydratedElement, localHoursFromNow, lookAt } from './pages.ts';

// Issue 35 item 1: from 48 hours before the booked exit the customer reports a late return flight on the reservation
// page; the page says how long the space waits and until when nothing is charged. With and without JavaScript.
for (const javaScriptEnabled of [true, false]) {
  test(`the customer reports a late return flight on the reservation page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    // a stay that ends within 48 hours: entry in four hours (beyond the 2-hour lead time), exit a day later
    const exit = localHoursFromNow(24);
    const { reference } = await bookViaApi(page, {
      firstname: 'Flora',
      lastname: `Flug${javaScriptEnabled ? 'Js' : 'NoJs'}`,
      email: `flora.flug.${javaScriptEnabled ? 'js' : 'nojs'}@example.de`,
      stay: { entry: localHoursFromNow(4), exit },
      returnFlightNumber: 'LH 401',
    });
    await page.goto(`/reservierung/${reference}`);
    const panel = page.getByRole('region', { name: 'Rückflug verspätet?' });
    await expect(panel).toContainText('bis zu 24 Stunden Verspätung berechnen wir nicht');

    // an arrival before the entry is refused with the field named
    const arrival = panel.getByLabel('Neue Ankunftszeit (Ortszeit am Flughafen)');
    const submit = panel.getByRole('button', { name: 'Verspätung melden' });
    if (javaScriptEnabled) await hydratedElement(submit);
    await arrival.fill(localHoursFromNow(-48));
    await submit.click();
    await expect(panel.locator('[data-field-error="arrivalTime"]')).toContainText('vor Ihrer Einfahrt');

    // three hours after the booked exit: the space waits, nothing extra until then
    const late = localHoursFromNow(27);
    await panel.getByLabel('Neue Ankunftszeit (Ortszeit am Flughafen)').fill(late);
    await panel.getByRole('button', { name: 'Verspätung melden' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Danke! Ihr Stellplatz wartet bis' })).toBeVisible();
    await expect(panel.locator('[data-flight-delay-known]')).toContainText('Das Parkplatzteam bestätigt');
    await lookAt(page, `flight-delay-reported-${javaScriptEnabled ? 'js' : 'nojs'}`);
    // the history says so
    await expect(page.getByText('Verspätung des Rückflugs von Ihnen gemeldet')).toBeVisible();
    await context.close();
  });
}
