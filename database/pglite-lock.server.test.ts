import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './pglite-lock.server.ts';

const dirs: string[] = [];
function tempDataDir(): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
  dirs.push(base);
  return path.join(base, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('writes the process id beside the data directory and removes it on release', () => {
    const dir = tempDataDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    expect(lockDataDir(dir)).toBeTypeOf('function'); // the same process may open it again
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds the lock', async () => {
    const dir = tempDataDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(`${dir}.lock`, `${child.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${child.pid}`));
    } finally {
      child.kill();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = tempDataDir();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(`${dir}.lock`, `${child.pid}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
