/**
 * Outgoing mail through the `mail_outbox` table (issue 3, DESIGN §1 "mail"): a booking queues its
 * confirmation in its own transaction (only the recipient, subject and secret link; the worker renders the mail
 * from the stored reservation when it delivers it, issue 11), other mails are rendered into the outbox when
 * queued, and a worker delivers due rows with nodemailer —
 * SMTP when `SMTP_URL` is set, otherwise RFC 822 `.eml` files in `<DATA_DIR>/mail/` — with exponential
 * backoff. A mail failure never fails a booking and never throws out of the worker.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '#database/client.server.ts';
import { mailOutbox, reservationEvents } from '#database/schema.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { photoStoreOf, storedHandover } from '../handover/handover.server.ts';
import { bankAccountOf, girocodePng } from '../documents/girocode.server.ts';
import {
  GIROCODE_CID,
  renderAccountMail,
  renderContactMails,
  renderReservationConfirmation,
  reservationConfirmationSubject,
  type AccountMailKind,
  type RenderedMail,
  type ContactMailData,
  type ShopInfo,
} from './mail-templates.server.ts';
import { listReservationDocuments, reservationDocumentFile } from '../documents/reservation-documents.server.ts';
import {
  buildReservationView,
  findReservationById,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { MailConfig, ServiceLogger } from '../service-context.ts';
import type { QueuedMail } from '../checkout/checkout-book-statement.server.ts';

/**
 * What the mail functions need of the application context: the database (outbox), the mail settings and a
 * logger. The server's `AppContext` satisfies it as it is.
 */
export type MailContext = {
  db: Database;
  env: MailConfig & { PUBLIC_URL: string };
  logger: ServiceLogger;
  now?: () => Date;
};

/**
 * Mails that carry the reservation's documents (voucher, invoice, calendar file) as stored when sent: the booking
 * confirmation and the change mail (issue 12: a changed booking gets a new voucher and invoice).
 */
const DOCUMENT_MAIL_KINDS: ReadonlySet<string> = new Set([
  'reservation_confirmation',
  'reservation_changed',
  'overstay_payment',
]);

/** An outbox row. */
type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Minutes to wait after the n-th failed attempt (index n-1): 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h.
 * The 8th failure marks the row `failed` (about 45 hours after the first try).
 */
const MAIL_BACKOFF_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const;
/** Attempts after which a mail is given up (`status = failed`). */
export const MAIL_MAX_ATTEMPTS = 8;
/** Rows claimed per worker run. */
const MAIL_BATCH_SIZE = 5;
/**
 * Lease of a claimed row, seconds: its `next_attempt_at` is pushed this far so no other worker picks it while this
 * one sends, and a heartbeat ({@link MAIL_CLAIM_HEARTBEAT_MS}) pushes it again while the batch lasts, so a slow SMTP
 * server (its time-outs below reach 60 s) never lets the claim lapse under a delivery. A killed worker's rows come
 * back after at most this: with the worker's {@link MAIL_WORKER_INTERVAL_MS} a restarted process resends them
 * within 60 s of the kill (issue 31 item 11; the former 10-minute lease held them back for up to 10 minutes).
 */
export const MAIL_CLAIM_LEASE_SECONDS = 30;
/**
 * How often a running batch renews the lease of its rows not yet done, ms: a third of the lease, so two missed
 * beats (a slow database, a busy event loop) still leave the claim standing. Source: issue 31 item 11.
 */
const MAIL_CLAIM_HEARTBEAT_MS = 10_000;
/** Worker interval, ms. */
const MAIL_WORKER_INTERVAL_MS = 30_000;

/** The shop's own data for mails, from the `SHOP_*` environment. */
export function shopInfo(env: MailConfig): ShopInfo {
  return {
    name: env.SHOP_NAME,
    address: env.SHOP_ADDRESS,
    email: env.SHOP_EMAIL,
    phone: env.SHOP_PHONE,
    vatId: env.SHOP_VAT_ID,
  };
}

/** The reservation fields a queued confirmation needs: id, language, reference and billing e-mail. */
type ConfirmedReservation = Pick<ReservationDetails['reservation'], 'id' | 'locale' | 'reference' | 'billingAddress'>;

/**
 * Queues the booking confirmation of a reservation (`mail_outbox`, kind `reservation_confirmation`, status
 * `pending`, due now) without rendering it: the row keeps recipient, subject and the secret guest link
 * (`payload.accessUrl`), and the worker renders text and HTML from the stored reservation at delivery, in the
 * reservation's own `locale` (de | en). `db` may be the booking's transaction, so the mail is queued exactly when
 * the booking commits (transactional outbox). No worker is nudged here (inside a transaction it would find
 * nothing yet): the caller kicks delivery after its commit ({@link kickMailDelivery}).
 *
 * @param env - `SHOP_NAME` for the subject, `PUBLIC_URL` (else the link's origin) for the attachments' links.
 * @param input.reservation - the reservation as stored (id, locale, reference, billing e-mail).
 * @param input.accessUrl - absolute secret guest link, e.g. from `buildGuestAccessUrl` (kept in the outbox row
 *   only until delivery).
 * @throws on database errors only.
 * Source: issue 3 (confirmation mail), issue 11 (rendered at delivery, not in the booking request), DESIGN §1.
 */
export async function queueReservationConfirmation(
  db: Database,
  env: Pick<MailConfig, 'SHOP_NAME'> & { PUBLIC_URL: string },
  input: { reservation: ConfirmedReservation; accessUrl: string },
): Promise<void> {
  await db.insert(mailOutbox).values({
    ...reservationConfirmationMail(env, input),
    reservationId: input.reservation.id,
    html: '',
    text: '',
    status: 'pending',
  });
}

/**
 * The outbox row of a reservation's booking confirmation, without its reservation id: for the booking statement,
 * which queues it with the reservation it inserts (decision 0034), and for {@link queueReservationConfirmation}.
 * Rendered at delivery; `payload.accessUrl` is the secret guest link.
 *
 * @param input.reservation - reference, language and billing address (the recipient) of the reservation.
 * @param input.accessUrl - absolute secret guest link.
 * Source: issue 3 (confirmation mail), issue 11 (rendered at delivery).
 */
export function reservationConfirmationMail(
  env: Pick<MailConfig, 'SHOP_NAME'> & { PUBLIC_URL: string },
  input: {
    reservation: Pick<ConfirmedReservation, 'reference' | 'locale' | 'billingAddress'>;
    accessUrl: string;
  },
): QueuedMail {
  const { reservation } = input;
  const locale = toLocale(reservation.locale);
  return {
    kind: 'reservation_confirmation',
    locale,
    to: String(reservation.billingAddress.email ?? ''),
    subject: reservationConfirmationSubject(locale, reservation.reference, env.SHOP_NAME),
    payload: { accessUrl: input.accessUrl },
    baseUrl: env.PUBLIC_URL,
  };
}

/**
 * Queues the booking confirmation of a committed reservation ({@link queueReservationConfirmation} outside a
 * booking transaction, e.g. to send it again); a running mail worker is nudged.
 *
 * @param input.reservationId - id of the committed reservation.
 * @param input.accessUrl - absolute secret guest link.
 * @throws Error when the reservation does not exist, or on database errors.
 * Source: issue 3 (confirmation mail), schema `mail_outbox`.
 */
export async function enqueueReservationConfirmation(
  ctx: MailContext,
  input: { reservationId: number; accessUrl: string },
): Promise<void> {
  const details = await findReservationById(ctx.db, input.reservationId);
  if (!details) throw new Error(`Reservation ${input.reservationId} not found`);
  await queueReservationConfirmation(ctx.db, ctx.env, { reservation: details.reservation, accessUrl: input.accessUrl });
  nudgeWorker();
}

/**
 * The text and HTML of an outbox row: as stored, or — for a reservation confirmation queued without them — rendered
 * now from the stored reservation (`details`) and the row's secret link, in the row's language.
 * @throws Error when a confirmation to render has no reservation or no link (the send fails and is retried).
 */
function contentOf(ctx: MailContext, row: MailOutboxRow, details: ReservationDetails | null): RenderedMail {
  const accessUrl = row.payload?.accessUrl;
  if (row.kind !== 'reservation_confirmation' || row.html !== '' || !accessUrl) {
    return { subject: row.subject, html: row.html, text: row.text };
  }
  if (!details) throw new Error(`reservation ${row.reservationId} of mail ${row.id} not found`);
  const locale = toLocale(row.locale);
  const view = buildReservationView(details, locale, bankAccountOf(ctx.env), {
    delayFreeHours: ctx.env.FLIGHT_DELAY_FREE_HOURS,
  });
  const lookupUrl = new URL(localePath(locale, '/reservierung'), accessUrl).href;
  return renderReservationConfirmation(view, { accessUrl, lookupUrl }, shopInfo(ctx.env));
}

/**
 * Renders an account mail (verification, password reset, e-mail change; issue 8) and queues it (`mail_outbox`,
 * kind = `kind`, no reservation, due now); a running mail worker is nudged.
 *
 * @param input.to - recipient address; `input.locale` language of the mail; `input.url` the absolute
 *   one-time link (kept in the outbox row only until delivery); `input.firstname` for the greeting;
 *   `input.validFor` the link's lifetime as shown to the reader.
 * @throws on database errors only.
 * Source: issue 8, DESIGN §1 (mail through the outbox, `.eml` files without SMTP).
 */
export async function enqueueAccountMail(
  ctx: MailContext,
  input: { kind: AccountMailKind; to: string; locale: Locale; url: string; firstname: string; validFor: string },
): Promise<void> {
  const mail = renderAccountMail(input.kind, input.locale, input, shopInfo(ctx.env));
  await ctx.db.insert(mailOutbox).values({
    kind: input.kind,
    locale: input.locale,
    to: input.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    status: 'pending',
  });
  nudgeWorker();
}

/**
 * Queues an already rendered mail (`mail_outbox`, due now) with optional extra `headers` (e.g. RFC 8058
 * `List-Unsubscribe` and `List-Unsubscribe-Post`); a running mail worker is nudged. `db` may be a transaction, so
 * the row commits (or rolls back) with the caller's other writes.
 *
 * @param input.kind - the outbox kind (also the `X-Mail-Kind` header); `input.to` the recipient;
 *   `input.locale` the mail's language; `input.mail` subject, HTML and text part.
 * @throws on database errors only.
 * Source: issue 10 (newsletter and airport mails through the outbox), DESIGN §1.
 */
export async function enqueueMail(
  db: Database,
  input: {
    kind: string;
    to: string;
    locale: Locale;
    mail: RenderedMail;
    headers?: Record<string, string>;
    reservationId?: number;
    replyTo?: string;
  },
): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: input.kind,
    reservationId: input.reservationId ?? null,
    replyTo: input.replyTo ?? null,
    locale: input.locale,
    to: input.to,
    subject: input.mail.subject,
    html: input.mail.html,
    text: input.mail.text,
    headers: input.headers ?? null,
    status: 'pending',
  });
  nudgeWorker();
}

/**
 * Renders the two mails of a contact message (issue 10) and queues both in one insert: kind `contact_message` to
 * the shop (`SHOP_EMAIL`, in German, Reply-To = the sender's address) and kind `contact_copy` to the sender (in
 * their language, Reply-To = the shop). A running mail worker is nudged.
 *
 * @param input - the validated message with its topic labels (see `ContactMailData`).
 * @throws on database errors only.
 * Source: issue 10 (contact form), DESIGN §1 (mail through the outbox, `.eml` files without SMTP).
 */
export async function enqueueContactMails(ctx: MailContext, input: ContactMailData): Promise<void> {
  const mails = renderContactMails(input, shopInfo(ctx.env));
  await ctx.db.insert(mailOutbox).values([
    { kind: 'contact_message', locale: 'de', to: ctx.env.SHOP_EMAIL, replyTo: input.email, ...mails.toShop },
    { kind: 'contact_copy', locale: input.locale, to: input.email, ...mails.copy },
  ]);
  nudgeWorker();
}

/** A nodemailer transport plus what to do with a sent message (write the `.eml` file in file mode). */
type Sender = { send: (row: MailOutboxRow) => Promise<void>; close: () => void };

/** An attachment of a mail (nodemailer's shape); `cid` for an inline image the HTML refers to. */
type Attachment = { filename: string; content: Buffer | string; contentType: string; cid?: string };

/**
 * The attachments of an outbox row, drawn at send time from the stored reservation `details` (the outbox keeps
 * text only); `html` is the mail's HTML part.
 * A reservation confirmation carries the voucher PDF, the invoice PDF (from its stored snapshot), the calendar
 * file, and the GiroCode PNG inline when its HTML refers to it (`cid:`); an overstay's payment link carries the
 * overstay's invoice. Source: issue 9 (the confirmation mail carries the voucher PDF and the `.ics`; GiroCode,
 * EPC069-12), issue 33 item 4.
 * @throws on database or rendering errors (the send fails and is retried later).
 */
async function attachmentsOf(
  ctx: MailContext,
  row: MailOutboxRow,
  details: ReservationDetails | null,
  html: string,
): Promise<Attachment[]> {
  // a customer's handover dispute (issue 36 item 3): support gets the records' photos still kept
  if (row.kind === 'handover_dispute' && row.reservationId) return handoverPhotoAttachments(ctx, row.reservationId);
  if (!DOCUMENT_MAIL_KINDS.has(row.kind) || !details) return [];
  const attachments: Attachment[] = [];
  const serviceCtx = { ...ctx, now: ctx.now ?? (() => new Date()) };
  const baseUrl = row.baseUrl ?? ctx.env.PUBLIC_URL;
  const documents = await listReservationDocuments(serviceCtx, details);
  const attach = async (names: (string | undefined)[]) => {
    for (const fileName of names) {
      if (!fileName || !baseUrl) continue;
      const file = await reservationDocumentFile(serviceCtx, details, { fileName, baseUrl });
      if (file) attachments.push({ filename: file.fileName, content: file.body, contentType: file.contentType });
    }
    return attachments;
  };
  // an overstay's payment link (issue 33 item 4): its own invoice only; the voucher of a stay that is over is no use
  if (row.kind === 'overstay_payment') return attach(documents.overstayInvoices.map((d) => d.fileName));
  const payload = buildReservationView(details, row.locale, bankAccountOf(ctx.env)).bankTransfer?.payload;
  if (payload && html.includes(`cid:${GIROCODE_CID}`)) {
    attachments.push({
      filename: 'GiroCode.png',
      content: await girocodePng(payload),
      contentType: 'image/png',
      cid: GIROCODE_CID,
    });
  }
  return attach([documents.voucher?.fileName, documents.invoice?.fileName, documents.calendar?.fileName]);
}

/** The kept photos of a reservation's handover records as JPEG attachments (`Einfahrt-front-12.jpg`, …). */
async function handoverPhotoAttachments(ctx: MailContext, reservationId: number): Promise<Attachment[]> {
  const stored = await storedHandover(ctx.db, reservationId);
  const store = photoStoreOf(ctx);
  const attachments: Attachment[] = [];
  for (const record of [stored.entry, stored.exit]) {
    for (const photo of record?.photos ?? []) {
      const file = await store.get(photo.storageKey);
      if (file) {
        attachments.push({
          filename: `${record?.kind === 'entry' ? 'Einfahrt' : 'Ausfahrt'}-${photo.label}-${photo.id}.jpg`,
          content: Buffer.from(file.bytes),
          contentType: file.contentType,
        });
      }
    }
  }
  return attachments;
}

function createSender(ctx: MailContext): Sender {
  const { env } = ctx;
  const message = async (row: MailOutboxRow) => {
    // A reservation confirmation is rendered and gets its documents from the reservation as stored now.
    const details =
      DOCUMENT_MAIL_KINDS.has(row.kind) && row.reservationId
        ? await findReservationById(ctx.db, row.reservationId)
        : null;
    const content = contentOf(ctx, row, details);
    return {
      from: env.MAIL_FROM,
      replyTo: row.replyTo ?? env.SHOP_EMAIL,
      to: row.to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      headers: { ...row.headers, 'X-Mail-Kind': row.kind },
      attachments: await attachmentsOf(ctx, row, details, content.html),
    };
  };
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      send: async (row) => {
        await transport.sendMail(await message(row));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = path.resolve(env.DATA_DIR, 'mail');
  return {
    send: async (row) => {
      const info = await transport.sendMail(await message(row));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(dir, `${stamp}-${row.id}.eml`), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}

/**
 * Claims up to `limit` due pending rows: one `UPDATE … WHERE id = ANY(ARRAY(SELECT … LIMIT … FOR UPDATE SKIP
 * LOCKED))` statement (its own short transaction) that pushes `next_attempt_at` by the lease, so concurrent workers
 * in other processes skip these rows and never send a mail twice. `ARRAY(…)` makes the selection an InitPlan, run
 * once: as `id IN (SELECT …)` the planner may rescan it for each row (PGlite did), and each rescan skips the rows
 * this statement already updated and locks the next ones, so one run claimed every due row, not `limit`: a
 * backlog larger than the lease can send would then come due again while still being sent.
 */
async function claimDueMail(db: Database, limit: number, leaseSeconds: number): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(sql`${mailOutbox.id} = any(array(${due}))`, eq(mailOutbox.status, 'pending')))
    .returning();
}

/**
 * Renews the claim of rows a batch has not finished yet (the heartbeat): `next_attempt_at` becomes at least
 * `now() + leaseSeconds`. `greatest` keeps a later time a failure has just set (its backoff), and only `pending` rows
 * are touched, so a beat that races the row's outcome never undoes it.
 */
async function renewClaim(db: Database, ids: number[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`greatest(${mailOutbox.nextAttemptAt}, now() + make_interval(secs => ${leaseSeconds}))`,
    })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

/**
 * Delivers due mail: claims pending rows whose `next_attempt_at <= now()` (a few per call, safely across
 * processes), sends each — SMTP when `SMTP_URL` is set, else an RFC 822 file `<DATA_DIR>/mail/<timestamp>-<id>.eml`.
 * A reservation confirmation queued without its text is rendered now (see {@link queueReservationConfirmation}).
 * Success: `status = sent`, `sent_at`, and `html`/`text`/`payload` emptied (they hold the access link). Failure:
 * `attempts + 1`, `last_error`, next try after {@link MAIL_BACKOFF_MINUTES}; after {@link MAIL_MAX_ATTEMPTS}
 * attempts `status = failed` (content kept so an operator can reset it to `pending` after fixing SMTP).
 * Every failure is logged (row id, attempts, error; never the address or content).
 *
 * The claim is a lease of {@link MAIL_CLAIM_LEASE_SECONDS}, renewed every {@link MAIL_CLAIM_HEARTBEAT_MS} for the
 * rows not yet done while the batch runs: a delivery may take longer than the lease, a crashed process's rows come
 * due again soon after its last beat (issue 31 item 11).
 *
 * @param ctx - database, environment (`SMTP_URL`, `MAIL_FROM`, `SHOP_EMAIL`, `DATA_DIR`) and logger.
 * @param options.limit - maximum rows this call sends (default {@link MAIL_BATCH_SIZE}).
 * @param options.leaseSeconds - the claim's lease, seconds (default {@link MAIL_CLAIM_LEASE_SECONDS}); tests shorten
 *   it together with `options.heartbeatMs` (default {@link MAIL_CLAIM_HEARTBEAT_MS}).
 * @returns the number of mails sent by this call.
 * @throws never: send and database errors are logged, not thrown (it runs from a timer).
 * Source: issue 3 (mail worker), issue 31 item 11 (short lease with a heartbeat), DESIGN §1 (mail), schema
 * `mail_outbox`.
 */
export async function deliverPendingMail(
  ctx: MailContext,
  options: { limit?: number; leaseSeconds?: number; heartbeatMs?: number } = {},
): Promise<number> {
  const leaseSeconds = options.leaseSeconds ?? MAIL_CLAIM_LEASE_SECONDS;
  let rows: MailOutboxRow[];
  try {
    rows = await claimDueMail(ctx.db, options.limit ?? MAIL_BATCH_SIZE, leaseSeconds);
  } catch (err) {
    ctx.logger.error({ err }, 'mail outbox: claiming due mail failed');
    return 0;
  }
  if (rows.length === 0) return 0;
  // The heartbeat: the rows of this batch not yet done keep their claim while earlier ones are being sent. A row
  // leaves `open` before its outcome is written; one beat at a time, and the batch waits for the last one to end.
  const open = new Set(rows.map((row) => row.id));
  let beat: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beat = beat
      .then(() => renewClaim(ctx.db, [...open], leaseSeconds))
      .catch((err: unknown) => ctx.logger.warn({ err }, 'mail outbox: renewing the claim failed'));
  }, options.heartbeatMs ?? MAIL_CLAIM_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await deliverClaimed(ctx, rows, open);
  } finally {
    clearInterval(heartbeat);
    await beat;
  }
}

/** Sends the claimed `rows` one after the other and records each outcome; `open` loses each row as it is done. */
async function deliverClaimed(ctx: MailContext, rows: MailOutboxRow[], open: Set<number>): Promise<number> {
  let sender: Sender;
  try {
    sender = createSender(ctx);
  } catch (err) {
    ctx.logger.error({ err }, 'mail outbox: cannot create the transport');
    open.clear();
    await Promise.all(rows.map((row) => recordFailure(ctx, row, err)));
    return 0;
  }
  let sent = 0;
  try {
    for (const row of rows) {
      try {
        await sender.send(row);
      } catch (err) {
        open.delete(row.id);
        await recordFailure(ctx, row, err);
        continue;
      }
      open.delete(row.id);
      try {
        await ctx.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            attempts: row.attempts + 1,
            lastError: null,
            html: '',
            text: '',
            headers: null,
            payload: null,
          })
          .where(eq(mailOutbox.id, row.id));
        sent++;
        // The reservation's history shows the mail (issue 12); a failure here only loses the timeline entry.
        if (row.reservationId !== null) {
          await ctx.db
            .insert(reservationEvents)
            .values({ reservationId: row.reservationId, kind: 'mail_sent', data: { mail: row.kind } })
            .catch((err: unknown) => ctx.logger.warn({ err, mailId: row.id }, 'mail outbox: history row failed'));
        }
      } catch (err) {
        // Sent but not recorded: the lease expires (no heartbeat renews it now) and it would be sent again; say so
        // loudly.
        ctx.logger.error({ err, mailId: row.id }, 'mail outbox: mail sent but marking it sent failed');
      }
    }
  } finally {
    sender.close();
  }
  return sent;
}

async function recordFailure(ctx: MailContext, row: MailOutboxRow, err: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
  const delay = MAIL_BACKOFF_MINUTES[Math.min(attempts, MAIL_BACKOFF_MINUTES.length) - 1];
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  const log = { err, mailId: row.id, kind: row.kind, attempts, retryInMinutes: giveUp ? null : delay };
  if (giveUp) ctx.logger.error(log, 'mail delivery failed permanently');
  else ctx.logger.warn(log, 'mail delivery failed; will retry');
  try {
    await ctx.db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: message,
        status: giveUp ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(mins => ${giveUp ? 0 : delay})`,
      })
      .where(eq(mailOutbox.id, row.id));
  } catch (dbErr) {
    ctx.logger.error({ err: dbErr, mailId: row.id }, 'mail outbox: recording a failure failed');
  }
}

let nudge: (() => void) | null = null;

function nudgeWorker(): void {
  nudge?.();
}

/**
 * Asks for the outbox to be delivered soon, after a mail was queued: the mail worker of this process (or, in a
 * cluster, of the jobs process; see {@link delegateMailDelivery}) is nudged, and its runs never overlap; with no
 * worker (tests, commands) this call delivers itself, in the background. Never throws.
 * Source: issue 3 (mail worker), issue 11 (the booking request does not render the mail's PDFs itself).
 */
export function kickMailDelivery(ctx: MailContext): void {
  if (nudge) {
    nudge();
    return;
  }
  void deliverPendingMail(ctx).catch((err: unknown) => ctx.logger.error({ err }, 'mail delivery failed'));
}

/**
 * In a process that leaves delivery to another one (a cluster's web worker, decision 0018): queued mail is
 * announced through `notify` (at most once per `throttleMs`, the last announcement never lost) instead of being
 * sent here. Returns a function that stops it.
 */
export function delegateMailDelivery(notify: () => void, throttleMs = 50): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  const myNudge = () => {
    if (timer) return;
    const wait = Math.max(0, last + throttleMs - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      notify();
    }, wait);
    timer.unref();
  };
  nudge = myNudge;
  return () => {
    clearTimeout(timer);
    if (nudge === myNudge) nudge = null;
  };
}

/**
 * Starts the in-process mail worker: runs {@link deliverPendingMail} every `intervalMs` (default 30 s, timer
 * unref'd so it never keeps the process alive), right after each `enqueueReservationConfirmation` in this
 * process (or each announcement from a web worker), and again at once after every batch sent in full, so a
 * backlog drains without waiting for the next interval. Runs never overlap within a process; across processes
 * the row claim keeps sends unique.
 *
 * @param ctx - as for {@link deliverPendingMail}.
 * @returns a function that stops the worker (call it in the server's `close`); its promise settles when a run in
 *   progress has finished, so the database can be closed after it.
 * Source: issue 3 (mail worker in `server/index.ts`).
 */
export function startMailWorker(ctx: MailContext, intervalMs: number = MAIL_WORKER_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverPendingMail(ctx)
      .then((sent) => {
        // A full batch sent: more may be due. Carry on at once rather than at the next nudge or interval, or a
        // burst of bookings would leave its confirmations queued at one batch per interval. A batch with
        // failures stops the run: those rows wait for their backoff.
        if (sent >= MAIL_BATCH_SIZE) again = true;
      })
      .catch((err: unknown) => ctx.logger.error({ err }, 'mail worker run failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const myNudge = () => setImmediate(run);
  nudge = myNudge;
  setImmediate(run); // mail left from before a restart
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (nudge === myNudge) nudge = null;
    await running;
  };
}
