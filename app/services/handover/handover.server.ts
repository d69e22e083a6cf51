/**
 * The handover record of a car as the shop reads it (issue 36, decision 0057): the photo store of the running app,
 * the records and photos stored for a reservation, and what a tariff category requires. The writes staff make (the
 * records at check-in and check-out, the purge, the requirements) are the back office's
 * (`app/services/backoffice/handover-records.server.ts`).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { handoverDisputes, handoverPhotos, handoverRecords, handoverRequirements } from '#database/schema.ts';
import type { HandoverKind, HandoverPhotoLabel, HandoverReadings, HandoverRequirements } from '~/domain/handover.ts';
import type { ServiceContext } from '../service-context.ts';
import { createPhotoStore, type PhotoStore, type PhotoStoreSettings } from './photo-store.server.ts';

/**
 * What the handover services need besides the usual context: the photo store's settings (`DATA_DIR`, `S3_*`) and the
 * session secret the photo links are signed with; `photos` overrides the store the settings name (tests).
 */
export type HandoverContext = ServiceContext & {
  env: PhotoStoreSettings & { SESSION_SECRET: string };
  photos?: PhotoStore;
};

/** One store per settings object: the S3 client keeps its connections. */
const stores = new WeakMap<object, PhotoStore>();

/** The photo store of `ctx`: its own, else the one its settings name (`S3_*` set: S3, else `DATA_DIR`). */
export function photoStoreOf(ctx: { env: PhotoStoreSettings; photos?: PhotoStore }): PhotoStore {
  if (ctx.photos) return ctx.photos;
  let store = stores.get(ctx.env);
  if (!store) {
    store = createPhotoStore(ctx.env);
    stores.set(ctx.env, store);
  }
  return store;
}

/** A photo as posted: its slot, the form field it came in (for the refusal), its bytes. */
export type HandoverUpload = { label: HandoverPhotoLabel; field: string; bytes: Uint8Array };

/** A handover as the check-in page posts it: the text fields and the photos. */
export type HandoverInput = { values: Record<string, string | undefined>; uploads: HandoverUpload[] };

/** The requirements of a tariff category (table `handover_requirements`; none stored: nothing required). */
export async function handoverRequirementsOf(
  db: Database,
  category: HandoverRequirements['category'],
): Promise<HandoverRequirements> {
  const [row] = await db.select().from(handoverRequirements).where(eq(handoverRequirements.category, category));
  return row
    ? { category, photosRequired: row.photosRequired, odometerRequired: row.odometerRequired }
    : { category, photosRequired: false, odometerRequired: false };
}

/** Every category's requirements, in the order shuttle, valet, terminal (the catalogue's form). */
export async function listHandoverRequirements(db: Database): Promise<HandoverRequirements[]> {
  const categories = ['shuttle', 'valet', 'terminal'] as const;
  return Promise.all(categories.map((category) => handoverRequirementsOf(db, category)));
}

/** A stored photo of a record as the views list it. */
type StoredHandoverPhoto = {
  id: number;
  label: HandoverPhotoLabel;
  width: number;
  height: number;
  storageKey: string;
};

/** A record with its photos still in the store (deleted ones are counted, not listed). */
export type StoredHandoverRecord = HandoverReadings & {
  kind: HandoverKind;
  recordedAt: Date;
  photos: StoredHandoverPhoto[];
  deletedPhotos: number;
};

/** The open dispute of a reservation, if any. */
export type OpenDispute = { id: number; openedAt: Date; message: string } | null;

/**
 * The two records of a reservation (null where none was recorded) and its open dispute, from three small queries
 * (one when nothing was recorded).
 * @throws on database errors only.
 */
export async function storedHandover(
  db: Database,
  reservationId: number,
): Promise<{ entry: StoredHandoverRecord | null; exit: StoredHandoverRecord | null; dispute: OpenDispute }> {
  const records = await db
    .select()
    .from(handoverRecords)
    .where(eq(handoverRecords.reservationId, reservationId))
    .orderBy(asc(handoverRecords.recordedAt));
  // most reservations have no record yet: one query, no dispute can exist without a record
  if (records.length === 0) return { entry: null, exit: null, dispute: null };
  const photos = records.length
    ? await db
        .select()
        .from(handoverPhotos)
        .where(
          inArray(
            handoverPhotos.recordId,
            records.map((r) => r.id),
          ),
        )
        .orderBy(asc(handoverPhotos.id))
    : [];
  const [dispute] = await db
    .select({ id: handoverDisputes.id, openedAt: handoverDisputes.openedAt, message: handoverDisputes.message })
    .from(handoverDisputes)
    .where(and(eq(handoverDisputes.reservationId, reservationId), isNull(handoverDisputes.closedAt)));
  const recordOf = (kind: HandoverKind): StoredHandoverRecord | null => {
    const row = records.find((r) => r.kind === kind);
    if (!row) return null;
    const own = photos.filter((p) => p.recordId === row.id);
    return {
      kind,
      recordedAt: row.recordedAt,
      odometerKm: row.odometerKm,
      fuelEighths: row.fuelEighths,
      chargePercent: row.chargePercent,
      parkingSpace: row.parkingSpace,
      damageNotes: row.damageNotes,
      photos: own
        .filter((p) => p.deletedAt === null)
        .map((p) => ({ id: p.id, label: p.label, width: p.width, height: p.height, storageKey: p.storageKey })),
      deletedPhotos: own.filter((p) => p.deletedAt !== null).length,
    };
  };
  return { entry: recordOf('entry'), exit: recordOf('exit'), dispute: dispute ?? null };
}
