/**
 * Fault tests of booking (issue 14, "Fault tests") on the real production server, `node server.js`, as separate OS
 * processes:
 * - two app processes sell the last free spaces of a tariff at once: exactly the free ones are sold (PostgreSQL only:
 *   PGlite is an embedded database, one data directory is opened by one process, so two processes cannot share it;
 *   the server refuses more than one worker on PGlite, see cluster.test.ts);
 * - `kill -9` of the app under a booking load, then a restart: every acknowledged (201) booking exists with its
 *   confirmation mail queued in `mail_outbox` (written in the booking's transaction), the day counters match the
 *   reservations, and the restarted app books again (PGlite's data directory and PostgreSQL).
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createFaultDatabase, POSTGRES, type FaultDatabase } from './fault-database.ts';
import {
  buildIfNeeded,
  exited,
  Shopper,
  startServer,
  stayAhead,
  stopServer,
  tempDir,
  waitReady,
  type ServerProcess,
} from './server-process.ts';

let dataDir: string;
let database: FaultDatabase;
let fraId: number;
let tariffs: { id: number; capacity: number }[];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  buildIfNeeded();
  dataDir = tempDir('faults-booking');
  database = await createFaultDatabase(dataDir);
  [{ id: fraId }] = await database.query<{ id: number }>(`select id from airports where iata = 'FRA'`);
  tariffs = await database.query<{ id: number; capacity: number }>(
    `select id, capacity from tariffs where airport_id = $1 and active order by id`,
    [fraId],
  );
}, 600_000);
afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a server on the test's database and waits until it is ready. */
async function serve(): Promise<ServerProcess> {
  const server = await startServer(database.env);
  servers.push(server);
  await waitReady(server);
  return server;
}

/** Puts `tariffId` for `stay` in a new shopper's cart (on `base`). */
async function shopperWithCart(base: string, tariffId: number, stay: { entryTime: string; exitTime: string }) {
  const shopper = await new Shopper(base).start();
  const cart = await shopper.post('checkout/cart', { airportId: fraId, tariffId, ...stay });
  expect(cart.status, cart.text).toBe(200);
  return shopper;
}

const bookingBody = (stay: { entryTime: string; exitTime: string }) =>
  checkoutBody({ ...stay, personCount: 1, licensePlate: '', gender: false });

describe.skipIf(!POSTGRES)('two app processes on one PostgreSQL database', () => {
  it('sell exactly the last free spaces of a tariff to simultaneous customers, none twice', async () => {
    const FREE = 4;
    const CUSTOMERS = 30;
    const tariff = tariffs[0];
    const stay = stayAhead(40);
    await database.query(`insert into tariff_days (tariff_id, day, booked) values ($1, $2, $3), ($1, $4, $3)`, [
      tariff.id,
      stay.days[0],
      tariff.capacity - FREE,
      stay.days[2],
    ]);
    const [a, b] = await Promise.all([serve(), serve()]);
    expect(a.child.pid).not.toBe(b.child.pid);
    // Half the customers are served by each process.
    const shoppers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => shopperWithCart(i % 2 ? b.base : a.base, tariff.id, stay)),
    );
    const answers = await Promise.all(shoppers.map((s) => s.post('checkout', bookingBody(stay))));

    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const odd = answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${a.text}`);
    expect(statuses, odd.join('\n') + a.output() + b.output()).toEqual({ 201: FREE, 409: CUSTOMERS - FREE });
    const days = await database.query<{ day: string; booked: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, booked from tariff_days where tariff_id = $1 and day = any($2::date[])
        order by day`,
      [tariff.id, stay.days],
    );
    expect(days).toEqual([
      { day: stay.days[0], booked: tariff.capacity },
      { day: stay.days[1], booked: FREE },
      { day: stay.days[2], booked: tariff.capacity },
    ]);
    const [{ n }] = await database.query<{ n: number }>(
      `select count(*)::int as n from reservations where tariff_id = $1 and entry_local = $2`,
      [tariff.id, stay.entryTime],
    );
    expect(n).toBe(FREE);
    expect(a.output() + b.output()).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});

describe('kill -9 under a booking load', () => {
  it('loses no acknowledged booking and no confirmation mail; the restarted app books again', async () => {
    const LOAD = 6; // customers booking at the same time
    const KILL_AFTER = 10; // acknowledged bookings before the kill
    const tariff = tariffs.find((t) => t.capacity >= 60)!;
    const stay = stayAhead(50);
    let server = await serve();

    const acknowledged: string[] = [];
    let failedAfterKill = 0;
    let killed = false;
    const customer = async () => {
      while (!killed) {
        try {
          const shopper = await shopperWithCart(server.base, tariff.id, stay);
          const answer = await shopper.post('checkout', bookingBody(stay));
          expect(answer.status, answer.text).toBe(201);
          acknowledged.push((answer.body as { reservation: { reference: string } }).reservation.reference);
          if (acknowledged.length >= KILL_AFTER && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        } catch (error) {
          // Only the kill may break a request (connection refused or reset).
          if (!killed) throw error;
          failedAfterKill += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: LOAD }, customer));
    expect(await exited(server.child)).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The same data directory / database, a new process: it recovers and serves bookings again.
    server = await serve();
    const after = await shopperWithCart(server.base, tariff.id, stay);
    const answer = await after.post('checkout', bookingBody(stay));
    expect(answer.status, answer.text).toBe(201);
    acknowledged.push((answer.body as { reservation: { reference: string } }).reservation.reference);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);

    const rows = await database.query<{ reference: string; mails: number }>(
      `select r.reference, (select count(*)::int from mail_outbox m
          where m.reservation_id = r.id and m.kind = 'reservation_confirmation') as mails
         from reservations r where r.tariff_id = $1 and r.entry_local = $2`,
      [tariff.id, stay.entryTime],
    );
    const found = new Map(rows.map((r) => [r.reference, r.mails]));
    for (const reference of acknowledged) expect(found.get(reference), reference).toBe(1);
    // Nothing half done: every reservation in the database has its mail, and the day counters count exactly them
    // (bookings committed but cut off before their answer are there too, complete).
    for (const row of rows) expect(row.mails, row.reference).toBe(1);
    const days = await database.query<{ booked: number }>(
      `select booked from tariff_days where tariff_id = $1 and day = any($2::date[]) order by day`,
      [tariff.id, stay.days],
    );
    expect(days.map((d) => d.booked)).toEqual([rows.length, rows.length, rows.length]);
    console.info(
      `kill -9: ${acknowledged.length} acknowledged, ${rows.length} in the database, ${failedAfterKill} cut off`,
    );
  }, 120_000);
});
