// Where document bytes live. Two real backends behind one small interface: the local disk under
// DATA_DIR (default) and S3-compatible object storage for deployments with several instances.
// Every read is streamed through the API's permission check; no backend hands out URLs.
import type { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

export interface StoredBlob {
  key: string;
  lastModified: Date;
}

export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Moves a finished local file into the store under `key` (the caller owns and removes `filePath` on failure). */
  putFile(key: string, filePath: string, metadata: { contentType: string; size: number }): Promise<void>;
  /** Streams the object, or one byte range of it. Rejects with BlobNotFoundError when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes the object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object, for the orphan sweep. */
  list(): AsyncIterable<StoredBlob>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Server-generated keys only: the user's filename never reaches the storage layer. */
export const BLOB_KEY_PATTERN = /^[a-z0-9][a-z0-9/-]{10,200}$/;

export interface StorageEnv {
  STORAGE_DRIVER: 'disk' | 's3';
  DATA_DIR: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}
