import { describe, expect, it } from 'vitest';
import { initialCheckoutState } from '~/domain/checkout-schema.ts';
import type { TariffPricing } from '~/domain/pricing.ts';
import {
  cartKeyOf,
  checkoutReducer,
  clampCount,
  clientStepErrors,
  FORM_ERROR,
  firstStepWithError,
  formStateFromServer,
  initialFormState,
  prefillPatch,
  livePrice,
  currentCoupon,
  newIdempotencyKey,
  normalizeServerErrors,
  restoreFormState,
  serializeFormState,
  stepOfField,
  type CheckoutFormState,
} from './checkout-model.ts';

const cart = { airportId: 3, tariffId: 17, entryTime: '2030-05-01T08:00', exitTime: '2030-05-08T18:00' };
const limits = { maxPersons: 7, maxChildSeats: 2, allowedBulkyBaggage: ['prams', 'bicycle'] };

const filledBilling = {
  gender: false as const,
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  phoneRegionCode: 'DE',
  phonePrefix: '+49',
  phoneNumber: '170 1234567',
  company: '',
  street: 'Hauptstraße',
  streetNumber: '5a',
  postcode: '60311',
  city: 'Frankfurt am Main',
  country: 'DE',
  vatId: '',
  buyerReference: '',
  billIsDifferent: false,
};

describe('initialFormState', () => {
  it('uses the SPEC §3 defaults and the cart times', () => {
    const s = initialFormState(cart);
    expect(s.cartKey).toBe('3:17:2030-05-01T08:00:2030-05-08T18:00');
    expect(s.step).toBe('travel');
    expect(s.checkout.travel).toMatchObject({
      entryTime: cart.entryTime,
      exitTime: cart.exitTime,
      personCount: 1,
      childrenSeat: 0,
    });
    expect(s.checkout.billingAddress.gender).toBe(true);
    expect(s.checkout.billingAddress.billIsDifferent).toBe(false);
    expect(Object.values(s.checkout.travel.bulkyBaggage).every((v) => v === false)).toBe(true);
    expect(s.idempotencyKey).toBeNull();
  });
});

describe('checkoutReducer', () => {
  const base = initialFormState(cart);

  it('edits a section without touching the others', () => {
    const s = checkoutReducer(base, { type: 'billingAddress', patch: { firstname: 'Max' } });
    expect(s.checkout.billingAddress.firstname).toBe('Max');
    expect(s.checkout.travel).toBe(base.checkout.travel);
    expect(base.checkout.billingAddress.firstname).toBe('');
  });

  it('sets a bulky-baggage flag', () => {
    const s = checkoutReducer(base, { type: 'bulkyBaggage', flag: 'bicycle', value: true });
    expect(s.checkout.travel.bulkyBaggage.bicycle).toBe(true);
    expect(s.checkout.travel.bulkyBaggage.prams).toBe(false);
  });

  it('clears the error of an edited field and of its related field', () => {
    const withErrors = checkoutReducer(base, {
      type: 'errors',
      errors: { childrenSeat: ['validation.children_exceed_persons'], licensePlate: ['x'], [FORM_ERROR]: ['y'] },
    });
    const s = checkoutReducer(withErrors, { type: 'travel', patch: { personCount: 3 } });
    expect(s.errors).toEqual({ licensePlate: ['x'] });
  });

  it('clears invoice-address errors under their wire keys', () => {
    const withErrors = checkoutReducer(base, {
      type: 'errors',
      errors: { billIsDifferentAddressStreet: ['validation.required'], street: ['validation.required'] },
    });
    const s = checkoutReducer(withErrors, { type: 'invoiceAddress', patch: { street: 'Weg' } });
    expect(s.errors).toEqual({ street: ['validation.required'] });
    const off = checkoutReducer(withErrors, { type: 'billingAddress', patch: { billIsDifferent: false } });
    expect(off.errors).toEqual({ street: ['validation.required'] });
  });

  it('keeps only the errors of the step it goes to', () => {
    const withErrors = checkoutReducer(base, {
      type: 'errors',
      errors: { entryTime: ['a'], email: ['b'], couponCode: ['c'], [FORM_ERROR]: ['d'] },
    });
    expect(checkoutReducer(withErrors, { type: 'goto', step: 'billingAddress' }).errors).toEqual({ email: ['b'] });
    expect(checkoutReducer(withErrors, { type: 'goto', step: 'travel' })).toBe(withErrors);
  });

  it('goes to a step (keeping the data, dropping the errors) and can set errors with a step', () => {
    const edited = checkoutReducer(base, { type: 'billingAddress', patch: { city: 'Köln' } });
    const s = checkoutReducer(edited, { type: 'goto', step: 'payment' });
    expect(s.step).toBe('payment');
    expect(s.checkout.billingAddress.city).toBe('Köln');
    const back = checkoutReducer(s, { type: 'errors', errors: { entryTime: ['t'] }, step: 'travel' });
    expect(back).toMatchObject({ step: 'travel', errors: { entryTime: ['t'] } });
  });

  it('keeps and clears the idempotency key', () => {
    const s = checkoutReducer(base, { type: 'idempotencyKey', key: 'k1' });
    expect(s.idempotencyKey).toBe('k1');
    expect(checkoutReducer(s, { type: 'payment', patch: { paymentType: 'invoice' } }).idempotencyKey).toBe('k1');
    expect(checkoutReducer(s, { type: 'idempotencyKey', key: null }).idempotencyKey).toBeNull();
  });
});

describe('persistence', () => {
  const fresh = initialFormState(cart);
  const edited: CheckoutFormState = {
    ...fresh,
    step: 'billingAddress',
    checkout: { ...fresh.checkout, billingAddress: { ...filledBilling, gender: 'd' } },
    errors: { firstname: ['x'] },
    idempotencyKey: 'abc',
  };

  it('round-trips through a string, without the errors', () => {
    const restored = restoreFormState(serializeFormState(edited), fresh);
    expect(restored).toEqual({ ...edited, errors: {} });
  });

  it('keeps only the addresses and payment of another cart’s state', () => {
    const other = initialFormState({ ...cart, tariffId: 18, entryTime: '2030-06-01T08:00' });
    const withTravel = checkoutReducer(edited, { type: 'travel', patch: { personCount: 4 } });
    const paid = checkoutReducer(withTravel, { type: 'payment', patch: { paymentType: 'on_site' } });
    const restored = restoreFormState(serializeFormState(paid), other);
    expect(restored.cartKey).toBe(other.cartKey);
    expect(restored.step).toBe('travel');
    expect(restored.idempotencyKey).toBeNull();
    expect(restored.checkout.travel).toEqual(other.checkout.travel);
    expect(restored.checkout.billingAddress).toEqual(paid.checkout.billingAddress);
    expect(restored.checkout.payment.paymentType).toBe('on_site');
  });

  it('ignores garbage and nothing', () => {
    expect(restoreFormState('{not json', fresh)).toBe(fresh);
    expect(restoreFormState(null, fresh)).toBe(fresh);
    expect(restoreFormState(JSON.stringify({ v: 2, cartKey: fresh.cartKey }), fresh)).toBe(fresh);
  });

  it('falls back to defaults for missing or mistyped values', () => {
    const raw = JSON.stringify({
      v: 1,
      cartKey: fresh.cartKey,
      step: 'nonsense',
      checkout: {
        travel: { personCount: '3', childrenSeat: 1, bulkyBaggage: { prams: true, golfBag: 'yes' } },
        billingAddress: { gender: 'x', city: 'Bonn' },
      },
    });
    const s = restoreFormState(raw, fresh);
    expect(s.step).toBe('travel');
    expect(s.checkout.travel.personCount).toBe(1);
    expect(s.checkout.travel.childrenSeat).toBe(1);
    expect(s.checkout.travel.bulkyBaggage).toMatchObject({ prams: true, golfBag: false });
    expect(s.checkout.travel.entryTime).toBe(cart.entryTime);
    expect(s.checkout.billingAddress.gender).toBe(true);
    expect(s.checkout.billingAddress.city).toBe('Bonn');
    expect(s.checkout.payment).toEqual(fresh.checkout.payment);
  });
});

describe('clientStepErrors', () => {
  it('accepts the default travel of a cart', () => {
    expect(clientStepErrors('travel', initialFormState(cart).checkout, limits)).toEqual({});
  });

  it('flags child seats not below persons (SPEC §5) at childrenSeat', () => {
    const c = initialCheckoutState({ ...cart, childrenSeat: 1 });
    expect(clientStepErrors('travel', c, limits)).toEqual({ childrenSeat: ['validation.children_exceed_persons'] });
  });

  it('flags missing times, reversed times and tariff limits', () => {
    expect(
      clientStepErrors('travel', initialCheckoutState({ entryTime: '', exitTime: cart.exitTime }), limits),
    ).toHaveProperty('entryTime');
    expect(
      clientStepErrors('travel', initialCheckoutState({ entryTime: cart.exitTime, exitTime: cart.entryTime }), limits),
    ).toEqual({ exitTime: ['validation.stay.exit_before_entry'] });
    const tooMany = clientStepErrors(
      'travel',
      initialCheckoutState({ ...cart, personCount: 9, childrenSeat: 3 }),
      limits,
    );
    expect(tooMany.personCount).toEqual(['validation.tariff.max_persons']);
    expect(tooMany.childrenSeat).toEqual(['validation.tariff.max_child_seats']);
    const c = initialCheckoutState(cart);
    c.travel.bulkyBaggage.surfboard = true;
    expect(clientStepErrors('travel', c, limits)).toEqual({ bulkyBaggage: ['validation.tariff.bulky_baggage'] });
  });

  it('lists every empty required billing field, and the invoice address only when different', () => {
    const c = initialCheckoutState(cart);
    const errors = clientStepErrors('billingAddress', c, limits);
    expect(Object.keys(errors).sort()).toEqual([
      'city',
      'email',
      'firstname',
      'lastname',
      'phoneNumber',
      'postcode',
      'street',
      'streetNumber',
    ]);
    c.billingAddress = { ...filledBilling };
    expect(clientStepErrors('billingAddress', c, limits)).toEqual({});
    c.billingAddress.billIsDifferent = true;
    expect(Object.keys(clientStepErrors('billingAddress', c, limits))).toContain('billIsDifferentAddressStreet');
  });

  it('requires a payment type', () => {
    const c = initialCheckoutState(cart);
    expect(clientStepErrors('payment', c, limits)).toEqual({ paymentType: ['validation.payment_type'] });
    c.payment.paymentType = 'invoice';
    expect(clientStepErrors('payment', c, limits)).toEqual({});
  });
});

describe('field → step', () => {
  it('knows each step’s wire fields', () => {
    expect(stepOfField('childrenSeat')).toBe('travel');
    expect(stepOfField('bulkyBaggage')).toBe('travel');
    expect(stepOfField('phoneNumber')).toBe('billingAddress');
    expect(stepOfField('billIsDifferentAddressCity')).toBe('billingAddress');
    expect(stepOfField('couponCode')).toBe('payment');
    expect(stepOfField('tariffId')).toBeNull();
  });

  it('finds the first step with an error', () => {
    expect(firstStepWithError({ couponCode: ['x'], email: ['y'] })).toBe('billingAddress');
    expect(firstStepWithError({ couponCode: ['x'] })).toBe('payment');
    expect(firstStepWithError({ tariffId: ['x'] })).toBeNull();
  });

  it('gathers unknown server fields under the form error', () => {
    expect(
      normalizeServerErrors({ email: ['E-Mail ungültig'], tariffId: ['weg'], entryTime: 'zu früh' }, 'fallback'),
    ).toEqual({
      email: ['E-Mail ungültig'],
      _form: ['weg'],
      entryTime: ['zu früh'],
    });
    expect(normalizeServerErrors(undefined, 'fallback')).toEqual({ _form: ['fallback'] });
  });
});

describe('helpers', () => {
  const tariff: TariffPricing = {
    priceLists: [{ validFrom: null, validTo: null, dayPrices: [1000, 1800, 2500], extraDayPrice: 500 }],
    includedPersons: 2,
    extraPersonPrice: 300,
    childSeatPrice: 200,
  };

  it('prices the entered stay live, null when it cannot', () => {
    const travel = initialCheckoutState({
      entryTime: '2030-05-01T08:00',
      exitTime: '2030-05-03T08:00',
      personCount: 3,
      childrenSeat: 1,
    }).travel;
    expect(livePrice(tariff, travel)).toMatchObject({
      billableDays: 3,
      parkingCents: 2500,
      personsCents: 300,
      childSeatsCents: 200,
      totalCents: 3000,
    });
    expect(livePrice(tariff, { ...travel, exitTime: '2030-04-30T08:00' })).toBeNull();
    expect(livePrice(tariff, { ...travel, entryTime: '' })).toBeNull();
  });

  it('prices an applied coupon into the live total (issue 12 item 5)', () => {
    const travel = initialCheckoutState({ entryTime: '2030-05-01T08:00', exitTime: '2030-05-03T08:00' }).travel;
    expect(livePrice(tariff, travel, { kind: 'percent', value: 10 })).toMatchObject({
      subtotalCents: 2500,
      discountCents: 250,
      totalCents: 2250,
    });
    expect(livePrice(tariff, travel, { kind: 'fixed', value: 500 })).toMatchObject({ totalCents: 2000 });
  });

  it('counts an accepted coupon only while the field holds its code', () => {
    const accepted = { code: 'WINTER5', kind: 'fixed' as const, value: 500 };
    expect(currentCoupon(accepted, { paymentType: '', couponCode: ' winter5 ' })).toBe(accepted);
    expect(currentCoupon(accepted, { paymentType: '', couponCode: 'WINTER' })).toBeNull();
    expect(currentCoupon(null, { paymentType: '', couponCode: 'WINTER5' })).toBeNull();
  });

  it('makes UUID-shaped idempotency keys, also without randomUUID', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => globalThis.crypto.getRandomValues(a as never) as T,
    });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('clamps counts', () => {
    expect(clampCount('3', 1, 7)).toBe(3);
    expect(clampCount('12', 1, 7)).toBe(7);
    expect(clampCount('', 1, 7)).toBe(1);
    expect(clampCount(-2, 0, 2)).toBe(0);
    expect(clampCount('2.7', 0, 5)).toBe(2);
  });

  it('builds the cart key', () => {
    expect(cartKeyOf(cart)).toBe('3:17:2030-05-01T08:00:2030-05-08T18:00');
  });
});

describe('prefillPatch (signed-in checkout)', () => {
  it('fills only the empty billing fields from the account', () => {
    const billing = {
      ...initialFormState({ airportId: 1, tariffId: 2, entryTime: '2026-12-01T08:00', exitTime: '2026-12-05T18:00' })
        .checkout.billingAddress,
      firstname: 'Typed',
    };
    expect(
      prefillPatch(billing, { gender: false, firstname: 'Erika', lastname: 'Muster', city: '', street: 'Weg' }),
    ).toEqual({ gender: false, lastname: 'Muster', street: 'Weg' });
    expect(prefillPatch(billing, null)).toEqual({});
  });
});

describe('formStateFromServer', () => {
  const fresh = initialFormState({
    airportId: 1,
    tariffId: 2,
    entryTime: '2026-12-07T08:00',
    exitTime: '2026-12-14T18:00',
  });

  it('takes the step, the errors and the kept wire fields (counts as numbers, baggage parsed, invoice keys)', () => {
    const state = formStateFromServer(fresh, {
      step: 'billingAddress',
      errors: { email: ['validation.email'] },
      fields: {
        personCount: '3',
        childrenSeat: '',
        bulkyBaggage: 'golfBag',
        licensePlate: 'F-AB 1',
        gender: false,
        firstname: 'Erika',
        billIsDifferent: true,
        billIsDifferentAddressCity: 'Köln',
        paymentType: 'invoice',
      },
    });
    expect(state.step).toBe('billingAddress');
    expect(state.errors).toEqual({ email: ['validation.email'] });
    expect(state.checkout.travel).toMatchObject({ personCount: 3, childrenSeat: 0, licensePlate: 'F-AB 1' });
    expect(state.checkout.travel.bulkyBaggage.golfBag).toBe(true);
    expect(state.checkout.billingAddress).toMatchObject({ gender: false, firstname: 'Erika', billIsDifferent: true });
    expect(state.checkout.billIsDifferentAddress.city).toBe('Köln');
    expect(state.checkout.payment.paymentType).toBe('invoice');
    expect(state.cartKey).toBe(fresh.cartKey);
  });

  it('without kept fields changes only the step and the errors', () => {
    const state = formStateFromServer(fresh, { step: 'travel', fields: null, errors: { _form: ['x'] } });
    expect(state.checkout).toEqual(fresh.checkout);
    expect(state.errors).toEqual({ _form: ['x'] });
  });
});
