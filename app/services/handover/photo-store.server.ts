/**
 * Where the handover photos live (issue 36 item 2): one small port, put/get/delete by key, with two adapters —
 * files under `DATA_DIR/handover-photos` (one host, backed up with the data directory) and an S3-compatible object
 * store (`S3_*` settings, README Configuration) for shops served by several hosts. Keys are built by the shop
 * (e.g. `r123/entry/5f3a….jpg`), never taken from a request; both adapters check them the same way, so a key that
 * works in tests on disk works on S3 too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ServiceLogger } from '../service-context.ts';

/**
 * An object store of photos. `put` replaces an existing object; `get` answers null for a missing key; `delete` of a
 * missing key is no error (idempotent, so a retried purge is harmless).
 * @throws Error from every method for a key that is not a photo key (see `createPhotoStore`), from `put` for a
 *   content type that does not match the key's extension, and when the disk or the store fails.
 */
export type PhotoStore = {
  kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
};

/** The settings the photo store needs, named as the environment variables they come from (README, Configuration). */
export type PhotoStoreSettings = {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  /** unset: `us-east-1` */
  S3_REGION?: string;
};

/** The folder below `DATA_DIR` of the local store. */
const LOCAL_FOLDER = 'handover-photos';

/**
 * Unfinished writes of the local store, inside its folder (the same file system, so the final rename is atomic).
 * A key cannot start with a dot, so no key ever reaches it.
 */
const TEMP_FOLDER = '.tmp';

/** A photo key: lower-case letters, digits, `/`, `_`, `.` and `-`, at most 201 characters, starting alphanumeric. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/**
 * The content type of each accepted extension. The local store derives the type from the key, so it keeps no
 * second file beside each photo that could disagree with it; S3 gets the same check so both adapters behave alike.
 */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The photo store of these settings (issue 36 item 2): S3 when all four of `S3_ENDPOINT`, `S3_BUCKET`,
 * `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` are set (the environment refuses some without the others), else
 * files under `<DATA_DIR>/handover-photos/<key>`.
 *
 * Keys: `^[a-z0-9][a-z0-9/_.-]{0,200}$`, segments separated by single slashes, no `.` or `..` segment (no path
 * leaves the store's folder), ending in `.jpg`, `.jpeg`, `.png` or `.webp`.
 * @param logger - told once which store is used (the photos' location matters for backups).
 */
export function createPhotoStore(env: PhotoStoreSettings, logger?: ServiceLogger): PhotoStore {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    logger?.info({ photoStore: 's3', endpoint: S3_ENDPOINT, bucket: S3_BUCKET }, 'handover photos in the S3 store');
    return s3Store({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  }
  const root = path.resolve(env.DATA_DIR, LOCAL_FOLDER);
  logger?.info({ photoStore: 'local', folder: root }, 'handover photos in the data directory');
  return localStore(root);
}

/**
 * The content type of a valid photo key (from its extension).
 * @throws Error when the key is not a photo key (a bug of the caller: keys are built by the shop, not sent).
 */
function contentTypeOfKey(key: string): string {
  const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
  const segments = key.split('/');
  if (
    !KEY_PATTERN.test(key) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    key.includes('..') ||
    type === undefined
  ) {
    throw new Error(`not a photo key: ${JSON.stringify(key)}`);
  }
  return type;
}

/** Checks the key and that `contentType` is the one of its extension (what `get` will answer). */
function checkPut(key: string, contentType: string): void {
  const expected = contentTypeOfKey(key);
  if (contentType !== expected) {
    throw new Error(`photo key ${key} is stored as ${expected}, not ${contentType}`);
  }
}

/** A Node error's code (`ENOENT` …), if it has one. */
function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * Errors of reading or removing a path that mean "no such photo": missing, a parent that is a file (`a` stored, `a/b`
 * asked), or a folder where the photo would be (`a/b` stored, `a` asked).
 */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** The store on disk: one file per key below `root`. */
function localStore(root: string): PhotoStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      const file = fileOf(key);
      const temp = path.join(root, TEMP_FOLDER, `${crypto.randomUUID()}.tmp`);
      await fs.mkdir(path.dirname(temp), { recursive: true });
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written in full and flushed before the rename: a crash leaves the old photo or the new one, never half a
      // photo under the key (a half-written proof of handover would be worse than none).
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      try {
        const buffer = await fs.readFile(fileOf(key));
        return { bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), contentType };
      } catch (error) {
        if (MISSING.has(errorCode(error) ?? '')) return null;
        throw error;
      }
    },
    async delete(key) {
      contentTypeOfKey(key);
      try {
        // Empty folders stay: removing them could race with a put into the same folder.
        await fs.unlink(fileOf(key));
      } catch (error) {
        if (MISSING.has(errorCode(error) ?? '')) return;
        throw error;
      }
    },
  };
}

/** The S3 store's connection settings (resolved from `PhotoStoreSettings`). */
type S3Settings = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** The store in an S3-compatible bucket, through the official SDK, one object per key. */
function s3Store(settings: S3Settings): PhotoStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // `<endpoint>/<bucket>/<key>`: works for every S3-compatible store, with no DNS name per bucket
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default CRC headers and trailers (since 3.729) are refused by
    // several S3-compatible stores; HTTPS already protects the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A hanging store must not hold a staff member's handover form forever; the SDK retries (3 attempts) after this.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const expected = contentTypeOfKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return { bytes: await answer.Body.transformToByteArray(), contentType: answer.ContentType || expected };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      contentTypeOfKey(key);
      try {
        // S3 answers 204 for a missing key as well; some compatible stores answer 404 instead
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissingObject(error)) throw error;
      }
    },
  };
}

/**
 * True for the SDK's "no such object" answers (`NoSuchKey`, or a bare 404). A missing bucket is a 404 too, but a
 * configuration error, not a missing photo: it is thrown.
 */
function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
