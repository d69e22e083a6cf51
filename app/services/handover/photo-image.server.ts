/**
 * The one door for an uploaded handover photo (issue 36 item 2): the bytes a phone sent are checked (size, format,
 * pixel count) and re-encoded as a fresh JPEG, upright and at most 2048 px on its long side, with no metadata at
 * all — phone photos carry the GPS position, time and camera in their EXIF, which the shop must neither keep nor
 * show to the other party. Only the re-encoded bytes are ever stored or served.
 */
import sharp, { type Metadata } from 'sharp';
import { RequestError } from '../request-error.server.ts';

/** The largest upload taken, bytes (15 MiB: a 48 MP phone photo as JPEG or HEIC stays below it). Issue 36 item 2. */
export const HANDOVER_PHOTO_MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * The most pixels an upload may claim (40 MP, e.g. 7300 × 5475): a small file that decodes to a huge raster (a
 * decompression bomb) would take the server's memory. Checked on the header before decoding, and given to sharp
 * as `limitInputPixels` as well.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/** The long side of a stored photo, px: enough to see a scratch, small enough to load on a phone. */
const MAX_EDGE = 2048;

/** JPEG quality of a stored photo (mozjpeg's encoder, which sharp's prebuilt libvips contains). */
const JPEG_QUALITY = 80;

/**
 * The formats taken, as sharp names them: JPEG, PNG, WebP and HEIF. `heif` covers HEIC and AVIF; sharp's prebuilt
 * libvips decodes only AVIF (AV1) of them — HEVC, what iPhones write as HEIC, is left out for its patents — so a
 * HEIC photo fails to decode and is refused as a type the shop cannot read. (iOS Safari normally hands a JPEG to
 * a file input whose `accept` does not list HEIC, so the upload form should not list it.)
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Translation keys of the refusals (issue 36 item 2). */
const TOO_LARGE = 'handover.error.photo_too_large';
const WRONG_TYPE = 'handover.error.photo_type';

/**
 * Re-encodes an uploaded handover photo (issue 36 item 2): EXIF orientation applied (the stored pixels are upright),
 * fitted within 2048 × 2048 px without enlarging, transparency on white, sRGB JPEG of quality 80, and no metadata
 * (no EXIF, GPS, XMP, IPTC or ICC profile: sharp writes none unless asked to).
 *
 * @param bytes - the uploaded file, as sent.
 * @param field - the form field it came in (e.g. `photoFront`): the key of the refusal's field message.
 * @returns the JPEG's bytes and its size in px.
 * @throws RequestError 422 `handover.error.photo` with `{ [field]: ['handover.error.photo_too_large'] }` over
 *   `HANDOVER_PHOTO_MAX_UPLOAD_BYTES` or 40 megapixels; with `{ [field]: ['handover.error.photo_type'] }` for
 *   anything that is not a JPEG, PNG, WebP or HEIF (AVIF) image sharp can decode — GIF, SVG, PDF, TIFF, text,
 *   HEVC-coded HEIC, a damaged file.
 */
export async function reencodePhoto(
  bytes: Uint8Array,
  field: string,
): Promise<{ bytes: Uint8Array; contentType: 'image/jpeg'; width: number; height: number }> {
  const refuse = (key: string) => new RequestError(422, 'handover.error.photo', { [field]: [key] });
  if (bytes.byteLength > HANDOVER_PHOTO_MAX_UPLOAD_BYTES) throw refuse(TOO_LARGE);
  if (bytes.byteLength === 0) throw refuse(WRONG_TYPE);

  // The header first: the format decides before any decoder sees the data (an SVG is never rendered, a GIF never
  // converted), and the size refuses a bomb before its raster is allocated.
  let header: Metadata;
  try {
    // No pixel limit for the header: with one, sharp refuses a bomb here with an error that cannot be told apart
    // from an unreadable file; reading the header allocates no raster, and the size is checked just below.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(WRONG_TYPE);
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw refuse(WRONG_TYPE);
  if (!header.width || !header.height) throw refuse(WRONG_TYPE);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw refuse(TOO_LARGE);

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      // a JPEG has no alpha: transparent parts of a PNG or WebP would otherwise turn black
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // the header was readable but the image is not (truncated upload, HEVC-coded HEIC, corrupt data)
    throw refuse(WRONG_TYPE);
  }
}
