// A local S3-compatible server (s3rver) for the S3 BlobStore tests: real HTTP, real SDK calls,
// on the loopback interface, with its files in a temp directory.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/storage/s3';

export async function startLocalS3(bucket = 'venturematch-test'): Promise<{ settings: S3Settings; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vm-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as unknown as { port: number };
  return {
    settings: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
