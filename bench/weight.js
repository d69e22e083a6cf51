// `npm run bench:weight`: the first-load JavaScript and CSS of every page route (gzip bytes), from React Router's
// route manifest in the production build (build/client/js/manifest-*.js): the entry client and its imports, then
// for the route and each of its parents (root, locale layout) the route module, its static imports and its CSS.
// The manifest script itself counts as JavaScript (every page loads it). Builds first when the build is stale.
// Prints a table (largest first) and writes bench/results/weight.json. Lazy chunks (import()) are not counted.
// Page routes only: a resource route (no default component export, e.g. `…/download/:file`) serves a file, not
// a page. The budget of issue 11 (120 KB = 120,000 bytes gzip per page) is checked by
// tests/e2e/weight-budget.spec.ts with `routeWeights()` below.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

/** Issue 11: the most first-load JavaScript a page route may ship, in gzip bytes (120 KB, KB = 1000 bytes). */
export const JS_BUDGET_GZIP_BYTES = 120_000;

const CLIENT_DIR = path.resolve('build/client');
const RESULT_FILE = path.resolve('bench/results/weight.json');

/** Reads the newest `manifest-*.js` of the client build and parses the object it assigns. */
function readManifest(clientDir) {
  const dir = path.join(clientDir, 'js');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => ({ f, mtime: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (files.length === 0) throw new Error('no build/client/js/manifest-*.js: run `npm run build`');
  const source = fs.readFileSync(path.join(dir, files[0].f), 'utf8');
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, '');
  return { url: `/js/${files[0].f}`, manifest: JSON.parse(json) };
}

const kib = (bytes) => +(bytes / 1024).toFixed(1);

/**
 * First-load files and gzip bytes of each page route of the client build in `clientDir`: `{[routeId]: {jsGzipBytes,
 * jsGzipKiB, cssGzipKiB, jsFiles, heaviest}}`, the heaviest JavaScript files first. Throws when there is no build.
 */
export function routeWeights(clientDir = CLIENT_DIR) {
  const { url: manifestUrl, manifest } = readManifest(clientDir);
  const gzipCache = new Map();
  const gzipBytes = (url) => {
    let bytes = gzipCache.get(url);
    if (bytes === undefined) {
      bytes = zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length;
      gzipCache.set(url, bytes);
    }
    return bytes;
  };
  const routes = {};
  for (const [id, leaf] of Object.entries(manifest.routes)) {
    if (id === 'root' || id === 'locale' || !leaf.hasDefaultExport) continue;
    const js = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set(manifest.entry.css ?? []);
    for (let route = leaf; route; route = manifest.routes[route.parentId]) {
      if (route.module) js.add(route.module);
      for (const file of route.imports ?? []) js.add(file);
      for (const file of route.css ?? []) css.add(file);
      if (!route.parentId) break;
    }
    const files = [...js].map((file) => ({ file, gzip: gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip);
    const jsGzipBytes = files.reduce((sum, f) => sum + f.gzip, 0);
    routes[id] = {
      jsGzipBytes,
      jsGzipKiB: kib(jsGzipBytes),
      cssGzipKiB: kib([...css].reduce((sum, f) => sum + gzipBytes(f), 0)),
      jsFiles: files.length,
      heaviest: files.slice(0, 5).map((f) => `${f.file.replace(/^\/js\//, '')} ${kib(f.gzip)}`),
    };
  }
  return routes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfNeeded();
  const routes = routeWeights();
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  const result = { date: new Date().toISOString(), budgetJsGzipBytes: JS_BUDGET_GZIP_BYTES, routes };
  fs.writeFileSync(RESULT_FILE, JSON.stringify(result, null, 2) + '\n');
  console.log('| route | JS gzip KiB | files | CSS gzip KiB | heaviest JS (gzip KiB) |\n|---|---|---|---|---|');
  const sorted = Object.entries(routes).sort((a, b) => b[1].jsGzipBytes - a[1].jsGzipBytes);
  for (const [id, r] of sorted) {
    console.log(`| ${id} | ${r.jsGzipKiB} | ${r.jsFiles} | ${r.cssGzipKiB} | ${r.heaviest.slice(0, 3).join(', ')} |`);
  }
  const over = sorted.filter(([, r]) => r.jsGzipBytes > JS_BUDGET_GZIP_BYTES).length;
  console.log(
    `\nBudget ${JS_BUDGET_GZIP_BYTES} bytes (${kib(JS_BUDGET_GZIP_BYTES)} KiB) gzip per page: ${over === 0 ? 'all pages within' : `${over} page(s) over`}`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), RESULT_FILE)}`);
}
