/**
 * No demo data in production (issue 30 item 6, decision 0045): the production server (`node server.js`,
 * `NODE_ENV=production`) with `SHOP_SAMPLE_DATA=0` and a real company's settings refuses to start while the bank
 * account is still the demo IBAN, exits non-zero and names `SHOP_IBAN` (and nothing else); with the shop's own IBAN
 * the same settings start and answer. PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFaultDatabase, type FaultDatabase } from './fault-database.ts';
import {
  buildIfNeeded,
  exited,
  startServer,
  stopServer,
  tempDir,
  waitReady,
  type ServerProcess,
} from './server-process.ts';

/** A real-looking company: every sample setting replaced except the bank account (`SHOP_IBAN` left unset). */
const company = {
  SHOP_SAMPLE_DATA: '0',
  SHOP_NAME: 'Parkhafen',
  SHOP_LEGAL_FORM: 'GmbH',
  SHOP_ADDRESS: 'Flughafenstraße 7, 40474 Düsseldorf, Deutschland',
  SHOP_EMAIL: 'service@parkhafen.de',
  MAIL_FROM: 'Parkhafen <buchung@parkhafen.de>',
  // not a drama number, and no real one either: German subscriber numbers never start with 0
  SHOP_PHONE: '+49 211 0000 0000',
  SHOP_VAT_ID: 'DE999999995',
  SHOP_BIC: 'COBADEFFXXX',
  SHOP_BANK_NAME: 'Commerzbank',
  SHOP_MANAGING_DIRECTORS: 'Jana Beispielhaft',
  SHOP_REGISTER_COURT: 'Amtsgericht Düsseldorf',
  SHOP_REGISTER_NUMBER: 'HRB 98765',
};

let dataDir: string;
let database: FaultDatabase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  buildIfNeeded();
  dataDir = tempDir('production-settings');
  database = await createFaultDatabase(dataDir);
}, 600_000);
afterAll(async () => {
  await stopServer(server);
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('refuses to start with SHOP_SAMPLE_DATA=0 and the demo IBAN, naming SHOP_IBAN', async () => {
  // the demo IBAN as an operator would leave it: the default, and written out
  for (const iban of [undefined, 'DE02 1203 0000 0000 2020 51']) {
    const started = await startServer({ ...database.env, ...company, ...(iban ? { SHOP_IBAN: iban } : {}) });
    server = started;
    const code = await exited(started.child);
    expect(code, started.output()).not.toBe(0);
    expect(started.output()).toMatch(/^ {2}SHOP_IBAN: is still the sample value/m);
    // the IBAN and nothing else: every other setting of the company passed
    expect([...started.output().matchAll(/^ {2}([A-Z_]+(?:, [A-Z_]+)*):/gm)].map((m) => m[1])).toEqual(['SHOP_IBAN']);
  }
}, 60_000);

it('starts with the same settings and the shop’s own IBAN', async () => {
  server = await startServer({ ...database.env, ...company, SHOP_IBAN: 'DE89 3704 0044 0532 0130 00' });
  await waitReady(server);
  expect(server.output()).not.toMatch(/Invalid environment/);
  await stopServer(server);
}, 120_000);
