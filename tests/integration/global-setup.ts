/**
 * Prepares one migrated and seeded database that every test file clones (issue 2: no initdb per test):
 * PGlite → a dumped data dir (tarball) in `.data/test/`; PostgreSQL → a template database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../database/client.server.ts';
import { seedDatabase } from '../../database/seed/index.ts';

export const TEMPLATE_FILE = path.resolve('.data/test/pglite-template.tar.gz');
type Project = { name: string; provide: (key: 'pgTemplate', value: string) => void };

declare module 'vitest' {
  export interface ProvidedContext {
    /** name of this run's PostgreSQL template database */
    pgTemplate: string;
  }
}

/** A test database older than this (by its run's start time) is a leftover of a crashed run: 6 hours. */
const STALE_AFTER_SECONDS = 6 * 3600;

export default async function setup(project: Project) {
  if (project.name === 'integration-pg') {
    // Each run has its own template and clones (prefix with a run id that starts with the run's start time), so
    // parallel runs on one server do not drop each other's databases; leftovers of crashed runs are removed once
    // they are older than any run takes (a running run's template has no connection between its tests, so "no
    // connection" alone would drop it from under that run).
    const runId = `${Math.floor(Date.now() / 1000).toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
    const template = `parkshop_test_${runId}_template`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const leftovers = await admin.query(
      `select datname from pg_database d where datname like 'parkshop_test_%'
         and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
    );
    for (const { datname } of leftovers.rows as { datname: string }[]) {
      const started = /^parkshop_test_([0-9a-z]+)_[0-9a-f]{8}_/.exec(datname)?.[1];
      // Names without a start time come from before this rule: they are leftovers.
      if (started && Date.now() / 1000 - parseInt(started, 36) < STALE_AFTER_SECONDS) continue;
      await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
    }
    await admin.query(`create database "${template}"`);
    await admin.end();
    url.pathname = `/${template}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.migrate();
    await seedDatabase(handle.db);
    await handle.close();
    project.provide('pgTemplate', template);
    return async () => {
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
      await cleanup.connect();
      const mine = await cleanup.query(`select datname from pg_database where datname like $1`, [
        `parkshop_test_${runId}_%`,
      ]);
      for (const row of mine.rows) await cleanup.query(`drop database if exists "${row.datname}" with (force)`);
      await cleanup.end();
    };
  }
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const client = new PGlite();
  const handle = await openDatabase({ pglite: client });
  await handle.migrate();
  await seedDatabase(handle.db);
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
