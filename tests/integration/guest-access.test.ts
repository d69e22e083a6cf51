import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuestToken,
  grantGuestAccess,
  hasGuestAccess,
  hashGuestToken,
  verifyGuestToken,
} from '../../app/services/reservations/guest-access.server.ts';
import {
  buildGuestAccessUrl,
  buildReservationView,
  findReservationByReference,
  findReservationForLookup,
} from '../../app/services/reservations/reservations.server.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('guest tokens', () => {
  it('verifies the token of the mail link against the stored hash only', async () => {
    const { row, token } = await insertReservation(test.ctx.db);
    expect(row.guestTokenHash).toBe(hashGuestToken(token));
    expect(row.guestTokenHash).not.toContain(token);
    expect(verifyGuestToken(token, row.guestTokenHash)).toBe(true);
    expect(verifyGuestToken(createGuestToken().token, row.guestTokenHash)).toBe(false);
    expect(verifyGuestToken('', row.guestTokenHash)).toBe(false);
    expect(verifyGuestToken(token, null)).toBe(false);
    expect(verifyGuestToken(token, 'not-hex')).toBe(false);
  });

  it('grants a session access to exactly the granted references', async () => {
    const session = await test.ctx.sessions.load(undefined);
    expect(hasGuestAccess(session, 'AAAA1111')).toBe(false);
    grantGuestAccess(session, 'AAAA1111');
    grantGuestAccess(session, 'BBBB2222');
    grantGuestAccess(session, 'AAAA1111');
    expect(session.dirty).toBe(true);
    expect(session.get('guestReservations')).toEqual(['AAAA1111', 'BBBB2222']);
    await session.save();
    const again = await test.ctx.sessions.load(await test.ctx.sessions.serializeCookie(session.id));
    expect(hasGuestAccess(again, 'AAAA1111')).toBe(true);
    expect(hasGuestAccess(again, 'BBBB2222')).toBe(true);
    expect(hasGuestAccess(again, 'CCCC3333')).toBe(false);
  });

  it('builds the access URL of the mail (German at the root, English under /en)', () => {
    expect(buildGuestAccessUrl('https://shop.example', 'de', 'T001AX7Z', 'abc_-1')).toBe(
      'https://shop.example/reservierung/T001AX7Z?token=abc_-1',
    );
    expect(buildGuestAccessUrl('https://shop.example/', 'en', 'T001AX7Z', 'x')).toBe(
      'https://shop.example/en/reservierung/T001AX7Z?token=x',
    );
  });
});

describe('finding reservations', () => {
  it('finds a reservation by reference with airport, tariff and lot', async () => {
    const { row, airport, tariff } = await insertReservation(test.ctx.db);
    const found = await findReservationByReference(test.ctx.db, row.reference);
    expect(found?.reservation.id).toBe(row.id);
    expect(found?.airport.id).toBe(airport.id);
    expect(found?.tariff.id).toBe(tariff.id);
    expect(found?.lot.id).toBe(tariff.parkingLotId);
    expect(await findReservationByReference(test.ctx.db, 'ZZZZZZZZ')).toBeNull();
  });

  it('matches reference + e-mail case-insensitively and with a sloppily typed reference', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const email = 'Erika.Mustermann@Example.org';
    expect((await findReservationForLookup(test.ctx.db, row.reference, email))?.reservation.id).toBe(row.id);
    expect(
      (await findReservationForLookup(test.ctx.db, row.reference, '  erika.mustermann@EXAMPLE.ORG '))?.reservation.id,
    ).toBe(row.id);
    const sloppy = `${row.reference.slice(0, 4).toLowerCase()}-${row.reference.slice(4).toLowerCase()}`;
    expect((await findReservationForLookup(test.ctx.db, sloppy, email))?.reservation.id).toBe(row.id);
  });

  it('answers null for a wrong e-mail, an unknown or a malformed reference', async () => {
    const { row } = await insertReservation(test.ctx.db);
    expect(await findReservationForLookup(test.ctx.db, row.reference, 'someone@example.org')).toBeNull();
    expect(await findReservationForLookup(test.ctx.db, row.reference, '')).toBeNull();
    expect(await findReservationForLookup(test.ctx.db, 'ZZZZZZZZ', 'erika.mustermann@example.org')).toBeNull();
    expect(await findReservationForLookup(test.ctx.db, 'U', 'erika.mustermann@example.org')).toBeNull();
  });
});

describe('reservation view model', () => {
  it('has every customer-facing fact in German', async () => {
    const { row } = await insertReservation(test.ctx.db, {
      discountCents: 500,
      couponCode: 'WINTER5',
      totalCents: 7900,
      vatCents: 1261,
    });
    const view = buildReservationView((await findReservationByReference(test.ctx.db, row.reference))!, 'de');
    expect(view.statusLabel).toBe('Bestätigt');
    expect(view.airport).toEqual({ name: expect.stringContaining('Frankfurt'), iata: 'FRA' });
    expect(view.entry).toBe('Mo., 07.12.2026, 08:00');
    expect(view.exit).toBe('Mo., 14.12.2026, 18:30');
    expect(view.daysLabel).toBe('8 Tage');
    expect(view.priceLines.map((l) => l.amount)).toEqual([
      '69,00\u00a0€',
      '10,00\u00a0€',
      '5,00\u00a0€',
      '-5,00\u00a0€',
    ]);
    expect(view.priceLines[3].label).toBe('Gutschein WINTER5');
    expect(view.total.amount).toBe('79,00\u00a0€');
    expect(view.vat.label).toBe('darin enthaltene MwSt. (19 %)');
    expect(view.payment.label).toBe('Rechnung');
    expect(view.payment.instructions).toContain('14 Tagen');
    expect(view.payment.instructions).toContain(row.invoiceNumber!);
    expect(view.cancellation).toBe('Kostenlose Stornierung bis So., 06.12.2026, 08:00 (24 Stunden vor der Einfahrt).');
    expect(view.bulkyBaggage).toEqual(['Kinderwagen', 'Golfbag']);
    expect(view.billingAddress.lines).toEqual(['Frau Erika Mustermann', 'Heidestraße 17', '51147 Köln', 'Deutschland']);
    expect(view.invoiceAddress).toBeNull();
    expect(view.lot.mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=[\d.]+&mlon=[\d.]+/);
    expect(view.lot.arrivalInstructions.length).toBeGreaterThan(10);
  });

  it('renders English and a separate invoice address', async () => {
    const { row } = await insertReservation(test.ctx.db, {
      locale: 'en',
      paymentType: 'on_site',
      invoiceAddress: {
        gender: 'd',
        firstname: 'Kim',
        lastname: 'Doe',
        company: 'ACME GmbH',
        street: 'Main St',
        streetNumber: '1',
        postcode: '10115',
        city: 'Berlin',
        country: 'DE',
      },
    });
    const view = buildReservationView((await findReservationByReference(test.ctx.db, row.reference))!, 'en');
    expect(view.statusLabel).toBe('Confirmed');
    expect(view.total.amount).toBe('€84.00');
    expect(view.payment.label).toBe('Pay at the car park');
    expect(view.invoiceAddress?.lines).toEqual(['ACME GmbH', 'Kim Doe', 'Main St 1', '10115 Berlin', 'Germany']);
    expect(view.cancellation).toContain('Free cancellation until');
  });
});
