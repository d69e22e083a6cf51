import { describe, expect, it } from 'vitest';
import {
  companyName,
  isValidEconomicId,
  isValidRegisterCourt,
  isReservedDomain,
  isValidRegisterNumber,
  normalizeRegisterNumber,
  townOfAddress,
} from './legal-identity.ts';

describe('register entry', () => {
  it('accepts German register numbers with an optional court suffix', () => {
    for (const ok of ['HRB 12345', 'HRA 1', 'HRB 000000', 'HRB 98765 B', 'GnR 123', 'PR 77', 'VR 4711', 'GsR 12']) {
      expect(isValidRegisterNumber(ok), ok).toBe(true);
    }
    expect(isValidRegisterNumber('  HRB   12345 ')).toBe(true);
    expect(normalizeRegisterNumber('  HRB   12345 ')).toBe('HRB 12345');
  });

  it('refuses what is not a register number', () => {
    for (const bad of ['', 'HRB', '12345', 'HRB12345', 'HRC 12345', 'HRB 1234567', 'hrb 12345', 'HRB 123 b']) {
      expect(isValidRegisterNumber(bad), bad).toBe(false);
    }
  });

  it('wants an Amtsgericht as register court', () => {
    expect(isValidRegisterCourt('Amtsgericht Frankfurt am Main')).toBe(true);
    expect(isValidRegisterCourt('Amtsgericht Berlin (Charlottenburg)')).toBe(true);
    expect(isValidRegisterCourt('Frankfurt am Main')).toBe(false);
    expect(isValidRegisterCourt('Amtsgericht ')).toBe(false);
  });

  it('checks the shape of the economic identification number (§ 139c AO)', () => {
    expect(isValidEconomicId('DE123456789-00001')).toBe(true);
    expect(isValidEconomicId('DE123456789')).toBe(false);
    expect(isValidEconomicId('DE12345678-00001')).toBe(false);
  });
});

describe('companyName', () => {
  it('appends the legal form unless the name already carries it', () => {
    expect(companyName('Parkplatz-Shop', 'GmbH')).toBe('Parkplatz-Shop GmbH');
    expect(companyName('Parkplatz-Shop GmbH', 'GmbH')).toBe('Parkplatz-Shop GmbH');
    expect(companyName('Beispiel', 'GmbH & Co. KG')).toBe('Beispiel GmbH & Co. KG');
    expect(companyName('Parkplatz-Shop', '')).toBe('Parkplatz-Shop');
  });
});

describe('townOfAddress (the seat when SHOP_SEAT is unset, decision 0045)', () => {
  it('takes the town after the five-digit postcode', () => {
    expect(townOfAddress('Hafenstraße 12, 60327 Frankfurt am Main, Deutschland')).toBe('Frankfurt am Main');
    expect(townOfAddress('Am Flughafen 1,  D-12529 Schönefeld ')).toBe('Schönefeld');
    expect(townOfAddress('Musterweg 3\n80331 München')).toBe('München');
  });

  it('is null when no part is "postcode town"', () => {
    expect(townOfAddress('Hafenstraße 12, Frankfurt am Main')).toBeNull();
    expect(townOfAddress('Kärntner Ring 5, 1010 Wien, Österreich')).toBeNull();
    expect(townOfAddress('')).toBeNull();
  });
});

describe('isReservedDomain (sample addresses, RFC 2606 / RFC 6761)', () => {
  it('finds addresses and hosts of reserved domains, with or without a display name', () => {
    for (const sample of [
      'service@parkplatz-shop.example',
      'Parkplatz-Shop <buchung@parkplatz-shop.example>',
      'SERVICE@PARKPLATZ-SHOP.EXAMPLE',
      'info@example.com',
      'info@mail.example.org',
      'a@shop.test',
      'a@shop.invalid',
      'root@localhost',
      'parkplatz-shop.example',
      'shop.example.',
    ]) {
      expect(isReservedDomain(sample), sample).toBe(true);
    }
  });

  it('passes real domains, also ones that merely contain "example"', () => {
    for (const real of [
      'service@parkhafen.de',
      'Parkhafen <buchung@parkhafen.de>',
      'info@example-shop.de',
      'info@examples.com',
      'a@example.company',
      'a@testing.de',
      'parken.de',
    ]) {
      expect(isReservedDomain(real), real).toBe(false);
    }
  });
});
