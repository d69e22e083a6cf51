// `npm test`: type check, lint, unit tests, integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the Playwright e2e suite against a fresh production build. Prints one closing line
// "N passed, N failed" and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = [];
let failedSteps = 0;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps += 1;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

fs.rmSync('test-results', { recursive: true, force: true });
fs.mkdirSync('test-results', { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;

if (run('typecheck', bin('react-router'), ['typegen'])) run('typecheck', bin('tsc'), ['--noEmit']);
// ESLint, the import rules of DESIGN §2 (dependency-cruiser), knip and Prettier: a broken rule fails the run.
run('lint', 'npm', ['run', '--silent', 'lint']);

run('unit + integration', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) results.push({ passed: vitest.numPassedTests, failed: vitest.numFailedTests });

run('build', process.execPath, ['scripts/build-if-needed.js']);
run('e2e', bin('playwright'), ['test'], { CI: '1' });
const e2e = readJson('test-results/e2e.json');
if (e2e) results.push({ passed: e2e.stats.expected, failed: e2e.stats.unexpected + (e2e.stats.flaky ?? 0) });

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed =
  results.reduce((n, r) => n + r.failed, 0) +
  (failedSteps > 0 && results.every((r) => r.failed === 0) ? failedSteps : 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
