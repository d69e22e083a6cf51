/**
 * The handover of a car at the car park (issue 36, decision 0057): what staff record at check-in and check-out
 * (odometer, fuel or charge level, space, existing damage, photos), which of it a tariff category requires, and what
 * the customer reads from the two records (kilometres driven, fuel difference). Pure rules; the service
 * (`app/services/backoffice/handover-records.server.ts`) stores the record and the photos.
 */
/** Which handover (the `handover_records.kind` column): at check-in (`entry`) or at check-out (`exit`). */
export type HandoverKind = 'entry' | 'exit';

/** A photo slot (the `handover_photos.label` column): the four sides, the odometer, further pictures. */
export type HandoverPhotoLabel = 'front' | 'back' | 'left' | 'right' | 'odometer' | 'extra';

/** Photos a record keeps at most (issue 36 item 1: 4–8 photos). */
const HANDOVER_MAX_PHOTOS = 8;
/** Days after the exit the photos are kept unless a dispute is open (issue 36 item 2, decision 0057). */
export const HANDOVER_PHOTO_RETENTION_DAYS = 90;
/** Longest parking space or zone (`P3 / 117`), characters. */
const SPACE_MAX_LENGTH = 40;
/** Longest damage note, characters. */
const NOTES_MAX_LENGTH = 1000;
/** Highest odometer reading accepted, km (a typo guard; the database checks the same). */
const ODOMETER_MAX_KM = 2_000_000;

/** The named photo slots, in the order the form shows them; `extra` takes the further optional pictures. */
export const HANDOVER_PHOTO_SLOTS = [
  'front',
  'back',
  'left',
  'right',
  'odometer',
] as const satisfies readonly HandoverPhotoLabel[];

/** The form field of a photo slot (`photoFront`, …, `photoExtra`; the extra field may hold several files). */
export function photoField(label: HandoverPhotoLabel): string {
  return `photo${label[0].toUpperCase()}${label.slice(1)}`;
}

/** What a tariff category's handover must record (issue 36 item 1; table `handover_requirements`). */
export type HandoverRequirements = {
  category: 'shuttle' | 'valet' | 'terminal';
  /** the four sides (front, back, left, right) must be photographed, and the odometer too when it is required */
  photosRequired: boolean;
  /** the odometer reading (km) must be given */
  odometerRequired: boolean;
};

/** The readings of a handover as staff typed them, validated (null / `''`: not given). */
export type HandoverReadings = {
  odometerKm: number | null;
  fuelEighths: number | null;
  chargePercent: number | null;
  parkingSpace: string;
  damageNotes: string;
};

/** Field → translation keys of a refused handover (the form's field names; `handover.error.*`, `validation.*`). */
export type HandoverFieldErrors = Record<string, string[]>;

/** A whole number of at most `max` from the text (digits only), `null` when empty, `undefined` when invalid. */
function wholeOrEmpty(raw: string | undefined, max: number): number | null | undefined {
  const value = (raw ?? '').replace(/[\s.]/g, '');
  if (value === '') return null;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

/**
 * Reads the handover's text fields of a posted form (`odometerKm`, `fuelEighths` 0–8, `chargePercent` 0–100,
 * `parkingSpace` ≤ 40 characters, `damageNotes` ≤ 1,000) and checks the category's requirements, given which photo
 * slots hold a picture (`photos`).
 *
 * @returns the readings, or the field errors (nothing is stored then).
 * Source: issue 36 item 1 (valet: photos and odometer required; shuttle: optional).
 */
export function parseHandover(
  values: Record<string, string | undefined>,
  photos: readonly HandoverPhotoLabel[],
  requirements: HandoverRequirements,
): { ok: true; readings: HandoverReadings } | { ok: false; errors: HandoverFieldErrors } {
  const errors: HandoverFieldErrors = {};
  const odometerKm = wholeOrEmpty(values.odometerKm, ODOMETER_MAX_KM);
  const fuelEighths = wholeOrEmpty(values.fuelEighths, 8);
  const chargePercent = wholeOrEmpty(values.chargePercent, 100);
  const parkingSpace = (values.parkingSpace ?? '').trim();
  const damageNotes = (values.damageNotes ?? '').trim();
  if (odometerKm === undefined) errors.odometerKm = ['handover.error.odometer'];
  else if (odometerKm === null && requirements.odometerRequired) errors.odometerKm = ['validation.required'];
  if (fuelEighths === undefined) errors.fuelEighths = ['handover.error.fuel'];
  if (chargePercent === undefined) errors.chargePercent = ['handover.error.charge'];
  if (parkingSpace.length > SPACE_MAX_LENGTH) errors.parkingSpace = ['handover.error.space'];
  if (damageNotes.length > NOTES_MAX_LENGTH) errors.damageNotes = ['handover.error.notes'];
  if (photos.length > HANDOVER_MAX_PHOTOS) errors.photoExtra = ['handover.error.photo_count'];
  if (requirements.photosRequired) {
    const needed: HandoverPhotoLabel[] = ['front', 'back', 'left', 'right'];
    if (requirements.odometerRequired) needed.push('odometer');
    for (const label of needed) {
      if (!photos.includes(label)) errors[photoField(label)] = ['handover.error.photo_required'];
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    readings: {
      odometerKm: odometerKm ?? null,
      fuelEighths: fuelEighths ?? null,
      chargePercent: chargePercent ?? null,
      parkingSpace,
      damageNotes,
    },
  };
}

/**
 * The exit's readings against the entry's: an exit odometer below the entry's is a typo (the car cannot have driven
 * backwards). Field errors keyed like {@link parseHandover}'s; empty when consistent.
 */
export function exitReadingErrors(entry: HandoverReadings | null, exit: HandoverReadings): HandoverFieldErrors {
  if (entry?.odometerKm != null && exit.odometerKm != null && exit.odometerKm < entry.odometerKm) {
    return { odometerKm: ['handover.error.odometer_below_entry'] };
  }
  return {};
}

/**
 * What the customer reads from the two records: kilometres driven between entry and exit, and the change of the fuel
 * level (eighths, negative: less fuel) or of the charge (percentage points); null where either reading is missing.
 * Source: issue 36 item 3 ("12 km driven", fuel difference).
 */
export function compareHandovers(
  entry: HandoverReadings | null,
  exit: HandoverReadings | null,
): { kmDriven: number | null; fuelChangeEighths: number | null; chargeChangePercent: number | null } {
  const diff = (a: number | null | undefined, b: number | null | undefined) => (a != null && b != null ? b - a : null);
  return {
    kmDriven: diff(entry?.odometerKm, exit?.odometerKm),
    fuelChangeEighths: diff(entry?.fuelEighths, exit?.fuelEighths),
    chargeChangePercent: diff(entry?.chargePercent, exit?.chargePercent),
  };
}

/**
 * The instant before which a record's photos may be deleted: {@link HANDOVER_PHOTO_RETENTION_DAYS} days (of 24 h)
 * before `now`. A reservation whose car left before it, with no open dispute, loses its photos.
 */
export function photoPurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - HANDOVER_PHOTO_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}

/** The fuel level in eighths as a fraction the gauge shows (`0`, `1/8`, …, `1/2`, …, `1`). */
export function fuelFraction(eighths: number): string {
  if (eighths <= 0) return '0';
  if (eighths >= 8) return '1';
  const gcd = eighths % 4 === 0 ? 4 : eighths % 2 === 0 ? 2 : 1;
  return `${eighths / gcd}/${8 / gcd}`;
}

/** A photo as a page shows it: its slot's label (translated), a signed link that expires, its size in pixels. */
type HandoverPhotoView = { id: number; label: string; url: string; width: number; height: number };

/** One record as a page shows it, every value already formatted in the page's language (null: not recorded). */
export type HandoverRecordView = {
  kind: HandoverKind;
  recordedAt: string;
  odometer: string | null;
  fuel: string | null;
  charge: string | null;
  parkingSpace: string;
  damageNotes: string;
  photos: HandoverPhotoView[];
  /** photos already deleted after their retention */
  deletedPhotos: number;
};

/**
 * The "Übergabeprotokoll" of a reservation (issue 36 item 3): both records side by side, what changed between them
 * (formatted: "12 km", "−1/8"), the open dispute, whether the customer may still report a problem, and until when the
 * photos are kept (formatted date; null while the car is parked).
 */
export type HandoverPanelView = {
  entry: HandoverRecordView | null;
  exit: HandoverRecordView | null;
  kmDriven: number | null;
  fuelChange: string | null;
  chargeChange: string | null;
  dispute: { openedAt: string; message: string } | null;
  canDispute: boolean;
  keptUntil: string | null;
};
