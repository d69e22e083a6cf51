/**
 * Prepares one migrated and seeded database that every test file clones (issue 2: no initdb per test):
 * PGlite → a dumped data dir (tarball) in `.data/test/`; PostgreSQL → a template database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../database/client.server.ts';
import { seedDatabase } from '../../database/seed/index.ts';

export const TEMPLATE_FILE = path.resolve('.data/test/pglite-template.tar.gz');
export const PG_TEMPLATE_DB = 'parkshop_test_template';

export default async function setup(project: { name: string }) {
  if (project.name === 'integration-pg') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const stale = await admin.query(`select datname from pg_database where datname like 'parkshop_test_%'`);
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database "${PG_TEMPLATE_DB}"`);
    await admin.end();
    url.pathname = `/${PG_TEMPLATE_DB}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.migrate();
    await seedDatabase(handle.db);
    await handle.close();
    return;
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
