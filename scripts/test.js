// `npm test`: type check, lint and the production build side by side, unit and integration tests (PGlite, and the
// driver-dependent files on PostgreSQL when TEST_DATABASE_URL is set) as soon as the build is there, then the
// Playwright e2e suite against that build (decisions 0048, 0050). Steps that run side by side print their output when they end, each under its own
// heading. Prints one closing line "N passed, N failed" and exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const results = [];
let failedSteps = 0;
const timings = [];

/**
 * Runs one step. `live`: its output goes straight to the terminal (a step that runs alone); otherwise it is kept and
 * printed in one piece when the step ends, so steps running side by side do not interleave their lines.
 */
function run(name, command, args, { env = {}, live = false, shell = false } = {}) {
  const started = Date.now();
  const shown = shell ? command : `${command} ${args.join(' ')}`;
  if (live) console.log(`\n=== ${name}: ${shown}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      shell,
    });
    const output = [];
    if (!live) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const finish = (ok, error) => {
      const seconds = (Date.now() - started) / 1000;
      if (!ok) failedSteps += 1;
      timings.push({ name, seconds, ok });
      if (!live) {
        console.log(`\n=== ${name}: ${shown}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (error) console.log(String(error));
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, error));
    child.on('close', (code) => finish(code === 0));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const started = Date.now();
fs.rmSync('test-results', { recursive: true, force: true });
fs.mkdirSync('test-results', { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;

// The route types first (a few seconds): the type check and ESLint's typed rules read them.
const typed = await run('typegen', bin('react-router'), ['typegen']);
// The lint script of package.json without its own typegen (done above; two writers of .react-router at once would
// race): ESLint, the import rules of DESIGN §2 (dependency-cruiser), knip and Prettier.
const packageJson = readJson('package.json');
const lint = packageJson.scripts.lint.replace(/^react-router typegen && /, '');
// The production build beside them (not after lint): the integration tests that render pages and the fault tests
// run it, and so does the e2e suite. Always the production bundle (vitest's NODE_ENV=test would give React's
// development build).
// vitest starts as soon as the build is there (its page tests load it), beside the rest of type check and lint: on two
// cores ESLint alone leaves one idle. Its output goes straight to the terminal; the others print theirs when they end.
await Promise.all([
  typed ? run('typecheck', bin('tsc'), ['--noEmit']) : Promise.resolve(false),
  run('lint', lint, [], { shell: true, env: { PATH: `node_modules/.bin:${process.env.PATH}` } }),
  run('build', bin('react-router'), ['build'], { env: { NODE_ENV: 'production' } }).then(() =>
    run(
      'unit + integration',
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'],
      { live: true },
    ),
  ),
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) results.push({ passed: vitest.numPassedTests, failed: vitest.numFailedTests });

await run('e2e', bin('playwright'), ['test'], { env: { CI: '1' }, live: true });
const e2e = readJson('test-results/e2e.json');
if (e2e) results.push({ passed: e2e.stats.expected, failed: e2e.stats.unexpected + (e2e.stats.flaky ?? 0) });

console.log(
  `\nSteps: ${timings.map((t) => `${t.name} ${t.seconds.toFixed(0)} s${t.ok ? '' : ' (FAILED)'}`).join(', ')}; ` +
    `wall time ${((Date.now() - started) / 1000).toFixed(0)} s (npm run test:slowest lists the slowest files)`,
);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed =
  results.reduce((n, r) => n + r.failed, 0) +
  (failedSteps > 0 && results.every((r) => r.failed === 0) ? failedSteps : 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
