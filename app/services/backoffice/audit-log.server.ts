/**
 * The back office's audit log (issue 15 item 1): every write of the back office records who did it, when, what
 * and the values before → after, in the same transaction as the write (so a rolled-back change leaves no row and
 * a committed one always has its row).
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { auditLog, staff } from '#database/schema.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';

/** Fields never written to the audit log (secrets), removed at any depth of `before`/`after`. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'totpSecret', 'recoveryCodeHashes', 'tokenHash', 'token']);

/** One audit entry: `action` like `tariff.price_list.update`, the entity (`price_list`) and its id. */
export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

/**
 * Records one back-office write. Call it inside the write's transaction (`tx`). `actor` null: the one-time setup
 * link (no staff yet). Secrets (password hashes, TOTP secrets, tokens) are dropped from before/after.
 */
export async function recordAudit(
  tx: Database,
  actor: Pick<StaffActor, 'staffId'> | null,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor?.staffId ?? null,
    at: now,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : withoutSecrets(entry.before),
    after: entry.after === undefined ? null : withoutSecrets(entry.after),
  });
}

/** An audit row as the back office shows it: with the staff member's e-mail (null for the setup link). */
export type AuditRow = {
  id: number;
  at: Date;
  staffEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
};

/**
 * The newest audit rows, 50 per page (`beforeId`: the smallest id of the previous page), optionally of one
 * entity (and id).
 */
export async function listAudit(
  db: Database,
  filter: { entity?: string; entityId?: string; beforeId?: number; limit?: number } = {},
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.beforeId) conditions.push(lt(auditLog.id, filter.beforeId));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffEmail: staff.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit ?? 50);
}

/** The distinct entities of the audit log (the audit page's filter), sorted. */
export async function auditEntities(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((r) => r.entity);
}
