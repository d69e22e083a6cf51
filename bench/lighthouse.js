// `node bench/lighthouse.js`: Lighthouse (mobile preset) for the main pages against a running shop
// (BASE_URL, default http://127.0.0.1:3000) in the system Chromium. Lighthouse is fetched by npx on demand
// so it does not weigh on `npm ci`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const pages = ['/', '/parkplatz/frankfurt', '/parkplatz'];
const out = {};
for (const p of pages) {
  const json = execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@12.2.3',
      BASE + p,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).toString();
  const report = JSON.parse(json);
  out[p] = Object.fromEntries(Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
  console.log(p, out[p]);
}
fs.writeFileSync('bench/lighthouse.json', JSON.stringify(out, null, 2) + '\n');
