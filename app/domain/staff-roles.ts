/**
 * What each back-office role may do (issue 15 item 1, DESIGN §6 Staff). Pure rules: the guard
 * (`app/routes/admin/helpers/staff-guard.server.ts`, `server/api/admin/router.ts`) asks `can()` before any work, and the
 * services narrow an operator to its own company's lots with `operatorScope()`.
 */

/**
 * Back-office roles, in the order the staff page offers them; mirrors the `staff.role` check constraint. `accountant`
 * (issue 34 item 5, decision 0053): the tax adviser's or bookkeeper's read-only access to the month's books.
 */
export const STAFF_ROLES = ['admin', 'support', 'operator', 'accountant'] as const;
/** A back-office role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The areas of the back office. `prices` covers tariffs, price lists and seasons; `capacity` daily capacity,
 * blackout days and overrides; `airports` lock/unlock and lots; `checkin` the car park's barrier page.
 */
export type StaffPermission =
  | 'dashboard'
  | 'reservations'
  | 'customers'
  | 'mails'
  | 'checkin'
  | 'prices'
  | 'capacity'
  | 'airports'
  | 'coupons'
  | 'reviews'
  | 'staff'
  | 'audit'
  // the payment reconciliation (issue 33 item 6)
  | 'payments'
  // the accountant's month: DATEV, CSV and the documents' ZIP (issue 34 item 5)
  | 'accounting';

/**
 * Role → permissions. Issue 15: `admin` everything; `support` reservations, customers, mails — no prices;
 * `operator` only the lots of its own company: their arrivals, reservations, check-in, prices and capacity
 * (the anchors' partner portals let operators manage prices and capacity). Issue 34 item 5: `accountant` only the
 * accountant's month (downloads, no write; no dashboard: its operational lists link into reservations it may not
 * open), and `admin` has that too.
 */
const PERMISSIONS: Record<StaffRole, ReadonlySet<StaffPermission>> = {
  admin: new Set<StaffPermission>([
    'dashboard',
    'reservations',
    'customers',
    'mails',
    'checkin',
    'prices',
    'capacity',
    'airports',
    'coupons',
    'reviews',
    'staff',
    'audit',
    'payments',
    'accounting',
  ]),
  support: new Set<StaffPermission>(['dashboard', 'reservations', 'customers', 'mails', 'checkin']),
  operator: new Set<StaffPermission>(['dashboard', 'reservations', 'checkin', 'prices', 'capacity']),
  accountant: new Set<StaffPermission>(['accounting']),
};

/** Who is acting in the back office: the signed-in staff member, as the services see them. */
export type StaffActor = {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** the operator company (`parking_lots.operator`) an `operator` is limited to; null for admin and support */
  operator: string | null;
};

/** Whether `actor` may use `permission` at all (an operator is further limited by {@link operatorScope}). */
export function can(actor: Pick<StaffActor, 'role'>, permission: StaffPermission): boolean {
  return PERMISSIONS[actor.role].has(permission);
}

/**
 * The operator company whose lots `actor` is limited to, or null for no limit (admin, support). Services filter
 * lots, tariffs, reservations and customers by it; a record outside the scope is answered as not found (404),
 * never as forbidden, so an operator learns nothing of another's data (issue 15 "Done when").
 */
export function operatorScope(actor: Pick<StaffActor, 'role' | 'operator'>): string | null {
  return actor.role === 'operator' ? actor.operator : null;
}

/**
 * The back-office page a member starts on (`/admin` without a path after it, the sign-in's default): the dashboard
 * for every role that has it, else the accountant's month (an accountant has no dashboard).
 */
export function staffHomePath(actor: Pick<StaffActor, 'role'>): '/admin' | '/admin/buchhaltung' {
  return can(actor, 'dashboard') ? '/admin' : '/admin/buchhaltung';
}

/** True when `value` names a role. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** A staff member as the staff page lists it (`services/backoffice/staff-auth.server.ts` reads it). */
export type StaffListEntry = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  operator: string | null;
  status: 'active' | 'invited' | 'disabled';
  /** no password set yet: the invitation can be sent again */
  canResend: boolean;
  lastSignInAt: Date | null;
};
