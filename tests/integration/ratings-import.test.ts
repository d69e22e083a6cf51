/**
 * The reviews import (decision 0014): the demo set is upserted idempotently; eKomi (from the fixture in the
 * shape of its getFeedback answer) files reviews under the airport of the reservation whose reference is the
 * order id, replaces the demo reviews, and is idempotent too; a failing eKomi changes nothing. The
 * `npm run ratings:import` command refuses while the shop holds the PGlite data directory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../database/schema.ts';
import { EkomiError } from '../../app/services/ratings/ekomi.server.ts';
import { importRatings } from '../../app/services/ratings/ratings-import.server.ts';
import { runRatingsImportCommand } from '../../server/ratings-import-command.server.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, type TestApp } from './harness.ts';

const FIXTURE = fs.readFileSync(path.resolve('tests/fixtures/ekomi-feedback.json'), 'utf8');
const DEMO_ENV = { EKOMI_API_URL: 'https://api.ekomi.example/v3', EKOMI_IMPORT_INTERVAL_MINUTES: 0 };
const EKOMI_ENV = { ...DEMO_ENV, EKOMI_INTERFACE_ID: '104711', EKOMI_INTERFACE_PASSWORD: 's3cr3t-pw' };

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** Every stored review in a stable order, without the import time. */
async function snapshot() {
  const rows = await test.ctx.db.select().from(reviews).orderBy(asc(reviews.provider), asc(reviews.providerReviewId));
  return rows.map(({ importedAt: _, ...row }) => row);
}

const answering = (body: string) => (async () => new Response(body)) as unknown as typeof fetch;

describe('demo import (no eKomi configured)', () => {
  it('changes nothing on a seeded database, and restores edited or deleted demo reviews', async () => {
    const before = await snapshot();
    const again = await importRatings({ db: test.ctx.db, env: DEMO_ENV });
    expect(again).toMatchObject({ provider: 'demo', inserted: 0, updated: 0, skipped: 0, removedDemo: 0 });
    expect(again.unchanged).toBe(before.length);
    expect(await snapshot()).toEqual(before);

    const [first, second, third] = before;
    await test.ctx.db.update(reviews).set({ comment: 'geändert' }).where(eq(reviews.id, first.id));
    await test.ctx.db.update(reviews).set({ translations: {} }).where(eq(reviews.id, second.id));
    await test.ctx.db.delete(reviews).where(eq(reviews.id, third.id));
    const repair = await importRatings({ db: test.ctx.db, env: DEMO_ENV });
    expect(repair).toMatchObject({ inserted: 1, unchanged: before.length - 1 - repair.updated });
    expect(repair.updated).toBe(Object.keys(second.translations).length > 0 ? 2 : 1);
    const after = await snapshot();
    expect(after.map(({ id: _, ...r }) => r)).toEqual(before.map(({ id: _, ...r }) => r));

    const third_run = await importRatings({ db: test.ctx.db, env: DEMO_ENV });
    expect(third_run).toMatchObject({ inserted: 0, updated: 0, unchanged: before.length });
  });
});

describe('eKomi import', () => {
  it('files reviews by reservation, replaces the demo reviews, and is idempotent', async () => {
    await insertReservation(test.ctx.db, { reference: '7K2M9QXA', iata: 'MUC' });
    const seen: string[] = [];
    const fetchFixture = (async (url: URL) => {
      seen.push(String(url));
      return new Response(FIXTURE);
    }) as unknown as typeof fetch;

    const first = await importRatings({ db: test.ctx.db, env: EKOMI_ENV, fetch: fetchFixture });
    expect(seen[0]).toMatch(/^https:\/\/api\.ekomi\.example\/v3\/getFeedback\?auth=104711%7Cs3cr3t-pw&/);
    expect(first).toMatchObject({ provider: 'ekomi', received: 11, inserted: 8, updated: 0, unchanged: 0, skipped: 3 });
    expect(first.removedDemo).toBeGreaterThan(300);

    const rows = await snapshot();
    expect(rows.every((r) => r.provider === 'ekomi')).toBe(true);
    expect(rows.find((r) => r.providerReviewId === '7K2M9QXA')).toMatchObject({ ratingId: 'eap-muc', rating: 5 });
    expect(rows.filter((r) => r.ratingId === 'eap-shop')).toHaveLength(7);
    expect(rows.find((r) => r.providerReviewId === 'M1XW4R7C')?.locale).toBe('en');

    const second = await importRatings({ db: test.ctx.db, env: EKOMI_ENV, fetch: fetchFixture });
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 8, removedDemo: 0 });
    expect(await snapshot()).toEqual(rows);
  });

  it('keeps a translation while the text stays, drops it when the customer edits the text', async () => {
    await test.ctx.db
      .update(reviews)
      .set({ translations: { en: 'All perfect.' } })
      .where(eq(reviews.providerReviewId, 'Q4TN8K2E'));
    const same = await importRatings({ db: test.ctx.db, env: EKOMI_ENV, fetch: answering(FIXTURE) });
    expect(same).toMatchObject({ inserted: 0, updated: 0 });
    const edited = FIXTURE.replace('  Alles perfekt.  ', 'Alles perfekt, nur die Zufahrt war schlecht beschildert.');
    const changed = await importRatings({ db: test.ctx.db, env: EKOMI_ENV, fetch: answering(edited) });
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 7 });
    const [row] = await test.ctx.db.select().from(reviews).where(eq(reviews.providerReviewId, 'Q4TN8K2E'));
    expect(row).toMatchObject({
      comment: 'Alles perfekt, nur die Zufahrt war schlecht beschildert.',
      translations: {},
    });
  });

  it('changes nothing when eKomi cannot be read', async () => {
    const before = await snapshot();
    for (const body of ['Access denied', '{"error":"auth"}']) {
      await expect(importRatings({ db: test.ctx.db, env: EKOMI_ENV, fetch: answering(body) })).rejects.toThrow(
        EkomiError,
      );
    }
    expect(await snapshot()).toEqual(before);
    const [{ n }] = await test.ctx.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(n).toBe(8);
  });
});

describe('npm run ratings:import', () => {
  it('refuses with a clear message while another process holds the PGlite data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratings-import-'));
    const shop = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    try {
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), `${shop.pid}\n`);
      process.env.DATA_DIR = dataDir;
      delete process.env.DATABASE_URL;
      const out: string[] = [];
      const err: string[] = [];
      const code = await runRatingsImportCommand({ out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain(`is open in process ${shop.pid}`);
      expect(err.join('\n')).toMatch(/stop the shop.*DATABASE_URL/s);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false); // never opened
    } finally {
      shop.kill();
      Object.assign(process.env, saved);
      if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
