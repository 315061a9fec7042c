// Picks the BlobStore backend from the environment.
import path from 'node:path';
import type { BlobStore, StorageEnv } from './blob-store';
import { createDiskBlobStore } from './disk';
import { createS3BlobStore } from './s3';

export function createBlobStore(env: StorageEnv): BlobStore {
  if (env.STORAGE_DRIVER === 's3') {
    return createS3BlobStore({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskBlobStore(path.join(env.DATA_DIR, 'blobs'));
}
