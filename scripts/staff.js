// `npm run staff -- add <email> <role> [operator]`: invites a back-office member (issue 15). Prints the invitation
// link and mails it. Roles: admin, support, operator (operator needs the company, as in parking_lots.operator),
// accountant (the accountant's month only, issue 34 item 5).
//
// With DATABASE_URL it opens PostgreSQL through the production build (building it first if needed), also while
// shops run on it. Without, the database is PGlite in DATA_DIR/pglite, which only one process may open: while a
// shop holds it (DATA_DIR/admin-token of a live process) the command refuses — use the back office's staff page,
// or stop the shop first. Environment: DATA_DIR (default .data), DATABASE_URL, PUBLIC_URL, HOST, PORT.
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';
import { defaultPublicUrl } from './public-url.js';

const USAGE =
  'Usage: npm run staff -- add <email> <admin|support|operator|accountant> [operator company]\n' +
  '  e.g. npm run staff -- add jana@example.com operator "ParkDirekt Rhein-Main GmbH"';

/** Prints `message` to stderr and ends with `code`. */
function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
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

/** The pid of a shop holding DATA_DIR (its admin-token file), or null. */
function holdingShop(dataDir) {
  try {
    const content = JSON.parse(fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8'));
    return Number.isInteger(content.pid) && processAlive(content.pid) ? content.pid : null;
  } catch {
    return null;
  }
}

const [command, email, role, ...rest] = process.argv.slice(2);
if (command !== 'add' || !email || !role || rest.length > 1) fail(USAGE, 2);
if (!['admin', 'support', 'operator', 'accountant'].includes(role)) fail(`Unknown role "${role}".\n${USAGE}`, 2);
if (role === 'operator' && !rest[0]) fail(`The role operator needs the operator company.\n${USAGE}`, 2);
if (role !== 'operator' && rest[0]) fail(`Only the role operator takes an operator company.\n${USAGE}`, 2);

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
if (!process.env.DATABASE_URL) {
  const pid = holdingShop(dataDir);
  if (pid) {
    fail(
      `The shop (process ${pid}) holds the PGlite database in ${path.join(dataDir, 'pglite')}; PGlite allows one ` +
        'process only, so this command cannot open it beside the shop.\n' +
        'Invite the member on the back office page /admin/mitarbeiter instead, or stop the shop and run the command again.',
    );
  }
}

// Like `npm start`: links in the invitation mail need the shop's address (decision 0027).
defaultPublicUrl();
buildIfNeeded();
const { runStaffCommand } = await import(new URL('../build/server/index.js', import.meta.url).href);
try {
  const result = await runStaffCommand({ email, role, operator: rest[0] });
  const company = result.operator ? ` (${result.operator})` : '';
  console.log(`Invited ${result.email} as ${result.role}${company}. Invitation link (valid 7 days, also mailed):`);
  console.log(result.url);
  process.exit(0);
} catch (error) {
  fail(`Could not add ${email}: ${error.message}`);
}
