// The tree's own rules (issue 32), checked by `npm run lint` beside ESLint and dependency-cruiser: one way to
// write a form's CSRF field and its 419, services in feature folders, short route modules, translations instead
// of inline language choices. `node scripts/check-tree.js [root]` prints each breach and exits 1 when there is one;
// tests/lint/tree-rules.test.ts proves that every rule fails on a tree that breaks it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The limits (issue 32 items 2 and 3). */
export const LIMITS = {
  /** service modules loose at the top of app/services (the rest live in feature folders) */
  servicesAtTop: 10,
  /** service modules in one feature folder of app/services */
  servicesPerFolder: 20,
  /** lines of one route module (app/routes, its helpers included) */
  routeLines: 200,
  /** inline `locale === 'en' ? … : …` choices in app, server and database (the rest are translations) */
  inlineLocaleChoices: 3,
};

/** The one component that writes the hidden `_csrf` field, and the one module that answers a bad token with 419. */
const CSRF_FIELD = 'app/components/ui/csrf-field.tsx';
const FORM_KIT = 'app/routes/helpers/form-kit.server.ts';

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file);
const isSource = (file) => /\.(ts|tsx|js|jsx)$/.test(file) && !isTest(file) && !file.includes('/+types/');

function walk(root, dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(root, rel);
    return [rel];
  });
}

/**
 * Every breach of the tree's rules under `root`, as `rule: file: what` lines (empty when the tree keeps them).
 * @param {string} root - the repository's directory
 * @returns {string[]}
 */
export function checkTree(root) {
  const breaches = [];
  const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  const appFiles = walk(root, 'app').filter(isSource);

  for (const file of appFiles) {
    const text = read(file);
    if (file !== CSRF_FIELD && /name=(["'])_csrf\1|name=\{\s*(["'])_csrf\2\s*\}/.test(text)) {
      breaches.push(`csrf-field: ${file}: writes its own hidden _csrf input (use <CsrfField/>)`);
    }
    if (file.startsWith('app/routes/') && file !== FORM_KIT && /\b419\b/.test(text)) {
      breaches.push(`csrf-answer: ${file}: writes its own 419 (readPostedForm answers a bad token)`);
    }
  }

  const top = fs.existsSync(path.join(root, 'app/services'))
    ? fs.readdirSync(path.join(root, 'app/services'), { withFileTypes: true })
    : [];
  const loose = top.filter((e) => e.isFile() && isSource(e.name)).map((e) => e.name);
  if (loose.length > LIMITS.servicesAtTop) {
    breaches.push(
      `services-at-top: app/services: ${loose.length} modules loose at the top, at most ${LIMITS.servicesAtTop} (put them in a feature folder)`,
    );
  }
  for (const folder of top.filter((e) => e.isDirectory())) {
    const count = walk(root, `app/services/${folder.name}`).filter(isSource).length;
    if (count > LIMITS.servicesPerFolder) {
      breaches.push(
        `services-per-folder: app/services/${folder.name}: ${count} modules, at most ${LIMITS.servicesPerFolder}`,
      );
    }
  }

  for (const file of appFiles.filter((f) => f.startsWith('app/routes/'))) {
    const lines = read(file).split('\n').length - 1;
    if (lines > LIMITS.routeLines) {
      breaches.push(`route-length: ${file}: ${lines} lines, at most ${LIMITS.routeLines}`);
    }
  }

  const choices = [];
  for (const file of [
    ...appFiles,
    ...walk(root, 'server').filter(isSource),
    ...walk(root, 'database').filter(isSource),
  ]) {
    const count = (read(file).match(/\blocale\s*===\s*(["'])(en|de)\1\s*\?/g) ?? []).length;
    for (let i = 0; i < count; i += 1) choices.push(file);
  }
  if (choices.length > LIMITS.inlineLocaleChoices) {
    breaches.push(
      `inline-locale-choice: ${choices.length} inline locale choices, at most ${LIMITS.inlineLocaleChoices} (use a translation): ${[...new Set(choices)].join(', ')}`,
    );
  }
  return breaches;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const breaches = checkTree(path.resolve(process.argv[2] ?? '.'));
  for (const line of breaches) console.error(line);
  if (breaches.length) {
    console.error(`\n${breaches.length} breach(es) of the tree's rules (scripts/check-tree.js, issue 32).`);
    process.exit(1);
  }
  console.log('✔ the tree keeps its rules (scripts/check-tree.js)');
}
