import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.js';

/** Stored files never change under a key (every upload gets a new one), so caches may keep them forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Where uploaded images live (docs/operations.md#storage): local files by default, an S3-compatible bucket at scale. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a stored file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers load the file from. */
  url(key: string): string;
}

/** Keys are made by storageKeyFor (letters, digits, '.', '-', '_', no '/'); anything else never reaches a path. */
function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

export const LOCAL_UPLOADS_PREFIX = '/uploads/';

export type LocalStorage = Storage & { readonly kind: 'local'; readonly root: string };
export type S3Storage = Storage & { readonly kind: 's3' };

/** Files under `${DATA_DIR}/uploads`, served by the app itself at /uploads/. */
export function createLocalStorage(root: string): LocalStorage {
  return {
    kind: 'local',
    root,
    async put(key, body) {
      assertSafeKey(key);
      await fs.mkdir(root, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = path.join(root, `.${key}.${process.pid}.tmp`);
      await fs.writeFile(temp, body);
      await fs.rename(temp, path.join(root, key));
    },
    async delete(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    url: (key) => `${LOCAL_UPLOADS_PREFIX}${key}`,
  };
}

/** An S3-compatible bucket through the AWS SDK v3 (S3_* variables). */
export function createS3Storage(s3: NonNullable<AppConfig['s3']>): S3Storage {
  // The AWS SDK (about 20 MB of a process's memory) loads with the first upload or delete, so an
  // instance that only serves readers never holds it.
  let sdk: Promise<{ client: import('@aws-sdk/client-s3').S3Client; commands: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((commands) => ({
      commands,
      client: new commands.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        // MinIO, s3rver, R2 and most self-hosted endpoints address buckets by path.
        forcePathStyle: Boolean(s3.endpoint),
        credentials:
          s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
      }),
    })));
  const base = s3.publicUrl
    ? s3.publicUrl.replace(/\/+$/, '')
    : s3.endpoint
      ? `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`
      : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { client, commands } = await connect();
      await client.send(
        new commands.PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }),
      );
    },
    async delete(key) {
      assertSafeKey(key);
      const { client, commands } = await connect();
      await client.send(new commands.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    url: (key) => `${base}/${key}`,
  };
}

export function createStorage(config: Pick<AppConfig, 's3' | 'dataDir'>): LocalStorage | S3Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'uploads'));
}
