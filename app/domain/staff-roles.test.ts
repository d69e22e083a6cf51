import { describe, expect, it } from 'vitest';
import { can, isStaffRole, operatorScope, staffHomePath, STAFF_ROLES, type StaffPermission } from './staff-roles.ts';

describe('staff roles', () => {
  it('gives admin every area, support no prices, operator no staff or coupons', () => {
    expect(can({ role: 'admin' }, 'prices')).toBe(true);
    expect(can({ role: 'admin' }, 'staff')).toBe(true);
    expect(can({ role: 'support' }, 'reservations')).toBe(true);
    expect(can({ role: 'support' }, 'mails')).toBe(true);
    expect(can({ role: 'support' }, 'prices')).toBe(false);
    expect(can({ role: 'support' }, 'capacity')).toBe(false);
    expect(can({ role: 'operator' }, 'checkin')).toBe(true);
    expect(can({ role: 'operator' }, 'prices')).toBe(true);
    expect(can({ role: 'operator' }, 'coupons')).toBe(false);
    expect(can({ role: 'operator' }, 'staff')).toBe(false);
    expect(can({ role: 'operator' }, 'mails')).toBe(false);
  });

  it('gives the accountant the month and nothing else; admin has the month too', () => {
    const others: StaffPermission[] = ['dashboard', 'reservations', 'customers', 'mails', 'checkin', 'prices'];
    others.push('capacity', 'airports', 'coupons', 'reviews', 'staff', 'audit', 'payments');
    expect(can({ role: 'accountant' }, 'accounting')).toBe(true);
    for (const permission of others) expect(can({ role: 'accountant' }, permission), permission).toBe(false);
    expect(can({ role: 'admin' }, 'accounting')).toBe(true);
    expect(can({ role: 'support' }, 'accounting')).toBe(false);
    expect(can({ role: 'operator' }, 'accounting')).toBe(false);
  });

  it('starts the accountant on the month, everyone else on the dashboard', () => {
    expect(STAFF_ROLES.map((role) => staffHomePath({ role }))).toEqual([
      '/admin',
      '/admin',
      '/admin',
      '/admin/buchhaltung',
    ]);
  });

  it('limits only operators to their company', () => {
    expect(operatorScope({ role: 'operator', operator: 'Park & Fly GmbH' })).toBe('Park & Fly GmbH');
    expect(operatorScope({ role: 'admin', operator: null })).toBeNull();
    expect(operatorScope({ role: 'support', operator: null })).toBeNull();
  });

  it('recognises role names only', () => {
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('accountant')).toBe(true);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});
