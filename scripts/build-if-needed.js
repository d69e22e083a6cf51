// Builds the production bundle when it is missing or older than any source file ("npm start builds if needed").
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SOURCES = [
  'app',
  'server',
  'database',
  'locales',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];
const OUTPUT = 'build/server/index.js';

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/**
 * Runs `fn` holding this checkout's build lock (a directory in the temp dir holding the owner's pid): several test
 * files, or a test file and `npm start`, that find the build stale at once build one after another, and the later
 * ones find it fresh, instead of writing `build/` together. A lock left by a killed process is taken over.
 */
function withBuildLock(fn) {
  const lock = path.join(
    os.tmpdir(),
    `parkshop-build-${crypto.createHash('sha1').update(process.cwd()).digest('hex')}.lock`,
  );
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let owner = 0;
      try {
        owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // created, pid not written yet
      }
      let alive = true;
      if (owner > 0) {
        try {
          process.kill(owner, 0);
        } catch {
          alive = false;
        }
      }
      if (!alive) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200); // the owner is building: wait for it
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `react-router build` when needed; exits the process on a failed build. */
export function buildIfNeeded() {
  const result = withBuildLock(buildWhenStale);
  if (result === 'failed') {
    console.error('Build failed.');
    process.exit(1);
  }
  return result;
}

function buildWhenStale() {
  const built = fs.existsSync(OUTPUT) ? fs.statSync(OUTPUT).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built > sources) return false;
  console.log(built ? 'Sources changed: rebuilding…' : 'No build yet: building…');
  // Always the production bundle: a caller under vitest (NODE_ENV=test) would otherwise get React's development build.
  const result = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return result.status === 0 ? true : 'failed';
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
