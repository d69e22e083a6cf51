/**
 * The handover record's part of the check-in page's multipart post (issue 36 item 1): the text fields and the photos
 * of each slot, as the handover service takes them. Empty file inputs (a browser sends a nameless empty file for an
 * input left empty) are skipped.
 */
import { HANDOVER_PHOTO_SLOTS, photoField, type HandoverPhotoLabel } from '~/domain/handover.ts';
import type { HandoverInput, HandoverUpload } from '~/services/handover/handover.server.ts';

/** The text fields of the handover form. */
const FIELDS = ['odometerKm', 'fuelEighths', 'chargePercent', 'parkingSpace', 'damageNotes'] as const;

/** The handover of the posted `form` (its `values` are the kit's refill values). */
export async function handoverOfForm(form: FormData, values: Record<string, string>): Promise<HandoverInput> {
  const uploads: HandoverUpload[] = [];
  const slots: HandoverPhotoLabel[] = [...HANDOVER_PHOTO_SLOTS, 'extra'];
  for (const label of slots) {
    const field = photoField(label);
    // one file per named slot; the extra input may hold several
    const files = form.getAll(field).filter((v): v is File => typeof v !== 'string' && v.size > 0);
    for (const file of label === 'extra' ? files : files.slice(0, 1)) {
      uploads.push({ label, field, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
  }
  return { values: Object.fromEntries(FIELDS.map((f) => [f, values[f]])), uploads };
}
