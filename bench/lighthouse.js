// `npm run audit:lighthouse`: Lighthouse (the pinned devDependency, mobile preset = its default config) in the
// system Chromium (CHROME_PATH, default /usr/bin/chromium) on index, airports.show, checkout.tariffs and
// checkout.booking (issue 11 item 6). Starts the production build on a throw-away PGlite data dir (building
// first if needed) unless BASE_URL points at a running shop. The booking page needs a cart in the session: the
// script puts one there as a browser without JavaScript does (GET the tariffs page, POST its first "book" form)
// and hands the session cookie to Lighthouse as an extra header. Writes bench/results/lighthouse.json (the four
// category scores, LCP, TBT and CLS per page, Lighthouse's benchmarkIndex of the host, and the failed audits) and
// prints a markdown table. Each page is audited LIGHTHOUSE_RUNS times (default 5) and the run of median performance
// is reported, as Lighthouse's documentation on score variability advises; the table also lists every run's
// performance score.
// LIGHTHOUSE_PAGES (comma-separated page names) audits only those pages; LIGHTHOUSE_REPORTS=dir keeps the full reports.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3198);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? PORT + 1);
const BASE = process.env.BASE_URL ?? `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Runs per page; the one of median performance is reported (Lighthouse's advice on score variability). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

function day(offset, time) {
  const d = new Date(Date.now() + offset * 86400000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

const TARIFFS = `/buchung/tarife?airport=frankfurt&entry=${day(30, '08:00')}&exit=${day(37, '18:00')}`;

// A fresh PGlite data dir is migrated and seeded first: allow for that on a busy machine.
async function waitFor(url, seconds = 240) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

function cookieHeader(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A session cookie whose session holds a cart: the tariffs page's first "book" form, posted without JS. */
async function cartCookie() {
  const jar = new Map();
  const page = await fetch(BASE + TARIFFS);
  let cookie = cookieHeader(page, jar);
  const html = await page.text();
  const form = html.match(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)?.find((f) => f.includes('tariffId'));
  if (!form) throw new Error('no bookable tariff on the tariffs page');
  const body = new URLSearchParams();
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    body.set(name, value.replaceAll('&amp;', '&'));
  }
  const posted = await fetch(BASE + TARIFFS, {
    method: 'POST',
    body,
    headers: { Cookie: cookie, Origin: BASE },
    redirect: 'manual',
  });
  cookie = cookieHeader(posted, jar);
  if (posted.status !== 302 && posted.status !== 303) throw new Error(`putting a cart failed: ${posted.status}`);
  return cookie;
}

function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const chrome = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  return {
    ready: waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`),
    async close() {
      chrome.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still write to the profile for a moment after it exits; a profile left
      // behind in the temp dir must not discard the audit that just succeeded (it did: "ENOTEMPTY … trying again").
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
      } catch (error) {
        console.warn(`could not remove ${profile}: ${error.message}`);
      }
    },
  };
}

/** One Lighthouse run of a page in a browser of its own; throws on a runtime error. */
async function audit(name, pagePath, headers) {
  // A fresh browser per run: an earlier page's session cookie in the browser would override the extra
  // Cookie header, and each audit starts from an empty cache as a first visit does.
  const chrome = launchChromium();
  let lhr;
  try {
    await chrome.ready;
    ({ lhr } = await lighthouse(BASE + pagePath, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders: headers,
    }));
  } finally {
    await chrome.close();
  }
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * `audit`, tried again (at most twice) when Lighthouse could not record the page load: with Chromium 156 it
 * sometimes misses the navigation start in its trace (NO_NAVSTART), which says nothing about the page.
 */
async function auditWithRetry(name, pagePath, headers) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(name, pagePath, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${name}: ${error.message}; trying again`);
    }
  }
}

let server;
if (!process.env.BASE_URL) {
  buildIfNeeded();
  const dataDir = path.resolve('.data/lighthouse');
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: BASE,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

try {
  await waitFor(`${BASE}/translations/de.json`);
  const pages = {
    index: { path: '/' },
    'airports.show': { path: '/parkplatz/frankfurt' },
    'checkout.tariffs': { path: TARIFFS },
    'checkout.booking': { path: '/buchung', headers: { Cookie: await cartCookie() } },
  };
  const results = { date: new Date().toISOString(), cores: os.cpus().length, lighthouse: '12.2.3', pages: {} };
  // LIGHTHOUSE_PAGES (e.g. `airports.show`) audits only those pages, for quicker experiments.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  for (const [name, { path: pagePath, headers }] of Object.entries(pages)) {
    if (only && !only.includes(name)) continue;
    // Warm the page (caches, lazy compilation) so the audit measures a steady server.
    for (let i = 0; i < 5; i++) await (await fetch(BASE + pagePath, { headers })).text();
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await auditWithRetry(name, pagePath, headers));
    // Lighthouse's own advice on variability: the run of median performance out of several.
    runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    const performanceRuns = runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => (a.displayValue ? `${a.id} (${a.displayValue})` : a.id));
    results.pages[name] = {
      path: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      performanceRuns,
      // Lighthouse's measure of this host's CPU speed: its simulated 4× slowdown is meant for ~1000–2000 (desktop
      // class); a slower host inflates TBT, so compare scores only between runs of similar index.
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      failed,
    };
    if (process.env.LIGHTHOUSE_REPORTS) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
  }
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/lighthouse.json', JSON.stringify(results, null, 2) + '\n');
  console.log(
    '\n| page | performance (median; all runs) | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |\n|---|---|---|---|---|---|---|---|',
  );
  for (const [name, r] of Object.entries(results.pages)) {
    console.log(
      `| ${name} | ${r.performance} (${r.performanceRuns.join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`,
    );
  }
  for (const [name, r] of Object.entries(results.pages)) {
    if (r.failed.length) console.log(`${name}: ${r.failed.join(', ')}`);
  }
  console.log(
    `benchmarkIndex: ${Object.values(results.pages)
      .map((r) => r.benchmarkIndex)
      .join(', ')}`,
  );
} finally {
  server?.kill('SIGTERM');
}
