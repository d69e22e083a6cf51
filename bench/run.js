// `npm run bench`: throughput and latency of the main pages and an API call (autocannon), and the JavaScript
// each route ships (gzip bytes of the scripts its HTML loads). Runs the production build on a throw-away
// PGlite data dir, or on PostgreSQL when DATABASE_URL is set. Writes bench/results.json and prints a table.
// Then the PDF documents' render times (bench/documents.js; fails the run when a median exceeds 300 ms).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function day(offset, time) {
  const d = new Date(Date.now() + offset * 86400000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

const PAGES = {
  index: '/',
  'airports.index': '/parkplatz',
  'airports.show': '/parkplatz/frankfurt',
  'checkout.tariffs': `/buchung/tarife?airport=frankfurt&entry=${day(30, '08:00')}&exit=${day(37, '18:00')}`,
};

buildIfNeeded();
const dataDir = path.resolve('.data/bench');
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['server.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/translations/de.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function scriptBytes(pagePath) {
  const html = await (await fetch(BASE + pagePath)).text();
  const urls = new Set([...html.matchAll(/(?:modulepreload" href|src)="(\/js\/[^"]+\.js)"/g)].map((m) => m[1]));
  let gzip = 0;
  for (const url of urls) gzip += zlib.gzipSync(Buffer.from(await (await fetch(BASE + url)).arrayBuffer())).length;
  return { files: urls.size, gzipKiB: +(gzip / 1024).toFixed(1) };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: DURATION, headers }, (err, result) => {
      if (err) reject(err);
      else
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
        });
    });
  });
}

try {
  await waitForServer();
  const results = {
    date: new Date().toISOString(),
    durationSeconds: DURATION,
    driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    routes: {},
  };
  for (const [name, p] of Object.entries(PAGES)) {
    results.routes[name] = { ...(await load(BASE + p)), js: await scriptBytes(p) };
  }
  results.routes['api auth/check'] = await load(`${BASE}/api/auth/check`, { 'X-Requested-With': 'XMLHttpRequest' });
  fs.writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
  console.log(`\n| route | req/s | p50 ms | p99 ms | non-2xx | JS (gzip KiB, files) |\n|---|---|---|---|---|---|`);
  for (const [name, r] of Object.entries(results.routes)) {
    console.log(
      `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.js ? `${r.js.gzipKiB} (${r.js.files})` : '–'} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
}

// PDF documents (voucher, invoice, credit note): render time per document, no server involved.
const documents = spawnSync(process.execPath, ['bench/documents.js'], { stdio: 'inherit' });
if (documents.status !== 0) process.exitCode = 1;
