import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avifImage,
  gifImage,
  jpegWithGps,
  jpegWithOrientation,
  pngClaimingSize,
  pngImage,
  TEST_GPS,
  webpImage,
} from '../../../tests/fixtures/handover-images.ts';
import { RequestError } from '../request-error.server.ts';
import { HANDOVER_PHOTO_MAX_UPLOAD_BYTES, reencodePhoto } from './photo-image.server.ts';

/** The refusal `reencodePhoto` throws for `bytes`, as status, message key and fields. */
async function refusalOf(bytes: Uint8Array, field = 'photoFront') {
  const error = await reencodePhoto(bytes, field).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  const { status, messageKey, fields } = error as RequestError;
  return { status, messageKey, fields };
}

const typeRefusal = {
  status: 422,
  messageKey: 'handover.error.photo',
  fields: { photoFront: ['handover.error.photo_type'] },
};

describe('reencodePhoto (issue 36 item 2)', () => {
  it('drops every bit of metadata: GPS and camera are in the upload, none is in the stored JPEG', async () => {
    const upload = await jpegWithGps(800, 600);
    // the fixture really carries what a phone writes, as a reader sees it
    const gps = await exifr.gps(upload);
    expect(gps.latitude).toBeCloseTo(TEST_GPS.latitude, 3);
    expect(gps.longitude).toBeCloseTo(TEST_GPS.longitude, 3);
    expect(await exifr.parse(upload)).toMatchObject({ Make: 'TestPhone', Model: 'Handover 1' });

    const photo = await reencodePhoto(upload, 'photoFront');
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 600 });
    expect(await exifr.gps(photo.bytes)).toBeUndefined();
    const everything = {
      tiff: true,
      exif: true,
      gps: true,
      interop: true,
      ifd1: true,
      xmp: true,
      icc: true,
      iptc: true,
      jfif: false,
      ihdr: false,
    };
    expect(await exifr.parse(photo.bytes, everything)).toBeUndefined();
    const meta = await sharp(photo.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('fits a large photo within 2048 px and never enlarges a small one', async () => {
    const big = await reencodePhoto(await jpegWithGps(3000, 4000), 'photoFront');
    expect([big.width, big.height]).toEqual([1536, 2048]);
    expect(await sharp(big.bytes).metadata()).toMatchObject({ width: 1536, height: 2048 });
    const small = await reencodePhoto(await pngImage(64, 48), 'photoFront');
    expect([small.width, small.height]).toEqual([64, 48]);
  });

  it('stores the pixels upright: EXIF orientation applied, not kept', async () => {
    const turned = await jpegWithOrientation(300, 200, 6);
    expect(await sharp(turned).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });
    const photo = await reencodePhoto(turned, 'photoFront');
    expect([photo.width, photo.height]).toEqual([200, 300]);
    expect((await sharp(photo.bytes).metadata()).orientation).toBeUndefined();
  });

  it('takes PNG (transparency on white), WebP and AVIF (HEIF), always answering a JPEG', async () => {
    for (const upload of [await pngImage(), await webpImage(), await avifImage()]) {
      const photo = await reencodePhoto(upload, 'photoFront');
      expect((await sharp(photo.bytes).metadata()).format).toBe('jpeg');
    }
    // the half-transparent blue of the PNG lies on white, not on black
    const flat = await reencodePhoto(await pngImage(), 'photoFront');
    const { data } = await sharp(flat.bytes)
      .extract({ left: 60, top: 44, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0] + data[1] + data[2]).toBeGreaterThan(3 * 100);
  });

  it('refuses an upload over 15 MiB with the field and the size key, before looking at it', async () => {
    expect(HANDOVER_PHOTO_MAX_UPLOAD_BYTES).toBe(15 * 1024 * 1024);
    const oversize = new Uint8Array(HANDOVER_PHOTO_MAX_UPLOAD_BYTES + 1);
    oversize.set(await jpegWithGps(16, 16));
    expect(await refusalOf(oversize, 'photoRear')).toEqual({
      status: 422,
      messageKey: 'handover.error.photo',
      fields: { photoRear: ['handover.error.photo_too_large'] },
    });
  });

  it('refuses more than 40 megapixels (a decompression bomb) from the header alone', async () => {
    const bomb = await pngClaimingSize(8000, 6000);
    expect(bomb.byteLength).toBeLessThan(200);
    expect((await refusalOf(bomb)).fields).toEqual({ photoFront: ['handover.error.photo_too_large'] });
  });

  it('refuses text, GIF, SVG, PDF, TIFF, an empty and a truncated file with the type key', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const jpeg = await jpegWithGps(200, 200);
    const uploads: Record<string, Uint8Array> = {
      text: new TextEncoder().encode('just some text, not a photo\n'),
      gif: await gifImage(),
      svg: new TextEncoder().encode(svg),
      pdf: new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      tiff: await sharp(await pngImage())
        .tiff()
        .toBuffer(),
      empty: new Uint8Array(0),
      truncated: jpeg.subarray(0, Math.floor(jpeg.byteLength / 2)),
    };
    for (const [name, bytes] of Object.entries(uploads)) {
      expect(await refusalOf(bytes), name).toEqual(typeRefusal);
    }
  });
});
