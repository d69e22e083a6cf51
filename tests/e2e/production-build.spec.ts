// Issue 14 item 8: under NODE_ENV=production the server and the browser run React Router's production bundle.
// Its package exports only `dist/development` (dev warnings on), so vite.config.ts points a production build at
// `dist/production` and bundles the server adapters with it; a dev-only warning text must appear in no built file.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** A warning that React Router's development bundle carries and its production bundle does not. */
const DEV_ONLY_WARNING = 'You rendered descendant <Routes>';

test('the production build carries React Router’s production bundle, on the server and in the browser', () => {
  const development = fs
    .readdirSync('node_modules/react-router/dist/development')
    .map((name) => path.join('node_modules/react-router/dist/development', name));
  // The probe text is real: the development bundle has it.
  expect(
    development.some((file) => file.endsWith('.mjs') && fs.readFileSync(file, 'utf8').includes(DEV_ONLY_WARNING)),
  ).toBe(true);
  const built: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.endsWith('.js')) built.push(full);
    }
  };
  walk(path.resolve('build'));
  expect(built.some((f) => f.includes(`${path.sep}server${path.sep}`))).toBe(true);
  const withWarnings = built.filter((file) => fs.readFileSync(file, 'utf8').includes(DEV_ONLY_WARNING));
  expect(withWarnings).toEqual([]);
  // Nothing on the server loads the package's own (development) entry at run time: the router is bundled.
  const server = built.filter((f) => f.includes(`${path.sep}server${path.sep}`));
  for (const file of server) expect(fs.readFileSync(file, 'utf8')).not.toMatch(/from ["']react-router["']/);
});
