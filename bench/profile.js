// `npm run profile` (issue 11): a CPU profile of the tariffs page under load. Starts the production build with
// `node --cpu-prof` on a throw-away PGlite data dir (or PostgreSQL when DATABASE_URL is set), warms up, loads
// `checkout.tariffs` with autocannon (PROFILE_SECONDS, default 10; 10 connections), stops the server with
// SIGTERM so V8 writes the profile, keeps it as `.data/profile/tariffs-<date>.cpuprofile` (open it in Chrome
// DevTools → Performance, or speedscope) and prints the functions and modules with the most self time.
// PROFILE_PATH profiles another page; PROFILE_PORT (default 3198) picks the port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

const PORT = Number(process.env.PROFILE_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 25);

function day(offset, time) {
  const d = new Date(Date.now() + offset * 86400000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}
const PAGE =
  process.env.PROFILE_PATH ?? `/buchung/tarife?airport=frankfurt&entry=${day(30, '08:00')}&exit=${day(37, '18:00')}`;

buildIfNeeded();
const outDir = path.resolve('.data/profile');
const rawDir = path.join(outDir, 'raw');
const dataDir = path.resolve('.data/profile-db');
fs.rmSync(rawDir, { recursive: true, force: true });
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(rawDir, { recursive: true });

const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${rawDir}`, 'server.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: BASE,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // one process: the profile shows one worker's whole request path
    WEB_CONCURRENCY: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => server.on('exit', resolve));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function load(seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url: BASE + PAGE, connections: 10, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * Self time per function and per module (package or source file), ms, from a V8 `.cpuprofile`, counting only
 * the samples taken after `skipMs` from the profile's start (the start-up: migrations, seed, JIT warm-up).
 */
function summarize(profile, skipMs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map();
  let elapsedMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const deltaMs = (profile.timeDeltas[i] ?? 0) / 1000;
    elapsedMs += deltaMs;
    if (elapsedMs < skipMs) continue;
    const id = profile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + deltaMs);
  }
  const functions = new Map();
  const modules = new Map();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const { callFrame } = byId.get(id);
    total += ms;
    const name = callFrame.functionName || '(anonymous)';
    const where = callFrame.url ? `${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
    const fnKey = where ? `${name} ${where}` : name;
    functions.set(fnKey, (functions.get(fnKey) ?? 0) + ms);
    const mod = moduleOf(callFrame.url, name);
    modules.set(mod, (modules.get(mod) ?? 0) + ms);
  }
  const top = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, ms]) => ({ key, ms: Math.round(ms), percent: +((100 * ms) / total).toFixed(1) }));
  return { totalMs: Math.round(total), functions: top(functions), modules: top(modules) };
}

function shortUrl(url) {
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

function moduleOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const file = shortUrl(url);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  if (file.startsWith('node:')) return file;
  return file;
}

const spawnedAt = performance.now();
let result;
let skipMs = 0;
try {
  await waitForServer();
  // Warm-up: JIT, caches, connection pool.
  await load(Math.min(3, SECONDS));
  // The profile starts with the process (≈ the spawn): what came before the measured load is left out.
  skipMs = performance.now() - spawnedAt;
  result = await load(SECONDS);
} finally {
  server.kill('SIGTERM');
}
await exited;

const files = fs.readdirSync(rawDir).filter((f) => f.endsWith('.cpuprofile'));
if (files.length === 0) {
  console.error('no profile written: the server did not exit cleanly');
  process.exit(1);
}
// The largest profile is the worker that served the requests (a cluster primary writes a small one).
const largest = files
  .map((f) => ({ f, size: fs.statSync(path.join(rawDir, f)).size }))
  .sort((a, b) => b.size - a.size)[0].f;
const target = path.join(outDir, `tariffs-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
fs.renameSync(path.join(rawDir, largest), target);
const summary = summarize(JSON.parse(fs.readFileSync(target, 'utf8')), skipMs);

console.log(
  `\n${PAGE}\n${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `non-2xx ${result.non2xx}, errors ${result.errors} (with the profiler on)`,
);
console.log(`profile: ${path.relative(process.cwd(), target)} (${summary.totalMs} ms sampled under load)\n`);
console.log(`| self ms | % | module |\n|---|---|---|`);
for (const m of summary.modules) console.log(`| ${m.ms} | ${m.percent} | ${m.key} |`);
console.log(`\n| self ms | % | function |\n|---|---|---|`);
for (const f of summary.functions) console.log(`| ${f.ms} | ${f.percent} | ${f.key} |`);
