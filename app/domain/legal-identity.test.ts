import { describe, expect, it } from 'vitest';
import {
  companyName,
  isValidEconomicId,
  isValidRegisterCourt,
  isValidRegisterNumber,
  normalizeRegisterNumber,
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
