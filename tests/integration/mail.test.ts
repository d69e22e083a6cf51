import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../database/schema.ts';
import {
  deliverPendingMail,
  enqueueReservationConfirmation,
  MAIL_MAX_ATTEMPTS,
  delegateMailDelivery,
  enqueueMail,
  startMailWorker,
  type MailContext,
} from '../../app/services/mail/mail.server.ts';
import { findAccessLink, listEml, parseEml } from '../fixtures/eml.ts';
import { startFakeSmtp } from '../fixtures/fake-smtp.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
let dataDir: string;

type LogCall = { level: string; obj: Record<string, unknown>; msg: string };
function mailContext(envOverrides: Partial<MailContext['env']> = {}) {
  const calls: LogCall[] = [];
  const log = (level: string) => (obj: unknown, msg?: string) => {
    calls.push({ level, obj: obj as Record<string, unknown>, msg: msg ?? '' });
  };
  const ctx: MailContext = {
    db: test.ctx.db,
    env: { ...test.ctx.env, DATA_DIR: dataDir, SMTP_URL: undefined, ...envOverrides },
    logger: { info: log('info'), warn: log('warn'), error: log('error') } as unknown as MailContext['logger'],
  };
  return { ctx, calls };
}

beforeAll(async () => {
  test = await createTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-mail-'));
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Empties the outbox of earlier tests so each test sees only its own rows. */
async function clearOutbox() {
  await test.ctx.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.status, 'pending'));
}

describe('reservation confirmation mail', () => {
  it('queues a German confirmation and writes it as an .eml file with text and HTML parts', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { row, token } = await insertReservation(test.ctx.db, { locale: 'de' });
    const accessUrl = `https://shop.example/reservierung/${row.reference}?token=${token}`;
    await enqueueReservationConfirmation(ctx, { reservationId: row.id, accessUrl });

    const [queued] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(queued).toMatchObject({ kind: 'reservation_confirmation', status: 'pending', attempts: 0, locale: 'de' });
    expect(queued.to).toBe('Erika.Mustermann@Example.org');
    expect(queued.subject).toContain(row.reference);
    // Queued without its text (rendered at delivery, issue 11), with the secret link until then.
    expect(queued).toMatchObject({ html: '', text: '', payload: { accessUrl } });

    const before = listEml(path.join(dataDir, 'mail')).length;
    expect(await deliverPendingMail(ctx)).toBe(1);
    const files = listEml(path.join(dataDir, 'mail'));
    expect(files.length).toBe(before + 1);
    expect(path.basename(files.at(-1)!)).toMatch(new RegExp(`-${queued.id}\\.eml$`));

    const mail = parseEml(fs.readFileSync(files.at(-1)!));
    expect(mail.subject).toBe(`Ihre Buchungsbestätigung ${row.reference} – Parkplatz-Shop`);
    expect(mail.headers.to.toLowerCase()).toContain('erika.mustermann@example.org');
    expect(mail.headers.from).toContain('buchung@parkplatz-shop.example');
    // text and HTML as alternatives, inside a mixed part that carries the documents (issue 9)
    expect(mail.headers['content-type']).toMatch(/multipart\/mixed/);
    const raw = fs.readFileSync(files.at(-1)!, 'utf8');
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(new RegExp(`filename="?Parkschein-${row.reference}\\.pdf`));
    // both parts, with what a customer needs at the car park
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(row.reference);
      expect(part).toContain('Flughafen Frankfurt');
      expect(part).toContain('F-AB 1234');
      expect(part).toContain('Kinderwagen');
      expect(part).toContain('84,00');
      expect(part).toContain('13,41');
      expect(part).toContain(row.invoiceNumber!);
      expect(part).toContain('14 Tagen');
      expect(part).toContain('Kostenlose Stornierung bis');
      expect(part).toContain('06.12.2026, 08:00'); // 24 h before entry, Frankfurt local time
      expect(part).toContain('Mo., 07.12.2026, 08:00');
      expect(part).toContain('https://shop.example/reservierung');
    }
    expect(findAccessLink(mail)).toBe(accessUrl);
    expect(mail.html).toContain(`href="https://shop.example/reservierung/${row.reference}?token=${token}"`);
    expect(mail.text).toContain('Unter https://shop.example/reservierung rufen Sie'); // lookup hint
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);

    const [sent] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.html).toBe('');
    expect(sent.text).toBe('');
    expect(sent.payload).toBeNull();
    // nothing left to send
    expect(await deliverPendingMail(ctx)).toBe(0);
  });

  it('writes an English mail for an English reservation, with the /en links', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { row, token } = await insertReservation(test.ctx.db, {
      locale: 'en',
      paymentType: 'on_site',
      invoiceNumber: null,
    });
    const accessUrl = `https://shop.example/en/reservierung/${row.reference}?token=${token}`;
    await enqueueReservationConfirmation(ctx, { reservationId: row.id, accessUrl });
    await deliverPendingMail(ctx);
    const mail = parseEml(fs.readFileSync(listEml(path.join(dataDir, 'mail')).at(-1)!));
    expect(mail.subject).toBe(`Your booking confirmation ${row.reference} – Parkplatz-Shop`);
    expect(mail.text).toContain('Frankfurt Airport');
    expect(mail.text).toContain('Pay at the car park');
    expect(mail.text).toContain('€84.00');
    expect(mail.text).toContain('Free cancellation until');
    expect(mail.text).toContain('At https://shop.example/en/reservierung you can open your reservation');
    expect(mail.html).toContain('<html lang="en">');
    expect(findAccessLink(mail)).toBe(accessUrl);
  });

  it('escapes customer input in the HTML part', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { row } = await insertReservation(test.ctx.db, { licensePlate: '<b>X</b>' });
    await enqueueReservationConfirmation(ctx, {
      reservationId: row.id,
      accessUrl: `https://shop.example/reservierung/${row.reference}?token=x`,
    });
    // Rendered at delivery (issue 11): the queued row holds no text yet.
    const [queued] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(queued.html).toBe('');
    expect(await deliverPendingMail(ctx)).toBe(1);
    const mail = parseEml(fs.readFileSync(listEml(path.join(dataDir, 'mail')).at(-1)!));
    expect(mail.html).toContain('&lt;b&gt;X&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>X</b>');
  });

  it('rejects an unknown reservation', async () => {
    const { ctx } = mailContext();
    await expect(
      enqueueReservationConfirmation(ctx, { reservationId: 999_999, accessUrl: 'https://x.example/' }),
    ).rejects.toThrow();
  });
});

describe('delivery failures', () => {
  it('keeps a mail pending with backoff when SMTP is unreachable, logs it and does not throw', async () => {
    await clearOutbox();
    // a port with nothing listening: take a free port and close it again
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(p));
      });
    });
    const { ctx, calls } = mailContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { row, token } = await insertReservation(test.ctx.db);
    await enqueueReservationConfirmation(ctx, {
      reservationId: row.id,
      accessUrl: `https://shop.example/reservierung/${row.reference}?token=${token}`,
    });

    const startedAt = Date.now();
    await expect(deliverPendingMail(ctx)).resolves.toBe(0);
    const [failed] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBeTruthy();
    // first retry after 1 minute
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(startedAt + 50_000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 70_000);
    expect(failed.payload?.accessUrl).toContain(token); // the link is kept for the retry (rendered at delivery)
    const warning = calls.find((c) => c.level === 'warn');
    expect(warning?.obj).toMatchObject({ mailId: failed.id, attempts: 1, retryInMinutes: 1 });
    expect(JSON.stringify(warning?.obj ?? {})).not.toContain('Mustermann');

    // not due yet: a second run leaves it alone
    await deliverPendingMail(ctx);
    const [same] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    expect(same.attempts).toBe(1);
  });

  it('gives up after the last attempt (status failed)', async () => {
    await clearOutbox();
    const { ctx, calls } = mailContext({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const { row } = await insertReservation(test.ctx.db);
    await enqueueReservationConfirmation(ctx, {
      reservationId: row.id,
      accessUrl: `https://shop.example/reservierung/${row.reference}?token=x`,
    });
    await test.ctx.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.reservationId, row.id));
    await deliverPendingMail(ctx);
    const [failed] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(calls.some((c) => c.level === 'error' && c.msg.includes('permanently'))).toBe(true);
  });

  it('a row claimed by one worker is not picked by another', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { row } = await insertReservation(test.ctx.db);
    await enqueueReservationConfirmation(ctx, {
      reservationId: row.id,
      accessUrl: `https://shop.example/reservierung/${row.reference}?token=x`,
    });
    const [a, b] = await Promise.all([deliverPendingMail(ctx), deliverPendingMail(ctx)]);
    expect(a + b).toBe(1);
    const [queued] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    const files = listEml(path.join(dataDir, 'mail')).filter((f) => f.endsWith(`-${queued.id}.eml`));
    expect(files.length).toBe(1);
  });

  it('a delivery that outlasts the claim keeps it by its heartbeat: no other run sends the mail again', async () => {
    // Issue 31 item 11: the lease is short (a crashed worker's mail comes back soon), so a slow SMTP server must not
    // let it lapse under a delivery still going on. Here a 1 s lease, renewed every 200 ms, against a server that
    // holds the message unconfirmed for several leases.
    await clearOutbox();
    const smtp = await startFakeSmtp('data');
    try {
      const { ctx } = mailContext({ SMTP_URL: smtp.url });
      const options = { leaseSeconds: 1, heartbeatMs: 200 };
      await enqueueMail(test.ctx.db, {
        kind: 'contact_copy',
        to: 'guest@example.com',
        locale: 'de',
        mail: { subject: 'heartbeat check', html: '<p>x</p>', text: 'x' },
      });
      const first = deliverPendingMail(ctx, options);
      await expect.poll(() => smtp.held(), { timeout: 15_000, interval: 20 }).toBe(1);
      // Three leases pass while the message waits for its 250 (a wait for time itself, with a deadline).
      const heldSince = Date.now();
      await expect
        .poll(() => Date.now() - heldSince, { timeout: 10_000, interval: 100 })
        .toBeGreaterThan(3 * options.leaseSeconds * 1000);
      smtp.setMode('deliver');
      // Another run (another process's worker) finds the row still claimed.
      expect(await deliverPendingMail(ctx, options)).toBe(0);
      smtp.release();
      expect(await first).toBe(1);
      expect(smtp.subjects).toEqual(['heartbeat check']);
      const [row] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'heartbeat check'));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      // Once the batch is done no beat is left running: the row stays as it was recorded.
      expect(await deliverPendingMail(ctx, options)).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  /** Queues `count` confirmations as a web worker does (announced elsewhere, not sent by the enqueue itself). */
  async function queueBacklog(ctx: MailContext, count: number) {
    const ids: number[] = [];
    const stopDelegating = delegateMailDelivery(() => {});
    try {
      for (let i = 0; i < count; i++) {
        const { row } = await insertReservation(test.ctx.db);
        ids.push(row.id);
        await enqueueReservationConfirmation(ctx, {
          reservationId: row.id,
          accessUrl: `https://shop.example/reservierung/${row.reference}?token=x`,
        });
      }
    } finally {
      stopDelegating();
    }
    const pending = async () =>
      (
        await test.ctx.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), inArray(mailOutbox.reservationId, ids)))
      ).length;
    expect(await pending()).toBe(count);
    return { pending };
  }

  it('one run claims and sends at most its batch, however many are due', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { pending } = await queueBacklog(ctx, 12);
    expect(await deliverPendingMail(ctx, { limit: 5 })).toBe(5);
    // The other seven were not claimed: still due now, not pushed back by a lease.
    const due = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())));
    expect(due.length).toBe(7);
    expect(await pending()).toBe(7);
  });

  it('the worker drains a backlog larger than one batch without waiting for its interval', async () => {
    await clearOutbox();
    const { ctx } = mailContext();
    const { pending } = await queueBacklog(ctx, 12);
    // An interval far beyond the test's time-out: only the worker's first run and its follow-ups can send.
    const stop = startMailWorker(ctx, 3_600_000);
    try {
      await expect.poll(pending, { timeout: 20_000, interval: 100 }).toBe(0);
    } finally {
      await stop();
    }
  });
});
