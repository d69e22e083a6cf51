import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Fixture } from '../../../tests/fixtures/s3-server.ts';
import { createPhotoStore, type PhotoStore } from './photo-store.server.ts';

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

/** Keys no store may take: path escapes, odd segments, upper case, other extensions, over-long. */
const BAD_KEYS = [
  '',
  '../x.jpg',
  'r1/../../x.jpg',
  'r1/..jpg',
  '/r1/a.jpg',
  'r1//a.jpg',
  'r1/./a.jpg',
  'r1/a.jpg/',
  '.tmp/a.jpg',
  'R1/a.jpg',
  'r1\\a.jpg',
  'r1/a b.jpg',
  'r1/a.jpg\0',
  'r1/a.gif',
  'r1/a',
  'r1/a.JPG',
  `r1/${'a'.repeat(200)}.jpg`,
];

/** The contract every adapter keeps (issue 36 item 2). */
function storeContract(store: () => PhotoStore) {
  it('puts, gets, replaces and deletes a photo; a missing key is null, deleting it twice is fine', async () => {
    const key = 'r123/entry/5f3a9c.jpg';
    expect(await store().get(key)).toBeNull();
    await store().put(key, jpeg, 'image/jpeg');
    expect(await store().get(key)).toEqual({ bytes: jpeg, contentType: 'image/jpeg' });
    const other = new Uint8Array([0xff, 0xd8, 9, 9, 0xff, 0xd9]);
    await store().put(key, other, 'image/jpeg');
    expect(Array.from((await store().get(key))!.bytes)).toEqual(Array.from(other));
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
    await store().delete(key);
    await store().delete('r999/exit/never-stored.jpg');
  });

  it('keeps the content type of png and webp keys', async () => {
    await store().put('r1/exit/a.png', jpeg, 'image/png');
    await store().put('r1/exit/b.webp', jpeg, 'image/webp');
    expect((await store().get('r1/exit/a.png'))!.contentType).toBe('image/png');
    expect((await store().get('r1/exit/b.webp'))!.contentType).toBe('image/webp');
  });

  it('refuses bad keys in every method, and a content type that is not the key’s', async () => {
    for (const key of BAD_KEYS) {
      await expect(store().put(key, jpeg, 'image/jpeg'), key).rejects.toThrow(/photo key/);
      await expect(store().get(key), key).rejects.toThrow(/photo key/);
      await expect(store().delete(key), key).rejects.toThrow(/photo key/);
    }
    await expect(store().put('r1/entry/a.jpg', jpeg, 'image/png')).rejects.toThrow(/not image\/png/);
    expect(await store().get('r1/entry/a.jpg')).toBeNull();
  });
}

describe('local photo store (issue 36 item 2)', () => {
  let dataDir: string;
  let local: PhotoStore;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-store-'));
    local = createPhotoStore({ DATA_DIR: dataDir });
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('is chosen without S3 settings, or with only some of them', () => {
    expect(local.kind).toBe('local');
    expect(createPhotoStore({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b' }).kind).toBe(
      'local',
    );
  });

  storeContract(() => local);

  it('writes files under DATA_DIR/handover-photos, leaving no temporary file behind', async () => {
    await local.put('r5/entry/front.jpg', jpeg, 'image/jpeg');
    const file = path.join(dataDir, 'handover-photos', 'r5', 'entry', 'front.jpg');
    expect(new Uint8Array(await fs.readFile(file))).toEqual(jpeg);
    expect(await fs.readdir(path.join(dataDir, 'handover-photos', '.tmp'))).toEqual([]);
    // nothing was ever written outside the store's folder
    expect((await fs.readdir(dataDir)).sort()).toEqual(['handover-photos']);
  });

  it('answers null for a key that names a folder, or lies below a photo', async () => {
    await local.put('r6/entry/a.jpg', jpeg, 'image/jpeg');
    await fs.mkdir(path.join(dataDir, 'handover-photos', 'r6', 'folder.jpg'));
    expect(await local.get('r6/folder.jpg')).toBeNull();
    await local.delete('r6/folder.jpg');
    expect(await local.get('r6/entry/a.jpg/b.jpg')).toBeNull();
    await local.delete('r6/entry/a.jpg/b.jpg');
  });

  it('keeps the last complete photo when many puts of one key race', async () => {
    const versions = Array.from({ length: 20 }, (_, i) => new Uint8Array(4096).fill(i));
    await Promise.all(versions.map((bytes) => local.put('r7/entry/race.jpg', bytes, 'image/jpeg')));
    const stored = (await local.get('r7/entry/race.jpg'))!.bytes;
    expect(stored.byteLength).toBe(4096);
    expect(new Set(stored).size).toBe(1);
  });
});

describe('S3 photo store (issue 36 item 2), against a local S3 server', () => {
  let s3: S3Fixture;
  let remote: PhotoStore;
  beforeAll(async () => {
    s3 = await startS3Server();
    remote = createPhotoStore({
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(() => s3?.stop());

  it('is chosen with all four S3 settings', () => {
    expect(remote.kind).toBe('s3');
  });

  storeContract(() => remote);

  it('fails loudly with a wrong key or a missing bucket, instead of answering "no photo"', async () => {
    const settings = {
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const wrongKey = createPhotoStore({ ...settings, S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' });
    await expect(wrongKey.put('r1/entry/a.jpg', jpeg, 'image/jpeg')).rejects.toThrow();
    const noBucket = createPhotoStore({ ...settings, S3_BUCKET: 'no-such-bucket' });
    await expect(noBucket.get('r1/entry/a.jpg')).rejects.toThrow();
  });
});
