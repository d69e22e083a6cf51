/**
 * `POST /api/checkout/validate*` (SPEC §5, DESIGN §5): each rule answers 422 with the field key exactly as
 * sent and the translated message of its rule; a valid step answers `{valid: true}`.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, coupons, tariffs } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { billingFields, travelFields } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const de = translator('de');
const en = translator('en');

let test: TestApp;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
let client: ApiClient;

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

const travel = (overrides: Record<string, unknown> = {}) => travelFields({ ...stay, ...overrides });
const billing = billingFields;

const invoice = {
  billIsDifferentAddressGender: false,
  billIsDifferentAddressFirstname: 'Max',
  billIsDifferentAddressLastname: 'Muster',
  billIsDifferentAddressCompany: 'Muster GmbH',
  billIsDifferentAddressStreet: 'Zeil',
  billIsDifferentAddressStreetNumber: '5',
  billIsDifferentAddressPostcode: '60313',
  billIsDifferentAddressCity: 'Frankfurt am Main',
  billIsDifferentAddressCountry: 'DE',
};

/** A client with a cart for `tariffId` and the given stay. */
async function clientWithCart(tariffId: number, times = stay) {
  const c = await new ApiClient(test).start();
  const res = await c.post('checkout/cart', { airportId: fra.id, tariffId, ...times });
  expect(res.status).toBe(200);
  return c;
}

/** Expects a 422 whose errors are exactly `{field: [message of key]}` for each given field. */
function expect422(
  res: { status: number; body: { message: string; errors: Record<string, string[]> } },
  expected: Record<string, string>,
) {
  expect(res.status).toBe(422);
  expect(res.body.message).toBe(de('validation.failed'));
  const wanted = Object.fromEntries(Object.entries(expected).map(([field, key]) => [field, [de(key)]]));
  expect(res.body.errors).toEqual(wanted);
}

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const list = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)));
  tariff = list.sort((a, b) => a.id - b.id)[0];
  client = await clientWithCart(tariff.id);
});
afterAll(() => test.close());

describe('checkout validation without a cart', () => {
  it('answers 409 with a message', async () => {
    const c = await new ApiClient(test).start();
    const res = await c.post('checkout/validate/travel', travel());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: de('checkout.api.no_cart') });
  });
});

describe('POST /api/checkout/validate/travel', () => {
  it('accepts a valid travel step', async () => {
    const res = await client.post('checkout/validate/travel', travel());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('accepts an empty licence plate and no bulky baggage (optional, SPEC §5)', async () => {
    const res = await client.post('checkout/validate/travel', travel({ licensePlate: '', bulkyBaggage: '' }));
    expect(res.status).toBe(200);
  });

  it('SPEC §5: personCount must be greater than childrenSeat → childrenSeat', async () => {
    const res = await client.post('checkout/validate/travel', travel({ personCount: 1, childrenSeat: 1 }));
    expect422(res, { childrenSeat: 'validation.children_exceed_persons' });
  });

  it('SPEC §5: entryTime and exitTime must be filled', async () => {
    expect422(await client.post('checkout/validate/travel', travel({ entryTime: '' })), {
      entryTime: 'validation.required',
    });
    const { exitTime: _omit, ...withoutExit } = travel();
    expect422(await client.post('checkout/validate/travel', withoutExit), { exitTime: 'validation.required' });
  });

  it('refuses a malformed licence plate', async () => {
    expect422(await client.post('checkout/validate/travel', travel({ licensePlate: '!!' })), {
      licensePlate: 'validation.license_plate',
    });
  });

  it('accepts optional flight numbers and refuses malformed ones (issue 12 item 5)', async () => {
    const ok = await client.post(
      'checkout/validate/travel',
      travel({ outboundFlightNumber: 'lh 400', returnFlightNumber: '' }),
    );
    expect(ok.status).toBe(200);
    expect422(
      await client.post(
        'checkout/validate/travel',
        travel({ outboundFlightNumber: '12 345', returnFlightNumber: 'LH12345' }),
      ),
      { outboundFlightNumber: 'validation.flight_number', returnFlightNumber: 'validation.flight_number' },
    );
  });

  it('refuses an exit before the entry', async () => {
    const res = await client.post(
      'checkout/validate/travel',
      travel({ entryTime: '2026-12-14T08:00', exitTime: '2026-12-07T08:00' }),
    );
    expect422(res, { exitTime: 'validation.stay.exit_before_entry' });
  });

  it('refuses an entry inside the lead time (2 h; now is 10:00 local)', async () => {
    const res = await client.post(
      'checkout/validate/travel',
      travel({ entryTime: '2026-11-21T11:30', exitTime: '2026-11-24T08:00' }),
    );
    expect422(res, { entryTime: 'validation.stay.lead_time' });
    const ok = await client.post(
      'checkout/validate/travel',
      travel({ entryTime: '2026-11-21T12:00', exitTime: '2026-11-24T08:00' }),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses a stay above the maximum stay of the tariff', async () => {
    const res = await client.post('checkout/validate/travel', travel({ exitTime: '2027-02-20T08:00' }));
    expect422(res, { exitTime: 'validation.stay.max_stay' });
  });

  it('refuses an entry beyond the booking horizon', async () => {
    const res = await client.post(
      'checkout/validate/travel',
      travel({ entryTime: '2027-12-01T08:00', exitTime: '2027-12-03T08:00' }),
    );
    expect422(res, { entryTime: 'validation.stay.horizon' });
  });

  it('refuses more persons than the tariff takes', async () => {
    const res = await client.post('checkout/validate/travel', travel({ personCount: tariff.maxPersons + 1 }));
    expect422(res, { personCount: 'validation.tariff.max_persons' });
    const ok = await client.post('checkout/validate/travel', travel({ personCount: tariff.maxPersons }));
    expect(ok.status).toBe(200);
  });

  it('refuses more child seats than the tariff has', async () => {
    const res = await client.post(
      'checkout/validate/travel',
      travel({ personCount: tariff.maxPersons, childrenSeat: tariff.maxChildSeats + 1 }),
    );
    expect422(res, { childrenSeat: 'validation.tariff.max_child_seats' });
  });

  it('refuses an unknown bulky-baggage flag and a flag the tariff does not take', async () => {
    expect422(await client.post('checkout/validate/travel', travel({ bulkyBaggage: 'piano' })), {
      bulkyBaggage: 'validation.bulky_baggage',
    });
    const all = await test.ctx.db.select().from(tariffs).where(eq(tariffs.airportId, fra.id));
    const limited = all.find((t) => t.active && !t.allowedBulkyBaggage.includes('bicycle'));
    expect(limited, 'a FRA tariff without bicycles in the seed').toBeDefined();
    const c = await clientWithCart(limited!.id);
    expect422(await c.post('checkout/validate/travel', travel({ bulkyBaggage: 'prams;bicycle' })), {
      bulkyBaggage: 'validation.tariff.bulky_baggage',
    });
    const ok = await c.post(
      'checkout/validate/travel',
      travel({ bulkyBaggage: limited!.allowedBulkyBaggage.join(';') }),
    );
    expect(ok.status).toBe(200);
  });

  it('answers in the App-Language', async () => {
    const res = await client.post('checkout/validate/travel', travel({ personCount: 1, childrenSeat: 1 }), {
      'App-Language': 'en',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: en('validation.failed'),
      errors: { childrenSeat: [en('validation.children_exceed_persons')] },
    });
  });
});

describe('POST /api/checkout/validate/billing-address', () => {
  it('accepts a valid address; company is optional', async () => {
    expect((await client.post('checkout/validate/billing-address', billing())).body).toEqual({ valid: true });
    const { company: _omit, ...withoutCompany } = billing();
    expect((await client.post('checkout/validate/billing-address', withoutCompany)).status).toBe(200);
    expect((await client.post('checkout/validate/billing-address', billing({ gender: 'd' }))).status).toBe(200);
  });

  const required = [
    'firstname',
    'lastname',
    'email',
    'phoneRegionCode',
    'phonePrefix',
    'phoneNumber',
    'street',
    'streetNumber',
    'postcode',
    'city',
  ];
  for (const field of required) {
    it(`SPEC §5: ${field} must be filled`, async () => {
      expect422(await client.post('checkout/validate/billing-address', billing({ [field]: '' })), {
        [field]: 'validation.required',
      });
      const without: Record<string, unknown> = billing();
      delete without[field];
      expect422(await client.post('checkout/validate/billing-address', without), { [field]: 'validation.required' });
    });
  }

  it('SPEC §5: country must be filled', async () => {
    expect422(await client.post('checkout/validate/billing-address', billing({ country: '' })), {
      country: 'validation.country',
    });
  });

  it('SPEC §5: gender must not be null', async () => {
    expect422(await client.post('checkout/validate/billing-address', billing({ gender: null })), {
      gender: 'validation.required',
    });
  });

  it('checks the e-mail and postcode formats', async () => {
    expect422(await client.post('checkout/validate/billing-address', billing({ email: 'erika@' })), {
      email: 'validation.email',
    });
    expect422(await client.post('checkout/validate/billing-address', billing({ postcode: '1234' })), {
      postcode: 'validation.postcode',
    });
    const at = await client.post('checkout/validate/billing-address', billing({ postcode: '1010', country: 'AT' }));
    expect(at.status).toBe(200);
  });

  it('SPEC §5: with billIsDifferent the separate address must be valid (prefixed keys)', async () => {
    const res = await client.post('checkout/validate/billing-address', billing({ billIsDifferent: true }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'billIsDifferentAddressCity',
        'billIsDifferentAddressCountry',
        'billIsDifferentAddressFirstname',
        'billIsDifferentAddressGender',
        'billIsDifferentAddressLastname',
        'billIsDifferentAddressPostcode',
        'billIsDifferentAddressStreet',
        'billIsDifferentAddressStreetNumber',
      ].sort(),
    );
    expect422(
      await client.post(
        'checkout/validate/billing-address',
        billing({ billIsDifferent: true, ...invoice, billIsDifferentAddressStreet: '' }),
      ),
      {
        billIsDifferentAddressStreet: 'validation.required',
      },
    );
    const ok = await client.post(
      'checkout/validate/billing-address',
      billing({ billIsDifferent: true, ...invoice, billIsDifferentAddressCompany: '' }),
    );
    expect(ok.status).toBe(200);
    // Without billIsDifferent the separate address is not checked.
    expect(
      (await client.post('checkout/validate/billing-address', billing({ billIsDifferentAddressStreet: '' }))).status,
    ).toBe(200);
  });
});

describe('POST /api/checkout/validate/payment', () => {
  it('SPEC §5: paymentType must be filled; couponCode is optional', async () => {
    expect422(await client.post('checkout/validate/payment', { couponCode: '' }), {
      paymentType: 'validation.payment_type',
    });
    expect422(await client.post('checkout/validate/payment', { paymentType: 'bitcoin' }), {
      paymentType: 'validation.payment_type',
    });
    expect((await client.post('checkout/validate/payment', { paymentType: 'invoice' })).body).toEqual({ valid: true });
    expect((await client.post('checkout/validate/payment', { paymentType: 'on_site', couponCode: '' })).status).toBe(
      200,
    );
  });

  it('accepts a valid coupon, case-insensitively', async () => {
    expect(
      (await client.post('checkout/validate/payment', { paymentType: 'invoice', couponCode: 'willkommen10' })).status,
    ).toBe(200);
    // 8 billable days, entry in December: WINTER5 (min 3 days, Nov–Feb) applies.
    expect(
      (await client.post('checkout/validate/payment', { paymentType: 'invoice', couponCode: 'WINTER5' })).status,
    ).toBe(200);
  });

  it('refuses unknown, expired, too-short, used-up and other-airport coupons', async () => {
    const pay = (couponCode: string, c = client) =>
      c.post('checkout/validate/payment', { paymentType: 'invoice', couponCode });
    expect422(await pay('NOPE'), { couponCode: 'validation.coupon.unknown' });
    expect422(await pay('EXPIRED20'), { couponCode: 'validation.coupon.expired' });
    expect422(await pay('USEDUP'), { couponCode: 'validation.coupon.used_up' });
    // LANGPARKER needs 10 days; the cart's stay has 8.
    expect422(await pay('LANGPARKER'), { couponCode: 'validation.coupon.min_days' });
    const short = await clientWithCart(tariff.id, { entryTime: '2026-12-07T08:00', exitTime: '2026-12-08T08:00' });
    expect422(await pay('WINTER5', short), { couponCode: 'validation.coupon.min_days' });
    // WINTER5 is valid for entries until 2027-02-28.
    const spring = await clientWithCart(tariff.id, { entryTime: '2027-03-01T08:00', exitTime: '2027-03-08T08:00' });
    expect422(await pay('WINTER5', spring), { couponCode: 'validation.coupon.expired' });

    const [ham] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'HAM'));
    await test.ctx.db.insert(coupons).values({ code: 'HAMBURG5', kind: 'fixed', value: 500, airportIds: [ham.id] });
    expect422(await pay('HAMBURG5'), { couponCode: 'validation.coupon.airport' });
  });
});

describe('POST /api/checkout/validate', () => {
  it('validates the step named in the body', async () => {
    expect((await client.post('checkout/validate', { step: 'travel', ...travel() })).body).toEqual({ valid: true });
    expect((await client.post('checkout/validate', { step: 'billingAddress', ...billing() })).body).toEqual({
      valid: true,
    });
    expect((await client.post('checkout/validate', { step: 'payment', paymentType: 'invoice' })).body).toEqual({
      valid: true,
    });
    expect422(await client.post('checkout/validate', { step: 'billingAddress', ...billing({ gender: null }) }), {
      gender: 'validation.required',
    });
  });

  it('refuses a missing or unknown step on `step`', async () => {
    expect422(await client.post('checkout/validate', travel()), { step: 'validation.invalid' });
    expect422(await client.post('checkout/validate', { step: 'submit' }), { step: 'validation.invalid' });
  });
});
