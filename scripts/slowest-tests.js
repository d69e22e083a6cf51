// `npm run test:slowest [N]`: the N (default 10) slowest test files of the last run, from the timings the test
// runners wrote: vitest's JSON report (test-results/vitest.json, per file and project) and Playwright's
// (test-results/e2e.json, the time of the file's tests added up: with two workers the file's share of the work).
import fs from 'node:fs';
import path from 'node:path';

const count = Number(process.argv[2] ?? 10);

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** vitest: one row per file and project (a file of both drivers is listed twice). */
function vitestFiles(report) {
  // The JSON report names no project: a file that ran in two projects appears twice, told apart by its order.
  const seen = new Map();
  return report.testResults.map((file) => {
    const name = path.relative(process.cwd(), file.name);
    const run = (seen.get(name) ?? 0) + 1;
    seen.set(name, run);
    return {
      file: run > 1 ? `${name} (run ${run})` : name,
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
      failed: file.assertionResults.filter((t) => t.status === 'failed').length,
    };
  });
}

/** Playwright: the durations of every test result (retries included) of each spec file, added up. */
function e2eFiles(report) {
  const files = new Map();
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const row = files.get(own) ?? { file: path.join('tests/e2e', own), seconds: 0, tests: 0, failed: 0 };
      for (const test of spec.tests) {
        row.tests += 1;
        if (test.status === 'unexpected' || test.status === 'flaky') row.failed += 1;
        for (const result of test.results) row.seconds += result.duration / 1000;
      }
      files.set(own, row);
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of report.suites) walk(suite, suite.file);
  return [...files.values()];
}

function print(title, rows) {
  console.log(`\n${title}`);
  if (!rows) {
    console.log('  (no report: run `npm test` first)');
    return;
  }
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  console.log(`  ${rows.length} files, ${total.toFixed(0)} s in all`);
  for (const row of [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, count)) {
    const failed = row.failed ? `, ${row.failed} failed` : '';
    console.log(`  ${row.seconds.toFixed(1).padStart(7)} s  ${row.file} (${row.tests} tests${failed})`);
  }
}

const vitest = readJson('test-results/vitest.json');
const e2e = readJson('test-results/e2e.json');
print(`vitest: the ${count} slowest files (test-results/vitest.json)`, vitest && vitestFiles(vitest));
print(`Playwright: the ${count} slowest files (test-results/e2e.json)`, e2e && e2eFiles(e2e));
