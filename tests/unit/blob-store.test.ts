// The same storage contract, proven on both backends: the local disk and S3 (via s3rver).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from '../../src/server/storage/blob-store';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { createS3BlobStore } from '../../src/server/storage/s3';
import { startLocalS3 } from '../support/s3-server';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-blob-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let fileCounter = 0;
function tempFile(content: string): string {
  const file = path.join(scratch, `upload-${++fileCounter}`);
  writeFileSync(file, content);
  return file;
}

const backends: Array<[string, () => Promise<{ store: BlobStore; stop: () => Promise<void> }>]> = [
  ['disk', async () => ({ store: createDiskBlobStore(path.join(scratch, 'disk-root')), stop: async () => {} })],
  [
    's3',
    async () => {
      const s3 = await startLocalS3();
      return { store: createS3BlobStore(s3.settings), stop: s3.stop };
    },
  ],
];

describe.each(backends)('%s BlobStore', (_name, open) => {
  let store: BlobStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await open());
  });
  afterAll(() => stop());

  it('stores a file and reads it back whole', async () => {
    await store.putFile('documents/0001-aaaaaaaaaa', tempFile('hello data room'), { contentType: 'text/plain', size: 15 });
    expect(await text(await store.read('documents/0001-aaaaaaaaaa'))).toBe('hello data room');
  });

  it('reads an inclusive byte range', async () => {
    await store.putFile('documents/0002-bbbbbbbbbb', tempFile('0123456789'), { contentType: 'text/plain', size: 10 });
    expect(await text(await store.read('documents/0002-bbbbbbbbbb', { start: 2, end: 5 }))).toBe('2345');
  });

  it('lists stored objects and deletes them; a missing object is a BlobNotFoundError', async () => {
    await store.putFile('documents/0003-cccccccccc', tempFile('x'), { contentType: 'text/plain', size: 1 });
    const keys: string[] = [];
    for await (const blob of store.list()) keys.push(blob.key);
    expect(keys).toContain('documents/0003-cccccccccc');
    await store.delete('documents/0003-cccccccccc');
    await expect(store.read('documents/0003-cccccccccc')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete('documents/0003-cccccccccc')).resolves.toBeUndefined();
  });

  it('streams a multi-megabyte object back byte for byte, and its last byte alone', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let index = 0; index < big.length; index++) big[index] = (index * 31) % 251;
    const file = path.join(scratch, `big-${++fileCounter}`);
    writeFileSync(file, big);
    await store.putFile('documents/0004-dddddddddd', file, { contentType: 'application/pdf', size: big.length });
    expect(
      createHash('sha256')
        .update(await buffer(await store.read('documents/0004-dddddddddd')))
        .digest('hex'),
    ).toBe(createHash('sha256').update(big).digest('hex'));
    const last = await buffer(await store.read('documents/0004-dddddddddd', { start: big.length - 1, end: big.length - 1 }));
    expect([...last]).toEqual([big[big.length - 1]]);
  });

  it('lists each object with when it was written, for the orphan sweep', async () => {
    const before = Date.now() - 60_000;
    await store.putFile('documents/0005-eeeeeeeeee', tempFile('y'), { contentType: 'text/plain', size: 1 });
    const found: Array<{ key: string; lastModified: Date }> = [];
    for await (const blob of store.list()) found.push(blob);
    const entry = found.find((blob) => blob.key === 'documents/0005-eeeeeeeeee');
    expect(entry?.lastModified).toBeInstanceOf(Date);
    expect(entry!.lastModified.getTime()).toBeGreaterThan(before);
    expect(new Set(found.map((blob) => blob.key)).size).toBe(found.length);
  });

  it('refuses keys that could escape the store', async () => {
    await expect(store.putFile('../etc/passwd', tempFile('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(/unsafe/);
    await expect(store.read('Documents/UPPER')).rejects.toThrow(/unsafe/);
  });
});
