/**
 * `npm run staff -- add <email> <role> [operator]` (issue 15 item 1): the command's use case (member invited,
 * link printed and mailed, audited without actor), its usage errors, and its refusal to open a PGlite directory a
 * running shop holds. (Opening the database through the production build is the same path as `npm run airport`.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../database/schema.ts';
import { addStaffMember } from '../../server/staff-command.server.ts';
import { accountMailRows } from '../fixtures/account-mail.ts';
import { parseEml } from '../fixtures/eml.ts';
import { createTestApp, type TestApp } from './harness.ts';

const run = promisify(execFile);
let test: TestApp;
let dataDir: string;

async function staffCli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/staff.js', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  test = await createTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run staff', () => {
  it('adds a member: invitation link returned and mailed, audit row without actor', async () => {
    const result = await addStaffMember(test.ctx, {
      email: 'Jana@Example.com',
      role: 'operator',
      operator: 'ParkDirekt Rhein-Main GmbH',
    });
    expect(result).toMatchObject({
      email: 'jana@example.com',
      role: 'operator',
      operator: 'ParkDirekt Rhein-Main GmbH',
    });
    expect(result.url).toMatch(/^https:\/\/shop\.example\/admin\/einladung\/[A-Za-z0-9_-]{43}$/);
    const [member] = await test.ctx.db.select().from(staff).where(eq(staff.email, 'jana@example.com'));
    expect(member).toMatchObject({ name: 'Jana', passwordHash: null });
    const [mail] = await accountMailRows(test.ctx.db, 'jana@example.com', 'staff_invite');
    // Delivered before the command returned (its text is then only in the written .eml file).
    expect(mail.status).toBe('sent');
    const file = fs.readdirSync(path.join(dataDir, 'mail')).find((f) => f.endsWith(`-${mail.id}.eml`));
    const parsed = parseEml(fs.readFileSync(path.join(dataDir, 'mail', file!)));
    expect(parsed.text).toContain(result.url);
    expect(parsed.subject).toMatch(/Einladung in das Backoffice/);
    const [audit] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invite'), eq(auditLog.entityId, String(member.id))));
    expect(audit.staffId).toBeNull();
    await expect(addStaffMember(test.ctx, { email: 'jana@example.com', role: 'support' })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('explains its usage (exit code 2)', async () => {
    expect((await staffCli([])).code).toBe(2);
    expect((await staffCli(['add', 'a@b.de', 'boss'])).stderr).toContain('Unknown role "boss"');
    expect((await staffCli(['add', 'a@b.de', 'operator'])).stderr).toContain('needs the operator company');
    expect((await staffCli(['add', 'a@b.de', 'support', 'X GmbH'])).code).toBe(2);
  });

  it('refuses a PGlite directory a running shop holds (exit code 1), naming the way that works', async () => {
    const file = { token: 'x'.repeat(43), pid: process.pid, port: 9, host: '127.0.0.1' };
    fs.writeFileSync(path.join(dataDir, 'admin-token'), JSON.stringify(file), { mode: 0o600 });
    const refused = await staffCli(['add', 'a@b.de', 'support']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/holds the PGlite database/);
    expect(refused.stderr).toContain('/admin/mitarbeiter');
    fs.rmSync(path.join(dataDir, 'admin-token'));
  });
});
