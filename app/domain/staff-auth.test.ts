import { describe, expect, it } from 'vitest';
import {
  adminNextPath,
  auditChanges,
  formatRecoveryCode,
  recoveryCodeOf,
  StaffInviteSchema,
  StaffSetupSchema,
  totpCodeOf,
} from './staff-auth.ts';

describe('adminNextPath', () => {
  it('keeps back-office paths of this site, German and English, with query', () => {
    expect(adminNextPath('/admin', '/x')).toBe('/admin');
    expect(adminNextPath('/admin/protokoll?entity=staff', '/x')).toBe('/admin/protokoll?entity=staff');
    expect(adminNextPath('/en/admin/mitarbeiter', '/x')).toBe('/en/admin/mitarbeiter');
  });
  it('refuses other sites, other pages, tricks and the sign-in pages', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/admin\\..\\x',
      '/administrator',
      '/konto',
      '/admin/anmelden',
      '/en/admin/anmelden/code',
      '/admin/einrichten/abc',
      '/admin/einladung/abc',
      '/admin/abmelden',
      '/admin x',
      `/admin/${'a'.repeat(2001)}`,
    ]) {
      expect(adminNextPath(raw, '/admin')).toBe('/admin');
    }
  });
});

describe('codes', () => {
  it('reads six-digit TOTP codes, spaces allowed', () => {
    expect(totpCodeOf('123456')).toBe('123456');
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('1234567')).toBeNull();
    expect(totpCodeOf('abcdef')).toBeNull();
  });
  it('reads recovery codes in any case, with or without dash and spaces', () => {
    expect(recoveryCodeOf('ab3de-12x45')).toBe('ab3de12x45');
    expect(recoveryCodeOf(' AB3DE 12X45 ')).toBe('ab3de12x45');
    expect(recoveryCodeOf('ab3de-12x4')).toBeNull();
    expect(recoveryCodeOf('ab3de_12x45')).toBeNull();
    expect(formatRecoveryCode('ab3de12x45')).toBe('ab3de-12x45');
  });
});

describe('auditChanges', () => {
  it('lists only changed fields, sorted, as text', () => {
    expect(
      auditChanges({ a: 1, b: 'x', c: null, d: { e: 1 } }, { a: 2, b: 'x', c: 'now', d: { e: 1 }, f: [1] }),
    ).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'c', before: null, after: 'now' },
      { field: 'f', before: null, after: '[1]' },
    ]);
  });
  it('handles a created or deleted record and plain values', () => {
    expect(auditChanges(null, { name: 'Ada' })).toEqual([{ field: 'name', before: null, after: 'Ada' }]);
    expect(auditChanges({ name: 'Ada' }, null)).toEqual([{ field: 'name', before: 'Ada', after: null }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(3, 4)).toEqual([{ field: 'value', before: '3', after: '4' }]);
  });
});

describe('schemas', () => {
  it('requires the operator company for operators only, and drops it for other roles', () => {
    const base = { email: 'A@B.de', name: 'A', role: 'operator' };
    expect(StaffInviteSchema.safeParse(base).success).toBe(false);
    expect(StaffInviteSchema.parse({ ...base, operator: ' X GmbH ' })).toEqual({
      email: 'a@b.de',
      name: 'A',
      role: 'operator',
      operator: 'X GmbH',
    });
    expect(StaffInviteSchema.parse({ ...base, role: 'support', operator: 'X GmbH' }).operator).toBeNull();
    expect(StaffInviteSchema.safeParse({ ...base, role: 'boss' }).success).toBe(false);
  });
  it('checks the setup form: e-mail, name, matching passwords', () => {
    const ok = {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'x'.repeat(12),
      passwordConfirmation: 'x'.repeat(12),
    };
    expect(StaffSetupSchema.safeParse(ok).success).toBe(true);
    const mismatch = StaffSetupSchema.safeParse({ ...ok, passwordConfirmation: 'y' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['passwordConfirmation'],
      message: 'validation.password.confirmation',
    });
    expect(StaffSetupSchema.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    expect(StaffSetupSchema.safeParse({ ...ok, name: ' ' }).success).toBe(false);
  });
});
