/**
 * `npm run airport -- lock|unlock <slug>` (scripts/airport.js, issue 10): its usage errors, its refusal to open a
 * PGlite directory that a live but silent server holds, and the way through a running server's admin endpoint.
 * (The way without a server opens the database through the production build; the README shows it.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports } from '../../database/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

const run = promisify(execFile);
let test: TestApp;
let dataDir: string;

/** Runs the command with this test's DATA_DIR; resolves its exit code and output. */
async function airport(args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/airport.js', ...args], { env, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A port nobody listens on (bound and released). */
async function closedPort(): Promise<number> {
  const server = (await import('node:net')).createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-cli-'));
  test = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run airport', () => {
  it('explains its usage (exit code 2)', async () => {
    expect((await airport([])).code).toBe(2);
    expect((await airport(['open', 'kassel'])).stderr).toContain('Usage: npm run airport -- lock|unlock <slug>');
    expect((await airport(['unlock', '../etc'])).code).toBe(2);
  });

  it('refuses to open the PGlite directory of a live server that does not answer (exit code 1)', async () => {
    const file = { token: 'x'.repeat(43), pid: process.pid, port: await closedPort(), host: '127.0.0.1' };
    fs.writeFileSync(path.join(dataDir, 'admin-token'), JSON.stringify(file), { mode: 0o600 });
    const result = await airport(['unlock', 'kassel']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The shop (process ${process.pid}) holds the database`);
    expect(result.stderr).toContain('Refusing');
  });

  it('asks the running server through its admin endpoint', async () => {
    const server = test.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      test.ctx.adminToken = 'cli-test-token-0123456789abcdefghijklmnopq';
      const file = { token: test.ctx.adminToken, pid: process.pid, port, host: '0.0.0.0' };
      fs.writeFileSync(path.join(dataDir, 'admin-token'), JSON.stringify(file), { mode: 0o600 });

      const unlocked = await airport(['unlock', 'kassel']);
      expect(unlocked.code).toBe(0);
      expect(unlocked.stdout).toMatch(
        /Airport kassel is now unlocked; 0 notification mails sent \(through the running shop/,
      );
      const [row] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'kassel'));
      expect(row.status).toBe('active');
      expect((await airport(['unlock', 'kassel'])).stdout).toContain('was already unlocked');
      expect((await airport(['lock', 'kassel'])).stdout).toContain('Airport kassel is now locked');
      const unknown = await airport(['unlock', 'atlantis']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Unknown airport "atlantis"');

      fs.writeFileSync(path.join(dataDir, 'admin-token'), JSON.stringify({ ...file, token: 'wrong' }));
      const refused = await airport(['unlock', 'kassel']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('answered 401');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
