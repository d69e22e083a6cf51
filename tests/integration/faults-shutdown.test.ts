/**
 * Graceful shutdown (issue 14, "Fault tests"): `SIGTERM` to the production server (`node server.js`) while a booking
 * is in flight. The booking is held in flight deterministically with `Expect: 100-continue`: the server has accepted
 * the request (its `100 Continue` says so) and waits for the body, which the test sends only after the signal. The
 * booking completes 201 on its connection (closed after it), new connections are refused meanwhile, and the process
 * exits 0 with the booking stored. PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createFaultDatabase, type FaultDatabase } from './fault-database.ts';
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
let server: ServerProcess | undefined;

beforeAll(async () => {
  buildIfNeeded();
  dataDir = tempDir('faults-shutdown');
  database = await createFaultDatabase(dataDir);
}, 600_000);
afterAll(async () => {
  await stopServer(server);
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Whether a new TCP connection to `port` is refused (the listener closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

it('SIGTERM finishes the booking in flight, refuses new connections and exits 0', async () => {
  const [{ id: fraId }] = await database.query<{ id: number }>(`select id from airports where iata = 'FRA'`);
  const [{ id: tariffId }] = await database.query<{ id: number }>(
    `select id from tariffs where airport_id = $1 and active order by id limit 1`,
    [fraId],
  );
  server = await startServer(database.env);
  await waitReady(server);
  const stay = stayAhead(60);
  const shopper = await new Shopper(server.base).start();
  expect((await shopper.post('checkout/cart', { airportId: fraId, tariffId, ...stay })).status).toBe(200);

  const body = JSON.stringify(checkoutBody({ ...stay, personCount: 1, licensePlate: '', gender: false }));
  let continued!: () => void;
  const accepted = new Promise<void>((resolve) => (continued = resolve));
  const answer = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
    const req = http.request(`${server!.base}/api/checkout`, {
      method: 'POST',
      agent: false,
      localAddress: shopper.localAddress,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-TOKEN': shopper.csrfToken,
        Cookie: shopper.cookie,
        Expect: '100-continue',
      },
    });
    req.on('continue', () => {
      continued();
      // The body follows once the server is stopping (the test ends `sendBody`).
      sendBody = () => req.end(body);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
  let sendBody = () => {};
  await accepted;

  server.child.kill('SIGTERM');
  // The listener closes at once: poll until a new connection is refused (bounded; not a fixed pause).
  const until = Date.now() + 5000;
  let closed = false;
  while (!closed && Date.now() < until) {
    closed = await refused(server.port);
    if (!closed) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(closed, server.output()).toBe(true);
  expect(server.child.exitCode).toBeNull(); // still running: it waits for the booking

  sendBody();
  const result = await answer;
  expect(result.status, result.text).toBe(201);
  expect(result.connection).toBe('close');
  expect(await exited(server.child)).toBe(0);
  expect(server.output()).not.toMatch(/"level":(50|60)/);

  const reference = (JSON.parse(result.text) as { reservation: { reference: string } }).reservation.reference;
  const rows = await database.query<{ status: string; mails: number }>(
    `select r.status, (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails
       from reservations r where r.reference = $1`,
    [reference],
  );
  expect(rows).toEqual([{ status: 'confirmed', mails: 1 }]);
}, 60_000);
