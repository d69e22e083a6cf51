// Proves the tree's own rules (scripts/check-tree.js, issue 32) bite: a scratch tree that keeps them passes, and
// one breach per rule fails `node scripts/check-tree.js` naming the rule and the file. The real tree is checked by
// `npm run lint`; this test keeps the checker honest (a rule that can never fail would pass both).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const checker = path.join(root, 'scripts/check-tree.js');
const scratchDirs: string[] = [];

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

/** A scratch tree that keeps every rule, with `files` (path → source, null to delete) laid over it. */
function scratchTree(files: Record<string, string | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-rules-'));
  scratchDirs.push(dir);
  const base: Record<string, string | null> = {
    'app/components/ui/csrf-field.tsx':
      'export const CsrfField = () => <input type="hidden" name="_csrf" value="" />;\n',
    'app/routes/helpers/form-kit.server.ts': "export const refused = { status: 419, message: 'csrf' };\n",
    'app/routes/faq.tsx': lines(200),
    'app/routes/faq.test.ts': lines(400),
    'app/components/shop/form.tsx': 'export const F = () => <form><CsrfField /></form>;\n',
    'app/domain/localized.ts': "export const a = (locale: string) => (locale === 'en' ? 1 : 2);\n".repeat(3),
    'app/services/service-context.ts': 'export type C = 1;\n',
    'app/services/checkout/cart.server.ts': 'export const cart = 1;\n',
    ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`app/services/top-${i}.server.ts`, 'export {};\n'])),
    'app/services/top-0.server.test.ts': 'export {};\n',
  };
  for (const [file, source] of Object.entries({ ...base, ...files })) {
    if (source === null) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

function check(dir: string) {
  const result = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the tree rules (issue 32, scripts/check-tree.js)', () => {
  it('pass a tree at every limit (ten loose services, 200-line routes, three inline locale choices)', () => {
    const result = check(scratchTree({}));
    expect(result.output).toMatch(/the tree keeps its rules/);
    expect(result.status).toBe(0);
  });

  it('fail on a hand-written _csrf input and on a route that writes its own 419', () => {
    const result = check(
      scratchTree({
        'app/components/shop/form.tsx': 'export const F = () => <input type="hidden" name="_csrf" value={t} />;\n',
        'app/routes/payment.tsx': "export const action = () => data({ message: 'csrf' }, { status: 419 });\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/csrf-field: app\/components\/shop\/form\.tsx/);
    expect(result.output).toMatch(/csrf-answer: app\/routes\/payment\.tsx/);
  });

  it('fail on an eleventh service module loose at the top and on an overfull feature folder', () => {
    const folder = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`app/services/checkout/step-${i}.server.ts`, 'export {};\n']),
    );
    const result = check(scratchTree({ 'app/services/one-more.server.ts': 'export {};\n', ...folder }));
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/services-at-top: app\/services: 11 modules/);
    expect(result.output).toMatch(/services-per-folder: app\/services\/checkout: 22 modules/);
  });

  it('fail on a route module over 200 lines (helpers included) and on a fourth inline locale choice', () => {
    const result = check(
      scratchTree({
        'app/routes/admin/helpers/guard.server.ts': lines(201),
        'server/error-page.server.ts': "export const b = (locale: string) => (locale === 'de' ? 'x' : 'y');\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/route-length: app\/routes\/admin\/helpers\/guard\.server\.ts: 201 lines/);
    expect(result.output).toMatch(/inline-locale-choice: 4 inline locale choices.*server\/error-page\.server\.ts/);
  });
});
