/**
 * The handover record of a car as staff write it (issue 36, decision 0057): validated readings and re-encoded photos
 * put in the photo store before the check-in's or check-out's transaction, the rows and audit entries inside it; the
 * requirements per tariff category; the hourly purge of photos past their 90 days; the photo link's answer (a staff
 * view audited); closing a customer's dispute; the dashboard's kilometres per valet car park.
 *
 * Order of a handover: validate the readings and the category's requirements → re-encode every photo (EXIF gone) →
 * put them in the photo store → the database rows in the caller's transaction. A refusal before the store stores
 * nothing; a failed transaction deletes what was put ({@link discardHandover}).
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import {
  handoverDisputes,
  handoverPhotos,
  handoverRecords,
  handoverRequirements,
  parkingLots,
  reservationEvents,
  reservations,
  tariffs,
} from '#database/schema.ts';
import {
  exitReadingErrors,
  parseHandover,
  photoPurgeCutoff,
  type HandoverKind,
  type HandoverPhotoLabel,
  type HandoverReadings,
  type HandoverRequirements,
} from '~/domain/handover.ts';
import { can, type StaffActor } from '~/domain/staff-roles.ts';
import { reencodePhoto } from '../handover/photo-image.server.ts';
import { PHOTO_LINK_SECONDS, verifyPhotoLink } from '../handover/photo-link.server.ts';
import {
  handoverRequirementsOf,
  photoStoreOf,
  type HandoverContext,
  type HandoverInput,
} from '../handover/handover.server.ts';
import type { ReservationDetails } from '../reservations/reservations.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { recordAudit } from './audit-log.server.ts';

/** A stored photo not yet in the database. */
type PreparedPhoto = {
  label: HandoverPhotoLabel;
  storageKey: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
};

/** A validated handover whose photos are in the store, ready for {@link writeHandover} in the caller's transaction. */
export type PreparedHandover = { kind: HandoverKind; readings: HandoverReadings; photos: PreparedPhoto[] };

/** Longest closing note, characters (the dispute's own limit). */
const NOTE_MAX_LENGTH = 2000;

/**
 * Sets what a category's handover must record (admins, the catalogue page), with the audit row
 * `handover.requirements`.
 * @throws on database errors only (the category is typed).
 */
export async function saveHandoverRequirements(
  ctx: ServiceContext,
  actor: StaffActor,
  input: HandoverRequirements,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const before = await handoverRequirementsOf(tx, input.category);
    const values = {
      category: input.category,
      photosRequired: input.photosRequired,
      odometerRequired: input.odometerRequired,
      updatedAt: now,
    };
    await tx
      .insert(handoverRequirements)
      .values(values)
      .onConflictDoUpdate({ target: handoverRequirements.category, set: values });
    await recordAudit(
      tx,
      actor,
      { action: 'handover.requirements', entity: 'tariff_category', entityId: input.category, before, after: input },
      now,
    );
  });
}

/** The readings of a reservation's record of `kind`, or null when none was recorded. */
async function readingsOf(db: Database, reservationId: number, kind: HandoverKind): Promise<HandoverReadings | null> {
  const [row] = await db
    .select()
    .from(handoverRecords)
    .where(and(eq(handoverRecords.reservationId, reservationId), eq(handoverRecords.kind, kind)));
  return row ?? null;
}

/**
 * Validates a handover of the car of `details` and puts its photos, re-encoded, in the photo store. Call it before
 * the check-in's or check-out's transaction; pass the result to {@link writeHandover} inside it and to
 * {@link discardHandover} when the transaction fails.
 *
 * @returns the prepared handover (readings and stored photos).
 * @throws RequestError 422 `handover.error.invalid` with field errors (the form's field names) when a reading is
 *   invalid or missing, a required photo is missing, more than eight photos were sent, the exit odometer is below
 *   the entry's, or a photo is too large or no image (`photo-image.server.ts`); nothing is stored then.
 * Source: issue 36 items 1 and 2.
 */
export async function prepareHandover(
  ctx: HandoverContext,
  details: ReservationDetails,
  kind: HandoverKind,
  input: HandoverInput,
): Promise<PreparedHandover> {
  const r = details.reservation;
  const requirements = await handoverRequirementsOf(ctx.db, details.tariff.category);
  const parsed = parseHandover(
    input.values,
    input.uploads.map((u) => u.label),
    requirements,
  );
  if (!parsed.ok) throw new RequestError(422, 'handover.error.invalid', parsed.errors);
  if (kind === 'exit') {
    const errors = exitReadingErrors(await readingsOf(ctx.db, r.id, 'entry'), parsed.readings);
    if (Object.keys(errors).length > 0) throw new RequestError(422, 'handover.error.invalid', errors);
  }
  // Every photo is re-encoded before the first is stored: a refused one stores nothing.
  const encoded = [];
  for (const upload of input.uploads) {
    encoded.push({ label: upload.label, image: await reencodePhoto(upload.bytes, upload.field) });
  }
  const store = photoStoreOf(ctx);
  const photos: PreparedPhoto[] = [];
  try {
    for (const { label, image } of encoded) {
      // A random key: nothing about the booking can be guessed from it, and two tablets never collide.
      const storageKey = `r${r.id}/${kind}/${crypto.randomBytes(12).toString('hex')}.jpg`;
      await store.put(storageKey, image.bytes, image.contentType);
      photos.push({
        label,
        storageKey,
        contentType: image.contentType,
        byteSize: image.bytes.byteLength,
        width: image.width,
        height: image.height,
      });
    }
  } catch (error) {
    await discardHandover(ctx, { kind, readings: parsed.readings, photos });
    throw error;
  }
  return { kind, readings: parsed.readings, photos };
}

/**
 * Deletes the stored photos of a prepared handover whose transaction failed (a second tablet marked the car first, a
 * database error); a photo that cannot be deleted is logged, not thrown (the caller's error matters more).
 */
export async function discardHandover(ctx: HandoverContext, prepared: PreparedHandover): Promise<void> {
  const store = photoStoreOf(ctx);
  for (const photo of prepared.photos) {
    await store.delete(photo.storageKey).catch((err: unknown) => {
      ctx.logger.warn({ err, key: photo.storageKey }, 'could not delete the photo of a failed handover');
    });
  }
}

/**
 * Writes a prepared handover of reservation `reservationId` in the caller's transaction `tx`: the record, its photo
 * rows, and the audit rows (`handover.record`, one `handover.photo_upload` per photo).
 * @throws on database errors (the unique record per reservation and kind: the caller's conditional update already
 *   made sure the car was not marked twice).
 */
export async function writeHandover(
  tx: Database,
  actor: StaffActor,
  reservation: { id: number; reference: string },
  prepared: PreparedHandover,
  now: Date,
): Promise<void> {
  const [record] = await tx
    .insert(handoverRecords)
    .values({
      reservationId: reservation.id,
      kind: prepared.kind,
      recordedAt: now,
      staffId: actor.staffId,
      ...prepared.readings,
    })
    .returning({ id: handoverRecords.id });
  const rows = prepared.photos.length
    ? await tx
        .insert(handoverPhotos)
        .values(prepared.photos.map((photo) => ({ ...photo, recordId: record.id, createdAt: now })))
        .returning({ id: handoverPhotos.id, label: handoverPhotos.label, byteSize: handoverPhotos.byteSize })
    : [];
  await recordAudit(
    tx,
    actor,
    {
      action: 'handover.record',
      entity: 'reservation',
      entityId: reservation.reference,
      after: { kind: prepared.kind, ...prepared.readings, photos: rows.length },
    },
    now,
  );
  for (const photo of rows) {
    await recordAudit(
      tx,
      actor,
      {
        action: 'handover.photo_upload',
        entity: 'handover_photo',
        entityId: photo.id,
        after: { reference: reservation.reference, kind: prepared.kind, label: photo.label, bytes: photo.byteSize },
      },
      now,
    );
  }
}

/** Photos one purge run deletes at most (the next hourly run takes the rest). */
const PURGE_BATCH = 200;

/**
 * Deletes the photos whose car left more than 90 days ago (`photoPurgeCutoff`) from the store, unless the
 * reservation has an open dispute: the file goes, the row gets `deleted_at` and an audit row
 * (`handover.photo_delete`, no staff member). Runs hourly in the jobs process. A photo the store cannot delete now
 * stays for the next run (logged).
 *
 * @returns how many photos were deleted.
 * Source: issue 36 item 2 (kept 90 days after exit unless a dispute is open, then deleted by the purge job).
 */
export async function purgeHandoverPhotos(ctx: HandoverContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: handoverPhotos.id, storageKey: handoverPhotos.storageKey, reference: reservations.reference })
    .from(handoverPhotos)
    .innerJoin(handoverRecords, eq(handoverRecords.id, handoverPhotos.recordId))
    .innerJoin(reservations, eq(reservations.id, handoverRecords.reservationId))
    .where(
      and(
        isNull(handoverPhotos.deletedAt),
        lt(reservations.checkedOutAt, photoPurgeCutoff(now)),
        sql`not exists (select 1 from ${handoverDisputes} where ${handoverDisputes.reservationId} = ${reservations.id} and ${handoverDisputes.closedAt} is null)`,
      ),
    )
    .orderBy(asc(handoverPhotos.id))
    .limit(PURGE_BATCH);
  const store = photoStoreOf(ctx);
  let deleted = 0;
  for (const photo of due) {
    try {
      await store.delete(photo.storageKey);
    } catch (err) {
      ctx.logger.warn({ err, photo: photo.id }, 'handover photo purge: the store did not delete the photo');
      continue;
    }
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      await tx.update(handoverPhotos).set({ deletedAt: now }).where(eq(handoverPhotos.id, photo.id));
      await recordAudit(
        tx,
        null,
        {
          action: 'handover.photo_delete',
          entity: 'handover_photo',
          entityId: photo.id,
          after: { reference: photo.reference, reason: 'retention' },
        },
        now,
      );
    });
    deleted++;
  }
  if (deleted > 0) ctx.logger.info({ deleted }, 'handover photos past their retention deleted');
  return deleted;
}

/**
 * Average kilometres driven between entry and exit per valet car park of `lotIds` (the dashboard's car parks in the
 * actor's scope), over the cars that left in the last 90 days with both odometer readings. Not an operator's choice:
 * valet records need the odometer (the migration's default requirements), so the number is there whether or not an
 * operator likes it.
 * @returns one row per car park with at least one such car, by name; empty for no lots.
 * Source: issue 36 item 4.
 */
export async function valetKilometres(
  db: Database,
  lotIds: number[],
  now: Date,
): Promise<{ lot: string; cars: number; averageKm: number }[]> {
  if (lotIds.length === 0) return [];
  const since = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
  return db
    .select({
      lot: parkingLots.name,
      cars: sql<number>`count(*)::int`,
      averageKm: sql<number>`round(avg(exit_record.odometer_km - entry_record.odometer_km))::int`,
    })
    .from(reservations)
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .innerJoin(
      sql`${handoverRecords} as entry_record`,
      sql`entry_record.reservation_id = ${reservations.id} and entry_record.kind = 'entry' and entry_record.odometer_km is not null`,
    )
    .innerJoin(
      sql`${handoverRecords} as exit_record`,
      sql`exit_record.reservation_id = ${reservations.id} and exit_record.kind = 'exit' and exit_record.odometer_km is not null`,
    )
    .where(
      and(
        eq(tariffs.category, 'valet'),
        inArray(parkingLots.id, lotIds),
        sql`${reservations.checkedOutAt} >= ${since}`,
      ),
    )
    .groupBy(parkingLots.id, parkingLots.name)
    .orderBy(asc(parkingLots.name));
}

/** A photo's bytes as the link serves them. */
export type ServedPhoto = { bytes: Uint8Array; contentType: string; maxAgeSeconds: number };

/**
 * The photo a signed link names, or null (answer 404) when the link is forged, expired or malformed, or the photo
 * was deleted. A view by a staff member (the link's viewer `staff-<id>`) is audited (`handover.photo_view`).
 * @param query - the link's `v`, `exp` and `sig` as they came.
 * Source: issue 36 item 2 (never a guessable URL: signed, expiring links), item 4 (every view by staff audited).
 */
export async function servePhoto(
  ctx: HandoverContext,
  input: { id: string; query: Record<string, unknown> },
): Promise<ServedPhoto | null> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const now = ctx.now();
  const link = verifyPhotoLink(
    ctx.env.SESSION_SECRET,
    { id: input.id, viewer: text(input.query.v), exp: text(input.query.exp), sig: text(input.query.sig) },
    now,
  );
  if (!link) return null;
  const [photo] = await ctx.db
    .select({
      storageKey: handoverPhotos.storageKey,
      contentType: handoverPhotos.contentType,
      reference: reservations.reference,
    })
    .from(handoverPhotos)
    .innerJoin(handoverRecords, eq(handoverRecords.id, handoverPhotos.recordId))
    .innerJoin(reservations, eq(reservations.id, handoverRecords.reservationId))
    .where(and(eq(handoverPhotos.id, link.id), isNull(handoverPhotos.deletedAt)));
  if (!photo) return null;
  const file = await photoStoreOf(ctx).get(photo.storageKey);
  if (!file) return null;
  const staffId = /^staff-(\d+)$/.exec(link.viewer)?.[1];
  if (staffId) {
    await recordAudit(
      ctx.db,
      { staffId: Number(staffId) },
      {
        action: 'handover.photo_view',
        entity: 'handover_photo',
        entityId: link.id,
        after: { reference: photo.reference },
      },
      now,
    );
  }
  const exp = Number(text(input.query.exp));
  return {
    bytes: file.bytes,
    contentType: photo.contentType,
    maxAgeSeconds: Math.max(0, Math.min(PHOTO_LINK_SECONDS, exp - Math.floor(now.getTime() / 1000))),
  };
}

/**
 * Staff close the open dispute of `details` (support and admins on the back office's reservation page): `closedAt`,
 * `closedBy`, the note, the `handover_dispute_closed` history row and the audit row `handover.dispute_close`. From
 * then on the purge may delete the photos once their 90 days are over.
 * @throws RequestError 404 for an operator (support's and admins' task); 409 `handover.dispute.error.none` when no
 *   dispute is open; 422 `closingNote` too long.
 * Source: issue 36 item 3 (the dispute stops the deletion until staff close it).
 */
export async function closeHandoverDispute(
  ctx: HandoverContext,
  actor: StaffActor,
  details: ReservationDetails,
  input: { note: string },
): Promise<void> {
  // Operators see the records of their car parks, but settling a customer's complaint is customer service's.
  if (!can(actor, 'customers')) throw new RequestError(404, 'api.error.not_found');
  const note = input.note.trim();
  if (note.length > NOTE_MAX_LENGTH) {
    throw new RequestError(422, 'validation.invalid', { closingNote: ['handover.dispute.error.long'] });
  }
  const r = details.reservation;
  const now = ctx.now();
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const closed = await tx
      .update(handoverDisputes)
      .set({ closedAt: now, closedBy: actor.staffId, closingNote: note })
      .where(and(eq(handoverDisputes.reservationId, r.id), isNull(handoverDisputes.closedAt)))
      .returning({ id: handoverDisputes.id, message: handoverDisputes.message });
    if (closed.length === 0) throw new RequestError(409, 'handover.dispute.error.none');
    const staff = { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role };
    await tx
      .insert(reservationEvents)
      .values({ reservationId: r.id, kind: 'handover_dispute_closed', at: now, data: { staff } });
    await recordAudit(
      tx,
      actor,
      {
        action: 'handover.dispute_close',
        entity: 'reservation',
        entityId: r.reference,
        before: { dispute: closed[0].id, open: true },
        after: { open: false, note },
      },
      now,
    );
  });
}
