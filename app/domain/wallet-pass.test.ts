import { describe, expect, it } from 'vitest';
import {
  applePassJson,
  googleGenericObject,
  parseUpdateTag,
  updateTagOf,
  type ApplePassIdentity,
  type WalletPassInput,
} from './wallet-pass.ts';

/** A translator that shows the key and its parameters, so the tests see which text goes where. */
const t = (key: string, params?: Record<string, string | number>) =>
  params ? `${key}(${Object.values(params).join(',')})` : key;

const input: WalletPassInput = {
  view: {
    reference: 'K7M2Q9XA',
    entry: 'Mo., 07.12.2026, 08:00',
    exit: 'Mo., 14.12.2026, 18:00',
    airport: { name: 'Frankfurt', iata: 'FRA' },
    tariff: { name: 'Shuttle Basic', category: 'shuttle', categoryLabel: 'Shuttle' },
    lot: {
      name: 'P-Nord',
      operator: 'Parken GmbH',
      addressLines: ['Hafenstraße 1', '60549 Frankfurt am Main'],
      phone: '+49 69 123',
      mapUrl: 'https://osm.example',
      openingHours: '24/7',
      arrivalInstructions: 'Shuttle every 15 minutes to Terminal 1.',
      returnInstructions: 'Call us after baggage claim.',
    },
  },
  entryAt: new Date('2026-12-07T07:00:00Z'),
  exitAt: new Date('2026-12-14T17:00:00Z'),
  latitude: 50.05,
  longitude: 8.57,
  valid: true,
  organizationName: 'Parkplatz-Shop',
  manageUrl: 'https://shop.test/reservierung',
};

const identity: ApplePassIdentity = {
  passTypeIdentifier: 'pass.example.parking',
  teamIdentifier: 'ABCDE12345',
  serialNumber: 'K7M2Q9XA',
  webServiceURL: 'https://shop.test/api/wallet/apple',
  authenticationToken: 'a'.repeat(43),
};

describe('applePassJson', () => {
  it("carries the voucher's QR payload, the stay, the car park and its shuttle instructions", () => {
    const pass = applePassJson(input, identity, t);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.example.parking',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'K7M2Q9XA',
      webServiceURL: 'https://shop.test/api/wallet/apple',
      organizationName: 'Parkplatz-Shop',
      description: 'wallet.description(P-Nord)',
      relevantDate: '2026-12-07T07:00:00.000Z',
      expirationDate: '2026-12-15T17:00:00.000Z',
      voided: false,
    });
    expect(pass.barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: 'K7M2Q9XA', messageEncoding: 'iso-8859-1', altText: 'K7M2Q9XA' },
    ]);
    expect(pass.locations).toEqual([{ latitude: 50.05, longitude: 8.57, relevantText: 'wallet.relevant(P-Nord)' }]);
    expect(pass.generic.secondaryFields).toEqual([
      { key: 'entry', label: 'wallet.field.entry', value: 'Mo., 07.12.2026, 08:00' },
      { key: 'exit', label: 'wallet.field.exit', value: 'Mo., 14.12.2026, 18:00' },
    ]);
    expect(pass.generic.backFields.map((f) => [f.key, f.value])).toEqual([
      ['address', 'Hafenstraße 1\n60549 Frankfurt am Main'],
      ['phone', '+49 69 123'],
      ['opening_hours', '24/7'],
      ['arrival', 'Shuttle every 15 minutes to Terminal 1.'],
      ['return', 'Call us after baggage claim.'],
      ['manage', 'https://shop.test/reservierung'],
    ]);
    // every field key is unique within the pass (PassKit's rule)
    const keys = Object.values(pass.generic).flatMap((fields) => fields.map((f) => f.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves out empty texts and voids the pass of a reservation that no longer stands', () => {
    const bare = {
      ...input,
      valid: false,
      view: { ...input.view, lot: { ...input.view.lot, phone: '', returnInstructions: '' } },
    };
    const pass = applePassJson(bare, identity, t);
    expect(pass.voided).toBe(true);
    expect(pass.generic.backFields.map((f) => f.key)).toEqual(['address', 'opening_hours', 'arrival', 'manage']);
  });
});

describe('googleGenericObject', () => {
  it('is the same pass for Google: id of issuer and reference, QR code, texts, validity, state', () => {
    const object = googleGenericObject(input, { issuerId: '3388000000012345678', objectSuffix: 'K7M2Q9XA' }, t, 'de');
    expect(object).toMatchObject({
      id: '3388000000012345678.K7M2Q9XA',
      classId: '3388000000012345678.parking_reservation',
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'de', value: 'Parkplatz-Shop' } },
      header: { defaultValue: { language: 'de', value: 'P-Nord' } },
      barcode: { type: 'QR_CODE', value: 'K7M2Q9XA', alternateText: 'K7M2Q9XA' },
      validTimeInterval: { start: { date: '2026-12-07T07:00:00.000Z' }, end: { date: '2026-12-15T17:00:00.000Z' } },
    });
    expect(object.textModulesData.map((m) => m.id)).toEqual(['entry', 'exit', 'address', 'phone', 'arrival', 'return']);
    expect(
      googleGenericObject({ ...input, valid: false }, { issuerId: '1', objectSuffix: 'a b' }, t, 'en'),
    ).toMatchObject({ id: '1.a_b', state: 'INACTIVE' });
  });
});

describe('update tags', () => {
  it('round-trip an instant and refuse anything else', () => {
    const at = new Date('2026-11-21T09:00:00Z');
    expect(parseUpdateTag(updateTagOf(at))).toEqual(at);
    expect(parseUpdateTag(undefined)).toBeNull();
    expect(parseUpdateTag('')).toBeNull();
    expect(parseUpdateTag('2026-11-21')).toBeNull();
    expect(parseUpdateTag('-1')).toBeNull();
  });
});
