// BlobStore on S3-compatible object storage (AWS S3, MinIO, R2, ...), for deployments with
// several app instances. Objects are private; reads are streamed through the API.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { BLOB_KEY_PATTERN, BlobNotFoundError, type BlobStore, type StoredBlob } from './blob-store';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function createS3BlobStore(settings: S3Settings): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Many S3-compatible servers do not understand the SDK's default aws-chunked trailing
    // checksums; send checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const checkKey = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Refusing unsafe blob key ${key}`);
    return key;
  };

  return {
    kind: 's3',
    client,
    async putFile(key, filePath, metadata) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: checkKey(key),
          Body: createReadStream(filePath),
          ContentLength: metadata.size,
          ContentType: metadata.contentType,
        }),
      );
    },
    async read(key, range) {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
    },
    async *list(): AsyncIterable<StoredBlob> {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: continuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
