// Proves the import rules of DESIGN §2 (.dependency-cruiser.cjs) bite: a scratch tree with the project's
// layout and one forbidden import per rule must fail `depcruise`, and the same tree with only allowed
// imports must pass. The scratch tree lives in a temporary directory, never in the work tree.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');
const scratchDirs: string[] = [];

/** Writes `files` (path → source) into a fresh scratch project with the project's path aliases. */
function scratchProject(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  scratchDirs.push(dir);
  const tsconfig = {
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'bundler',
      allowImportingTsExtensions: true,
      noEmit: true,
      paths: { '~/*': ['./app/*'], '#database/*': ['./database/*'], '#server/*': ['./server/*'] },
    },
  };
  const base: Record<string, string> = {
    'tsconfig.json': JSON.stringify(tsconfig),
    'database/schema.ts': 'export const reservations = 1;\n',
    'database/client.server.ts': 'export const db = 1;\n',
    'server/session.server.ts': 'export type Session = { id: string };\n',
    'app/services/catalogue/catalog.server.ts':
      "import { reservations } from '#database/schema.ts';\nexport const n = reservations;\n",
    'app/domain/pricing.ts': 'export const price = 1;\n',
    'app/components/offer-card.tsx': "import { price } from '~/domain/pricing.ts';\nexport const card = price;\n",
    'app/routes/tariffs.tsx': "import { n } from '~/services/catalogue/catalog.server.ts';\nexport const page = n;\n",
  };
  for (const [file, source] of Object.entries({ ...base, ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

function cruise(dir: string) {
  const result = spawnSync(depcruise, ['app', 'server', 'database', '--config', config, '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Each case spawns dependency-cruiser (a second or more on a busy 2-core machine): not a timing test.
describe('import rules (DESIGN §2)', { timeout: 60_000 }, () => {
  it('pass a tree whose imports flow one way', () => {
    const result = cruise(scratchProject({}));
    expect(result.output).not.toMatch(/error/);
    expect(result.status).toBe(0);
  });

  it('fail on each forbidden import, naming the rule', () => {
    const result = cruise(
      scratchProject({
        'app/domain/availability.ts':
          "import { reservations } from '#database/schema.ts';\nexport const a = reservations;\n",
        'app/domain/stay.ts': "import fs from 'node:fs';\nexport const s = fs;\n",
        'app/domain/offer.ts': "import { n } from '~/services/catalogue/catalog.server.ts';\nexport const o = n;\n",
        'app/components/book-button.tsx': "import { db } from '#database/client.server.ts';\nexport const b = db;\n",
        'app/client/api.ts': "import { n } from '~/services/catalogue/catalog.server.ts';\nexport const c = n;\n",
        'app/services/checkout/cart.server.ts':
          "import type { Session } from '#server/session.server.ts';\nexport type C = Session;\n",
        'database/seed.ts': "import { price } from '../app/domain/pricing.ts';\nexport const seed = price;\n",
        'app/services/backoffice/admin-reviews.server.ts': 'export const hide = 1;\n',
        'app/routes/faq.tsx':
          "import { hide } from '~/services/backoffice/admin-reviews.server.ts';\nexport const f = hide;\n",
      }),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/domain-is-pure: app\/domain\/availability\.ts → database\/schema\.ts/);
    expect(result.output).toMatch(
      /domain-is-pure: app\/domain\/offer\.ts → app\/services\/catalogue\/catalog\.server\.ts/,
    );
    expect(result.output).toMatch(/domain-no-io: app\/domain\/stay\.ts → (node:)?fs/);
    expect(result.output).toMatch(
      /browser-code-stays-out-of-the-server: app\/components\/book-button\.tsx → database\/client\.server\.ts/,
    );
    expect(result.output).toMatch(
      /browser-code-stays-out-of-the-server: app\/client\/api\.ts → app\/services\/catalogue\/catalog\.server\.ts/,
    );
    expect(result.output).toMatch(
      /services-know-no-server: app\/services\/checkout\/cart\.server\.ts → server\/session\.server\.ts/,
    );
    expect(result.output).toMatch(/database-knows-no-use-case: database\/seed\.ts → app\/domain\/pricing\.ts/);
    expect(result.output).toMatch(
      /the-shop-never-reaches-into-the-back-office: app\/routes\/faq\.tsx → app\/services\/backoffice\/admin-reviews\.server\.ts/,
    );
  });

  it('fail on an import cycle', () => {
    const result = cruise(
      scratchProject({
        'app/domain/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'app/domain/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      }),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/no-circular/);
  });
});
