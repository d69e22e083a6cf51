// `npm run bench:weight`: the first-load JavaScript and CSS of every route (gzip bytes), from React Router's
// route manifest in the production build (build/client/js/manifest-*.js): the entry client and its imports, then
// for the route and each of its parents (root, locale layout) the route module, its static imports and its CSS.
// The manifest script itself counts as JavaScript (every page loads it). Builds first when the build is stale.
// Prints a table (largest first) and writes bench/results/weight.json. Lazy chunks (import()) are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.js';

const CLIENT_DIR = path.resolve('build/client');
const RESULT_FILE = path.resolve('bench/results/weight.json');

/** Reads the newest `manifest-*.js` of the client build and parses the object it assigns. */
function readManifest() {
  const dir = path.join(CLIENT_DIR, 'js');
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

const gzipCache = new Map();
function gzipBytes(url) {
  let bytes = gzipCache.get(url);
  if (bytes === undefined) {
    bytes = zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, url))).length;
    gzipCache.set(url, bytes);
  }
  return bytes;
}

/** First-load files and gzip bytes of each route of the manifest, the heaviest JavaScript files first. */
function routeWeights() {
  const { url: manifestUrl, manifest } = readManifest();
  const routes = {};
  for (const id of Object.keys(manifest.routes)) {
    if (id === 'root' || id === 'locale') continue;
    const js = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set(manifest.entry.css ?? []);
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
      if (route.module) js.add(route.module);
      for (const file of route.imports ?? []) js.add(file);
      for (const file of route.css ?? []) css.add(file);
      if (!route.parentId) break;
    }
    const files = [...js].map((file) => ({ file, gzip: gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip);
    routes[id] = {
      jsGzipKiB: +(files.reduce((sum, f) => sum + f.gzip, 0) / 1024).toFixed(1),
      cssGzipKiB: +([...css].reduce((sum, f) => sum + gzipBytes(f), 0) / 1024).toFixed(1),
      jsFiles: files.length,
      heaviest: files.slice(0, 5).map((f) => `${f.file.replace(/^\/js\//, '')} ${(f.gzip / 1024).toFixed(1)}`),
    };
  }
  return routes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfNeeded();
  const routes = routeWeights();
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(RESULT_FILE, JSON.stringify({ date: new Date().toISOString(), routes }, null, 2) + '\n');
  console.log('| route | JS gzip KiB | files | CSS gzip KiB | heaviest JS (gzip KiB) |\n|---|---|---|---|---|');
  const sorted = Object.entries(routes).sort((a, b) => b[1].jsGzipKiB - a[1].jsGzipKiB);
  for (const [id, r] of sorted) {
    console.log(`| ${id} | ${r.jsGzipKiB} | ${r.jsFiles} | ${r.cssGzipKiB} | ${r.heaviest.slice(0, 3).join(', ')} |`);
  }
  console.log(`\nWrote ${path.relative(process.cwd(), RESULT_FILE)}`);
}
