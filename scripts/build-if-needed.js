// Builds the production bundle when it is missing or older than any source file ("npm start builds if needed").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

/** Runs `react-router build` when needed; exits the process on a failed build. */
export function buildIfNeeded() {
  const built = fs.existsSync(OUTPUT) ? fs.statSync(OUTPUT).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built > sources) return false;
  console.log(built ? 'Sources changed: rebuilding…' : 'No build yet: building…');
  // Always the production bundle: a caller under vitest (NODE_ENV=test) would otherwise get React's development build.
  const result = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('Build failed.');
    process.exit(result.status ?? 1);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
