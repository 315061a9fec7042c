// The data room on S3-compatible storage (issue #5): the whole path from upload to read, delete
// and the orphan sweep through the real app, against a local s3rver. The storage contract itself
// is proven for both backends in tests/unit/blob-store.test.ts; this proves the app uses it right.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '../../src/server/db/schema';
import { storeUploadedDocument } from '../../src/server/features/data-room/documents.service';
import { sweepOrphanBlobs } from '../../src/server/features/data-room/housekeeping.service';
import { BlobNotFoundError, type BlobStore } from '../../src/server/storage/blob-store';
import { createS3BlobStore } from '../../src/server/storage/s3';
import { buildStartupProfileBody } from '../factories';
import { exeBytes, pdfBytes } from '../support/document-fixtures';
import { multipartPayload, type MultipartFile } from '../support/multipart';
import { startLocalS3 } from '../support/s3-server';
import { TestClient, useTestSuite } from '../support/test-app';

const MiB = 1024 * 1024;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let store: BlobStore;
beforeAll(async () => {
  s3 = await startLocalS3('venturematch-app-test');
  store = createS3BlobStore(s3.settings);
});
// Declared before the suite so it runs after the app has closed (after-hooks run in reverse).
afterAll(() => s3?.stop());

// The app is built before the S3 server's port is known to this module's top level, so it gets a
// store that forwards to the real one created in beforeAll.
const forwardingStore: BlobStore = {
  kind: 's3',
  putFile: (key, filePath, metadata) => store.putFile(key, filePath, metadata),
  read: (key, range) => store.read(key, range),
  delete: (key) => store.delete(key),
  list: () => store.list(),
};
const suite = useTestSuite({ blobStore: forwardingStore });

let ipCounter = 0;
async function startup() {
  const client = new TestClient(suite.app, `198.18.4.${++ipCounter}`);
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() });
  return { client, user };
}

function upload(client: TestClient, file: MultipartFile) {
  const { payload, headers } = multipartPayload({ type: 'Pitch Deck' }, file);
  return client.request({ method: 'POST', url: '/api/documents', payload, headers });
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of store.list()) keys.push(blob.key);
  return keys.sort();
}

describe('the data room on S3 storage', () => {
  it('stores an upload in the bucket under a server-made key and serves it whole and by range', async () => {
    const { client, user } = await startup();
    const content = pdfBytes(6);
    const response = await upload(client, { filename: 'deck.pdf', content });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, response.json().id));
    expect(await bucketKeys()).toContain(row!.storageKey);
    expect(row!.storageKey).toMatch(new RegExp(`^documents/${user.id}/`));

    const whole = await client.request({ method: 'GET', url: `/api/documents/${row!.id}/content` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('application/pdf');
    const partial = await client.request({ method: 'GET', url: `/api/documents/${row!.id}/content`, headers: { range: 'bytes=5-14' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload.equals(content.subarray(5, 15))).toBe(true);
  });

  it('leaves nothing in the bucket for a file over 10 MiB or with a fake extension', async () => {
    const { client } = await startup();
    const before = await bucketKeys();
    expect((await upload(client, { filename: 'big.pdf', content: pdfBytes(1, 10 * MiB + 1) })).statusCode).toBe(413);
    expect((await upload(client, { filename: 'invoice.pdf', content: exeBytes() })).statusCode).toBe(400);
    expect(await bucketKeys()).toEqual(before);
  });

  it('accepts exactly 10 MiB', async () => {
    const { client } = await startup();
    const response = await upload(client, { filename: 'big.pdf', content: pdfBytes(1, 10 * MiB) });
    expect(response.statusCode).toBe(201);
    expect(response.json().size).toBe(10 * MiB);
  });

  it('deletes the object with the document', async () => {
    const { client } = await startup();
    const { id } = (await upload(client, { filename: 'deck.pdf', content: pdfBytes() })).json();
    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, id));
    expect((await client.request({ method: 'DELETE', url: `/api/documents/${id}` })).statusCode).toBe(200);
    await expect(store.read(row!.storageKey!)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('removes the object when the database write fails, and the sweep removes old orphans', async () => {
    const { user } = await startup();
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-s3-upload-'));
    try {
      const tmpPath = path.join(scratch, 'upload');
      writeFileSync(tmpPath, pdfBytes());
      const failingDb = { transaction: async () => Promise.reject(new Error('database unavailable')) } as unknown as typeof suite.database.db;
      const before = await bucketKeys();
      await expect(
        storeUploadedDocument(
          { ...suite.app.contextBase, db: failingDb, blobs: store, actor: { id: user.id, userType: 'startup', sessionId: 'x' }, log: suite.app.log },
          { upload: { tmpPath, filename: 'deck.pdf', size: pdfBytes().length, sha256: 'x', fields: { type: 'Pitch Deck' } }, ip: '127.0.0.1' },
        ),
      ).rejects.toThrow('database unavailable');
      expect(await bucketKeys()).toEqual(before);

      const orphan = path.join(scratch, 'orphan');
      writeFileSync(orphan, 'orphan');
      await store.putFile('documents/999/s3-orphan-0001', orphan, { contentType: 'text/plain', size: 6 });
      expect(await sweepOrphanBlobs({ db: suite.database.db, blobs: store, actor: null, clock: () => new Date() })).toBe(0);
      expect(
        await sweepOrphanBlobs({ db: suite.database.db, blobs: store, actor: null, clock: () => new Date(Date.now() + 2 * 60 * 60 * 1000) }),
      ).toBeGreaterThanOrEqual(1);
      const keys = await bucketKeys();
      expect(keys).not.toContain('documents/999/s3-orphan-0001');
      // Every document row still has its object.
      const rows = await suite.database.db.select({ key: documents.storageKey }).from(documents);
      for (const row of rows) expect(keys).toContain(row.key);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
