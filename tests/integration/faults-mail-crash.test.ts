/**
 * Mail after a crash (issue 31 item 11), on the real production server (`node server.js`, one process): the mail
 * worker claims a batch and is killed (`kill -9`) in the middle of it — one mail delivered, the next one held by a
 * mail server that never greets. The restarted shop sends every mail the dead one had claimed within 60 s of the
 * kill (the claim's lease is short and was kept alive only by the dead worker's heartbeat), and each mail exactly
 * once: the one delivered before the kill is not sent again. Runs in both projects (PGlite's data directory and
 * PostgreSQL). The mail server is the test's own (tests/fixtures/fake-smtp.ts).
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fixtures/fake-smtp.ts';
import { createFaultDatabase, type FaultDatabase } from './fault-database.ts';
import {
  buildIfNeeded,
  exited,
  startServer,
  stopServer,
  tempDir,
  waitReady,
  type ServerProcess,
} from './server-process.ts';

let dataDir: string;
let database: FaultDatabase;
let smtp: FakeSmtp;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  buildIfNeeded();
  dataDir = tempDir('faults-mail');
  database = await createFaultDatabase(dataDir);
  smtp = await startFakeSmtp();
}, 600_000);
afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
});
afterAll(async () => {
  await smtp?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Polls `check` every 100 ms until it is true; fails with `what` when `deadline` (epoch ms) has passed. */
async function until(check: () => boolean, deadline: number, what: () => string): Promise<void> {
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('kill -9 of the mail worker in the middle of a batch', () => {
  it('the restarted shop resends the claimed mail within 60 s, each mail exactly once', async () => {
    const SUBJECTS = ['crash mail 1', 'crash mail 2', 'crash mail 3'];
    // Queued before the start, due now: the worker's first run claims all three (one batch).
    for (const subject of SUBJECTS) {
      await database.query(
        `insert into mail_outbox (kind, locale, "to", subject, html, text, status)
         values ('contact_copy', 'de', 'guest@example.com', $1, '<p>x</p>', 'x', 'pending')`,
        [subject],
      );
    }
    // The first connection delivers, the second one is never greeted: the worker hangs in the second mail.
    smtp.setMode((connection) => (connection === 1 ? 'deliver' : 'greeting'));
    const env = { ...database.env, SMTP_URL: smtp.url };
    const first = await startServer(env);
    servers.push(first);
    await until(
      () => smtp.held() === 1 || first.child.exitCode !== null,
      Date.now() + 60_000,
      () => `the worker never reached the second mail:\n${first.output()}`,
    );
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await exited(first.child)).toBe('SIGKILL');
    expect(smtp.subjects).toEqual([SUBJECTS[0]]);

    // The dead worker left its claim: the first mail recorded as sent, the other two pending but not due.
    const left = await database.query<{ subject: string; status: string; claimed: boolean }>(
      `select subject, status, status = 'pending' and next_attempt_at > now() as claimed
         from mail_outbox where subject = any($1) order by id`,
      [SUBJECTS],
    );
    expect(left).toEqual([
      { subject: SUBJECTS[0], status: 'sent', claimed: false },
      { subject: SUBJECTS[1], status: 'pending', claimed: true },
      { subject: SUBJECTS[2], status: 'pending', claimed: true },
    ]);

    // A new process on the same data; the mail server answers again.
    smtp.setMode('deliver');
    const second = await startServer(env);
    servers.push(second);
    await waitReady(second);
    await until(
      () => smtp.subjects.length >= SUBJECTS.length,
      killedAt + 60_000,
      () => `claimed mail not resent within 60 s of the kill (received: ${smtp.subjects.join(', ')})`,
    );
    console.info(`mail after kill -9: resent ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);

    // Exactly once: every mail reached the mail server one time, and the outbox says so.
    expect([...smtp.subjects].sort()).toEqual(SUBJECTS);
    const rows = await database.query<{ status: string; attempts: number }>(
      `select status, attempts from mail_outbox where subject = any($1) order by id`,
      [SUBJECTS],
    );
    expect(rows).toEqual(SUBJECTS.map(() => ({ status: 'sent', attempts: 1 })));
  }, 150_000);
});
