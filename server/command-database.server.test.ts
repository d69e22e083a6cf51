import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCommandDatabase } from './command-database.server.ts';
import type { Env } from './env.server.ts';

describe('withCommandDatabase', () => {
  it('refuses a DATA_DIR without a database (a command changes an existing shop) and opens nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-db-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'silent' } as unknown as Env;
      let ran = false;
      await expect(
        withCommandDatabase(env, async () => {
          ran = true;
        }),
      ).rejects.toThrow(`No database: neither DATABASE_URL nor a PGlite database in ${path.join(dataDir, 'pglite')}`);
      expect(ran).toBe(false);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
