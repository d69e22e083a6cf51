/**
 * The database of a fault test's server processes (issue 14): a PGlite data directory or a PostgreSQL database, both
 * copied from the integration suite's migrated and seeded template (so the server starts without seeding), and a way
 * for the test to query it. A PGlite data directory opens in one process at a time: query it only while no server
 * runs on it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_FILE } from './global-setup.ts';

/** Whether this vitest project runs against PostgreSQL (TEST_DATABASE_URL). */
export const POSTGRES = process.env.TEST_DRIVER === 'postgres';

/** A fault test's own database: the server environment that opens it, a query function and the clean-up. */
export type FaultDatabase = {
  /** `DATA_DIR` and `DATABASE_URL` for `startServer` */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Runs one SQL statement; on PGlite only while no server holds the data directory. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  drop: () => Promise<void>;
};

/** Copies the template into `dataDir` (PGlite) or a new database named after the run (PostgreSQL). */
export async function createFaultDatabase(dataDir: string): Promise<FaultDatabase> {
  if (POSTGRES) {
    const template = inject('pgTemplate');
    const name = `${template.replace(/_template$/, '')}_fault_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // `drop … with (force)` may still find a connection `pool.end()` is closing and terminate it (57P01): expected
    // then, and without a listener the pool would raise it as an unhandled error of the test run.
    pool.on('error', () => {});
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      drop: async () => {
        await pool.end();
        const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      },
    };
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const seeded = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) });
  await seeded.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    query: async <T>(sql: string, params: unknown[] = []) => {
      const client = await PGlite.create({ dataDir: pgliteDir });
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.close();
      }
    },
    drop: async () => {},
  };
}
