import { describe, expect, it } from 'vitest';
import { formToWire } from './checkout-form.server.ts';

describe('formToWire', () => {
  it('turns the travel form into wire fields: baggage checkboxes joined, plate upper-case, seats default 0', () => {
    const wire = formToWire('travel', {
      entryTime: '2026-12-07T08:00',
      exitTime: '2026-12-14T18:00',
      personCount: '2',
      'bulkyBaggage.golfBag': 'on',
      'bulkyBaggage.prams': 'on',
      licensePlate: 'f-ab 1',
      outboundFlightNumber: 'lh 400',
      other: 'dropped',
    });
    expect(wire).toEqual({
      entryTime: '2026-12-07T08:00',
      exitTime: '2026-12-14T18:00',
      personCount: '2',
      childrenSeat: '0',
      bulkyBaggage: expect.stringMatching(/golfBag/),
      licensePlate: 'F-AB 1',
      outboundFlightNumber: 'LH 400',
      returnFlightNumber: '',
    });
    expect(String(wire.bulkyBaggage).split(';').sort()).toEqual(['golfBag', 'prams']);
  });

  it('maps the gender radios and the invoice address only when billIsDifferent is ticked', () => {
    expect(formToWire('billingAddress', { gender: 'ms', firstname: 'Erika' })).toMatchObject({
      gender: false,
      firstname: 'Erika',
      billIsDifferent: false,
    });
    const wire = formToWire('billingAddress', {
      gender: 'mr',
      billIsDifferent: 'on',
      billIsDifferentAddressGender: 'd',
      billIsDifferentAddressCity: 'Köln',
    });
    expect(wire).toMatchObject({ gender: true, billIsDifferent: true, billIsDifferentAddressGender: 'd' });
    expect(wire.billIsDifferentAddressCity).toBe('Köln');
    expect(formToWire('billingAddress', { gender: 'x' }).gender).toBeNull();
  });

  it('takes the phone prefix from the one "Land" select (issue 12 item 5), the hidden one for other regions', () => {
    const phone = (fields: Record<string, string>) => {
      const { phoneRegionCode, phonePrefix } = formToWire('billingAddress', fields);
      return { phoneRegionCode, phonePrefix };
    };
    expect(phone({ phoneRegionCode: 'AT', phonePrefix: '+49' })).toEqual({ phoneRegionCode: 'AT', phonePrefix: '+43' });
    expect(phone({ phoneRegionCode: 'DE' })).toEqual({ phoneRegionCode: 'DE', phonePrefix: '+49' });
    expect(phone({ phoneRegionCode: 'JP', phonePrefix: '+81' })).toEqual({ phoneRegionCode: 'JP', phonePrefix: '+81' });
  });

  it('upper-cases the coupon of the payment form', () => {
    expect(formToWire('payment', { paymentType: 'invoice', couponCode: 'win10' })).toEqual({
      paymentType: 'invoice',
      couponCode: 'WIN10',
    });
  });
});
