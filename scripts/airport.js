// `npm run airport -- lock|unlock <slug>`: locks an airport (no bookings, the notification form instead) or
// unlocks it (bookable again; everyone who asked is sent exactly one mail). Issue 10.
//
// 1. A running shop is asked through its local admin endpoint: `POST /internal/airports/<slug>/<action>` on the
//    loopback interface with the token it wrote to `DATA_DIR/admin-token` (PGlite is one process: while the
//    shop runs on it, nobody else may open its data directory).
// 2. When no shop runs (no token file, or its process is gone), the command opens the database itself through
//    the production build (PGlite in `DATA_DIR/pglite`, or `DATABASE_URL`), building it first if needed.
// 3. When a shop holds the PGlite directory but does not answer, it refuses: exit code 1.
// Environment: DATA_DIR (default .data), PORT/HOST (used when the token file names no port), DATABASE_URL,
// PUBLIC_URL (links in the unlock mails).
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';
import { defaultPublicUrl } from './public-url.js';

const USAGE = 'Usage: npm run airport -- lock|unlock <slug>   (e.g. npm run airport -- unlock kassel)';

/** Prints `message` to stderr and ends with `code`. */
function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** The shop's token file, or null when there is none. */
function readTokenFile(dataDir) {
  const file = path.join(dataDir, 'admin-token');
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    fail(`Cannot read ${file}: ${error.message}`);
  }
  try {
    const content = JSON.parse(text);
    if (typeof content.token === 'string' && Number.isInteger(content.pid)) return content;
  } catch {
    // fall through
  }
  fail(`${file} is not a token file of the shop; remove it if no shop runs with this DATA_DIR.`);
}

/** Whether a process with this id exists (a signal 0 probes without sending anything). */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The loopback address to reach a server that listens on `host`. */
function loopbackFor(host) {
  if (!host || host === '0.0.0.0' || host === 'localhost') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Asks the running shop; resolves `{ok, status, body}` or `{unreachable: reason}`. */
async function askServer(info, action, slug) {
  const port = info.port || Number(process.env.PORT) || 3000;
  const host = loopbackFor(info.host || process.env.HOST);
  const url = `http://${host}:${port}/internal/airports/${encodeURIComponent(slug)}/${action}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${info.token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(120_000),
    });
    const body = await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, body, url };
  } catch (error) {
    return { unreachable: error.cause?.code ?? error.message, url };
  }
}

/** One line about what happened. */
function report(change, via) {
  const verb = change.status === 'active' ? 'unlocked' : 'locked';
  const state = change.changed ? `is now ${verb}` : `was already ${verb}`;
  const mails =
    change.status === 'active' ? `; ${change.notified} notification mail${change.notified === 1 ? '' : 's'} sent` : '';
  console.log(`Airport ${change.slug} ${state}${mails} (${via}).`);
}

const [action, slug, ...rest] = process.argv.slice(2);
if ((action !== 'lock' && action !== 'unlock') || !slug || rest.length > 0) fail(USAGE, 2);
if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) fail(`Not an airport slug: "${slug}" (lower-case letters, digits, -).`, 2);

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const info = readTokenFile(dataDir);
if (info) {
  const answer = await askServer(info, action, slug);
  if (answer.ok) {
    report(answer.body, `through the running shop, ${answer.url}`);
    process.exit(0);
  }
  if (answer.status === 404 && answer.body?.error === 'unknown_airport') fail(`Unknown airport "${slug}".`);
  const why = answer.unreachable
    ? `no answer from ${answer.url} (${answer.unreachable})`
    : `${answer.url} answered ${answer.status}${answer.body?.message ? `: ${answer.body.message}` : ''}`;
  if (processAlive(info.pid) && !process.env.DATABASE_URL) {
    fail(
      `The shop (process ${info.pid}) holds the database in ${dataDir}, but ${why}.\n` +
        'Refusing to open its PGlite directory beside it. Run the command again when the shop answers, or stop it first.',
    );
  }
  const gone = processAlive(info.pid) ? '' : ` (its process ${info.pid} has ended: the token file is stale)`;
  console.error(`No running shop could be asked${gone}: ${why}. Opening the database directly.`);
}

buildIfNeeded();
// The unlock mails link to the airport's page: PUBLIC_URL, or the local default with a warning, as `npm start`.
defaultPublicUrl();
const { runAirportCommand } = await import(new URL('../build/server/index.js', import.meta.url).href);
try {
  const change = await runAirportCommand({ action, slug });
  if (!change) fail(`Unknown airport "${slug}".`);
  report(change, process.env.DATABASE_URL ? 'in the PostgreSQL database' : `in ${path.join(dataDir, 'pglite')}`);
  process.exit(0);
} catch (error) {
  fail(`Could not ${action} ${slug}: ${error.message}`);
}
