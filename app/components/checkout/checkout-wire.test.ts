/**
 * The browser's wire body (DESIGN §5): what the booking page sends to `POST checkout/validate/*` and
 * `POST /api/checkout` for a given form state. Compared whole (`toEqual`), so an extra, missing or renamed
 * field fails.
 */
import { describe, expect, it } from 'vitest';
import { checkoutToWire, initialCheckoutState, stepToWire, type CheckoutState } from '~/domain/checkout-schema.ts';

function filledState(): CheckoutState {
  const state = initialCheckoutState({ entryTime: '2030-05-01T08:00', exitTime: '2030-05-08T18:00' });
  state.travel = {
    ...state.travel,
    personCount: 3,
    childrenSeat: 1,
    licensePlate: 'F-AB 1234',
    outboundFlightNumber: 'LH 400',
  };
  state.billingAddress = {
    ...state.billingAddress,
    gender: false,
    firstname: 'Erika',
    lastname: 'Mustermann',
    email: 'erika@example.de',
    phoneNumber: '170 1234567',
    street: 'Hauptstraße',
    streetNumber: '5a',
    postcode: '60311',
    city: 'Frankfurt am Main',
  };
  state.payment = { paymentType: 'invoice', couponCode: '' };
  return state;
}

/** The billing step's wire fields of {@link filledState} with `billIsDifferent` set. */
const BILLING_WIRE = {
  gender: false,
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
  billIsDifferent: true,
};

/** The separate invoice address, flat with the `billIsDifferentAddress` prefix (SPEC §3). */
const INVOICE_WIRE = {
  billIsDifferentAddressGender: 'd',
  billIsDifferentAddressFirstname: 'Max',
  billIsDifferentAddressLastname: 'Muster',
  billIsDifferentAddressCompany: 'Muster GmbH',
  billIsDifferentAddressStreet: 'Industriestraße',
  billIsDifferentAddressStreetNumber: '12',
  billIsDifferentAddressPostcode: '1010',
  billIsDifferentAddressCity: 'Wien',
  billIsDifferentAddressCountry: 'AT',
  billIsDifferentAddressVatId: 'ATU13585627',
  billIsDifferentAddressBuyerReference: 'PO 4711',
};

function withInvoiceAddress(state: CheckoutState): CheckoutState {
  return {
    ...state,
    billingAddress: { ...state.billingAddress, billIsDifferent: true },
    billIsDifferentAddress: {
      gender: 'd',
      firstname: 'Max',
      lastname: 'Muster',
      company: 'Muster GmbH',
      street: 'Industriestraße',
      streetNumber: '12',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      vatId: 'ATU13585627',
      buyerReference: 'PO 4711',
    },
  };
}

describe('stepToWire', () => {
  it('sends the set bulky-baggage flags as one string joined by ";" in SPEC §3 order, whatever order they were set in', () => {
    const state = filledState();
    state.travel.bulkyBaggage = { ...state.travel.bulkyBaggage, surfboard: true, bicycle: true, prams: true };
    expect(stepToWire(state, 'travel')).toEqual({
      entryTime: '2030-05-01T08:00',
      exitTime: '2030-05-08T18:00',
      personCount: 3,
      childrenSeat: 1,
      bulkyBaggage: 'prams;bicycle;surfboard',
      licensePlate: 'F-AB 1234',
      outboundFlightNumber: 'LH 400',
      returnFlightNumber: '',
    });
  });

  it('sends an empty string when no bulky-baggage flag is set', () => {
    expect(stepToWire(filledState(), 'travel').bulkyBaggage).toBe('');
  });

  it('sends the invoice address flat with the billIsDifferentAddress prefix when billIsDifferent is set', () => {
    expect(stepToWire(withInvoiceAddress(filledState()), 'billingAddress')).toEqual({
      ...BILLING_WIRE,
      ...INVOICE_WIRE,
    });
  });

  it('leaves the invoice address out when billIsDifferent is not set, even if it was filled before', () => {
    const state = withInvoiceAddress(filledState());
    state.billingAddress.billIsDifferent = false;
    expect(stepToWire(state, 'billingAddress')).toEqual({ ...BILLING_WIRE, billIsDifferent: false });
  });
});

describe('checkoutToWire', () => {
  it('is every step flat in one body: travel with baggage flags, billing with the invoice address, payment', () => {
    const state = withInvoiceAddress(filledState());
    state.travel.bulkyBaggage = { ...state.travel.bulkyBaggage, bicycle: true, prams: true };
    state.payment = { paymentType: 'on_site', couponCode: 'SOMMER10' };
    expect(checkoutToWire(state)).toEqual({
      entryTime: '2030-05-01T08:00',
      exitTime: '2030-05-08T18:00',
      personCount: 3,
      childrenSeat: 1,
      bulkyBaggage: 'prams;bicycle',
      licensePlate: 'F-AB 1234',
      outboundFlightNumber: 'LH 400',
      returnFlightNumber: '',
      ...BILLING_WIRE,
      ...INVOICE_WIRE,
      paymentType: 'on_site',
      couponCode: 'SOMMER10',
    });
  });
});
