// Upload defects (issue #12): a malformed multipart body is a 400 with a sentence (never a 500), a
// zip bomb is refused before anything opens it, and a stalled or dribbling connection is cut.
// Every refusal leaves nothing behind: no temp file in DATA_DIR/tmp, no blob, no row.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type * as NodeFs from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documents } from '../../src/server/db/schema';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { manyEntriesDocxBytes, pdfBytes, zipBombDocxBytes } from '../support/document-fixtures';
import { fieldPart, filePart, multipartPayload, rawMultipart, type RawPart } from '../support/multipart';
import { TestClient, buildTestApp, useTestSuite } from '../support/test-app';

// The upload temp file's disk, switched by single tests: one that fails while the file is written
// (a storage failure must stay a 500, our fault, not pass for a malformed body), and one that is
// slow to open it (a body that fails at once must not leave the file to be created afterwards).
const disk = vi.hoisted(() => ({ failTempFileWrites: false, slowTempFileOpens: false, opens: [] as Array<Promise<void>> }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const createWriteStream = ((file: string, options?: Parameters<typeof fs.createWriteStream>[1]) => {
    if (!path.basename(String(file)).startsWith('upload-')) return fs.createWriteStream(file, options);
    if (disk.failTempFileWrites) {
      return new Writable({
        write: (_chunk, _encoding, callback) => callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
      });
    }
    if (disk.slowTempFileOpens) {
      let opened!: () => void;
      disk.opens.push(new Promise<void>((resolve) => (opened = resolve)));
      const open = (
        ...[target, flags, mode, callback]: [NodeFs.PathLike, NodeFs.OpenMode, NodeFs.Mode, (error: NodeJS.ErrnoException | null, fd: number) => void]
      ) => setTimeout(() => fs.open(target, flags, mode, (error, fd) => (callback(error, fd), opened())), 100);
      return fs.createWriteStream(file, { ...(typeof options === 'object' ? options : {}), fs: { ...fs, open } });
    }
    return fs.createWriteStream(file, options);
  }) as typeof fs.createWriteStream;
  return { ...fs, createWriteStream };
});

const MiB = 1024 * 1024;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-upload-hardening-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const suite = useTestSuite({ env: { DATA_DIR: dataDir } });

let ipCounter = 0;
async function signedInStartup(app: FastifyInstance = suite.app) {
  const client = new TestClient(app, `198.18.12.${++ipCounter}`);
  const { user } = await client.register('startup');
  return { client, user };
}

const tempFiles = (dir = dataDir) => (existsSync(path.join(dir, 'tmp')) ? readdirSync(path.join(dir, 'tmp')) : []);
async function blobKeys(dir = dataDir) {
  const keys: string[] = [];
  for await (const blob of createDiskBlobStore(path.join(dir, 'blobs')).list()) keys.push(blob.key);
  return keys;
}

async function expectNothingLeft(userId: number, dir = dataDir) {
  expect(tempFiles(dir)).toEqual([]);
  expect(await blobKeys(dir)).toEqual([]);
  expect(await suite.database.db.select().from(documents).where(eq(documents.userId, userId))).toHaveLength(0);
}

/** Polls until `condition` holds; the bound only keeps a broken build from hanging the run. */
async function eventually(condition: () => boolean, what: string) {
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting until ${what}`);
}

const typeField = fieldPart('type', 'Pitch Deck');
const pdfPart = (disposition = 'name="file"; filename="deck.pdf"', content = pdfBytes(2)) => filePart(disposition, content, 'application/pdf');
const body = (parts: RawPart[], options?: Parameters<typeof rawMultipart>[1]) => rawMultipart(parts, options);

const ONE_FILE = 'Upload one file at a time.';
const NAMELESS = 'The file has no name. Choose the file again.';
const BAD_FILENAME = 'The file name contains characters that are not allowed. Rename the file and try again.';
const CUT_OFF = 'The upload ended before the whole form arrived. Try again.';
const NO_NAME_FIELD = 'The upload form has a field without a name.';
const NO_FILE = 'Please select a file to upload.';

interface MalformedCase {
  payload: Buffer;
  headers: Record<string, string>;
  message: string | RegExp;
  /** The sentence is about the file, so the form shows it under the file input too. */
  isAboutFile?: boolean;
}

const malformed: Array<[string, () => MalformedCase]> = [
  [
    'a Content-Type with no boundary',
    () => ({ ...body([typeField, pdfPart()]), headers: { 'content-type': 'multipart/form-data' }, message: /boundary is missing/ }),
  ],
  [
    'a Content-Type with an empty boundary',
    () => ({ ...body([typeField, pdfPart()]), headers: { 'content-type': 'multipart/form-data; boundary=' }, message: NO_FILE, isAboutFile: true }),
  ],
  [
    'a body that ends in the middle of the file',
    () => {
      const full = body([typeField, pdfPart(undefined, pdfBytes(1, 256 * 1024))]);
      return { ...full, payload: full.payload.subarray(0, 128 * 1024), message: CUT_OFF };
    },
  ],
  [
    "a body that ends in the middle of a part's headers",
    () => {
      const full = body([typeField, pdfPart()]);
      const cut = full.payload.indexOf('filename=');
      return { ...full, payload: full.payload.subarray(0, cut), message: CUT_OFF };
    },
  ],
  ['a body with no closing boundary', () => ({ ...body([typeField, pdfPart()], { closed: false }), message: CUT_OFF })],
  [
    'garbage after the boundary',
    () => ({
      ...body([]),
      payload: Buffer.from('--XYZ garbage\r\nnot a header\r\n\r\nstuff'),
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      message: CUT_OFF,
    }),
  ],
  ['a body that is not multipart at all', () => ({ ...body([]), payload: Buffer.from('just some text, no parts'), message: CUT_OFF })],
  ['a file part with no filename', () => ({ ...body([typeField, pdfPart('name="file"')]), message: NAMELESS, isAboutFile: true })],
  ['a file part with an empty filename', () => ({ ...body([typeField, pdfPart('name="file"; filename=""')]), message: NAMELESS, isAboutFile: true })],
  ['two file parts', () => ({ ...body([typeField, pdfPart(), pdfPart('name="file"; filename="second.pdf"')]), message: ONE_FILE, isAboutFile: true })],
  [
    'two file parts under different names',
    () => ({ ...body([typeField, pdfPart('name="other"; filename="a.pdf"'), pdfPart()]), message: ONE_FILE, isAboutFile: true }),
  ],
  ['a text part with an empty name', () => ({ ...body([typeField, fieldPart('', 'x'), pdfPart()]), message: NO_NAME_FIELD })],
  ['a file part with an empty name', () => ({ ...body([typeField, pdfPart('name=""; filename="deck.pdf"')]), message: NO_NAME_FIELD })],
  ['a filename holding a NUL', () => ({ ...body([typeField, pdfPart('name="file"; filename="deck\u0000.pdf"')]), message: BAD_FILENAME, isAboutFile: true })],
  [
    'a filename holding a percent-encoded NUL',
    () => ({ ...body([typeField, pdfPart('name="file"; filename*=UTF-8\'\'deck%00.pdf')]), message: BAD_FILENAME, isAboutFile: true }),
  ],
  [
    'a filename holding control characters',
    () => ({ ...body([typeField, pdfPart('name="file"; filename="deck\u001b[31m\u0007.pdf"')]), message: BAD_FILENAME, isAboutFile: true }),
  ],
  [
    'a part with more header lines than allowed',
    () => ({
      ...body([typeField, { ...pdfPart(), headers: [...Array.from({ length: 40 }, (_, i) => `X-Filler-${i}: x`), ...pdfPart().headers] }]),
      message: NO_FILE,
      isAboutFile: true,
    }),
  ],
  [
    'a part header longer than allowed',
    () => ({
      ...body([typeField, { ...pdfPart(), headers: [`X-Long: ${'a'.repeat(100 * 1024)}`, ...pdfPart().headers] }]),
      message: NO_FILE,
      isAboutFile: true,
    }),
  ],
  [
    'more fields than allowed',
    () => ({ ...body([typeField, ...Array.from({ length: 6 }, (_, i) => fieldPart(`extra${i}`, 'x')), pdfPart()]), message: /too many fields/ }),
  ],
  ['a field named __proto__', () => ({ ...body([fieldPart('__proto__', 'x'), typeField, pdfPart()]), message: /field name that is not allowed/ })],
  [
    // @fastify/multipart's own code (FST_INVALID_JSON_FIELD_ERROR, a 406) stands for any parse error we do not name.
    'a field declared as JSON that is not JSON',
    () => ({
      ...body([{ headers: ['Content-Disposition: form-data; name="name"', 'Content-Type: application/json'], body: '{not json' }, typeField, pdfPart()]),
      message: 'The upload could not be read. Try again.',
    }),
  ],
];

describe('malformed multipart bodies', () => {
  it.each(malformed)('refuses %s with a 400 and a sentence, leaving nothing behind', async (_name, build) => {
    const { client, user } = await signedInStartup();
    const { payload, headers, message, isAboutFile } = build();
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    if (isAboutFile) expect(response.json().fieldErrors.file).toEqual([response.json().message]);
    await expectNothingLeft(user.id);
  });

  it.each([
    ['name', { name: 'Deck\u0000', type: 'Pitch Deck' }],
    ['type', { type: 'Pitch\u0000Deck' }],
  ])('refuses a NUL character in the %s field, naming the field', async (field, fields) => {
    const { client, user } = await signedInStartup();
    const { payload, headers } = multipartPayload(fields, { filename: 'deck.pdf', content: pdfBytes() });
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(`“${field}”`);
    expect(response.json().fieldErrors).toHaveProperty(field);
    await expectNothingLeft(user.id);
  });

  it('still answers 413 for a file over 10 MB, leaving nothing behind', async () => {
    const { client, user } = await signedInStartup();
    const { payload, headers } = multipartPayload({ type: 'Pitch Deck' }, { filename: 'big.pdf', content: pdfBytes(1, 10 * MiB + 1) });
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode).toBe(413);
    await expectNothingLeft(user.id);
  });

  it('leaves no temp file when the body fails before the temp file is even open', async () => {
    const { client, user } = await signedInStartup();
    const { payload, headers } = body([typeField, pdfPart()], { closed: false });
    disk.slowTempFileOpens = true;
    try {
      const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
      expect(response.statusCode).toBe(400);
      await Promise.all(disk.opens); // the slow open has now happened, however the request ended
    } finally {
      disk.slowTempFileOpens = false;
    }
    await expectNothingLeft(user.id);
  });

  it('keeps a disk failure while writing the temp file a 500: it is not the body’s fault', async () => {
    const { client, user } = await signedInStartup();
    const { payload, headers } = multipartPayload({ type: 'Pitch Deck' }, { filename: 'deck.pdf', content: pdfBytes() });
    disk.failTempFileWrites = true;
    try {
      const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
      expect(response.statusCode, response.body).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      disk.failTempFileWrites = false;
    }
    await expectNothingLeft(user.id);
  });
});

describe('zip bombs', () => {
  const bombs: Record<string, Buffer> = {};
  beforeAll(async () => {
    bombs.deep = await zipBombDocxBytes(); // 300 MB of zeros in about 300 KB
    bombs.lying = await zipBombDocxBytes({ declaredSize: 1024 }); // the same, with headers claiming 1 KB
    bombs.dense = await zipBombDocxBytes({ expandedBytes: 20 * MiB }); // under the cap, but ~1000:1
    bombs.wide = manyEntriesDocxBytes(20_000);
  });

  it.each([
    ['a DOCX that expands to 300 MB', 'deep', 'This file expands to more than 100 MB when opened, so it cannot be uploaded.'],
    ['a DOCX whose index lies about its sizes', 'lying', /damaged/],
    ['a DOCX compressed a thousandfold', 'dense', /compressed far more than any real document/],
    ['a DOCX of 20,000 entries', 'wide', /more than 10,000 parts/],
  ])('refuses %s with a 400 and stores nothing', async (_name, bomb, message) => {
    const { client, user } = await signedInStartup();
    const content = bombs[bomb]!;
    expect(content.length).toBeLessThan(10 * MiB); // small enough to pass the upload limit
    const { payload, headers } = multipartPayload({ type: 'Business Plan' }, { filename: 'plan.docx', content });
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(response.json().fieldErrors.file).toEqual([response.json().message]);
    await expectNothingLeft(user.id);
  });
});

describe('stalled connections', () => {
  async function listeningApp(env: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-stall-'));
    const app = await buildTestApp(suite.database, { env: { ...env, DATA_DIR: dir } });
    return { app, dir };
  }

  function connect(address: string) {
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {}); // the server may reset the connection: that is the point
    // Not events.once(): that rejects on the 'error' (EPIPE, ECONNRESET) that can precede 'close'.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return { socket, closed, port };
  }

  it('cuts an upload that stalls mid-file, removing the partial temp file, with no row or blob', async () => {
    const { app, dir } = await listeningApp({ HTTP_IDLE_TIMEOUT_MS: '500' });
    try {
      const { client, user } = await signedInStartup(app);
      const { socket, closed, port } = connect(await app.listen({ port: 0, host: '127.0.0.1' }));
      await once(socket, 'connect');
      const { payload, headers } = multipartPayload({ type: 'Pitch Deck' }, { filename: 'deck.pdf', content: pdfBytes(1, 2 * MiB) });
      socket.write(
        `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: vm_session=${encodeURIComponent(client.sessionToken!)}\r\n` +
          `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 512 * 1024)); // the type field and half a megabyte of the file; then silence

      await eventually(() => tempFiles(dir).length > 0, 'the partial upload reaches the temp dir');
      await closed; // the server cut the silent connection
      await eventually(() => tempFiles(dir).length === 0, 'the partial temp file is removed');
      await expectNothingLeft(user.id, dir);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('closes a connection whose headers arrive a byte at a time and never finish (slowloris)', { timeout: 90_000 }, async () => {
    const { app, dir } = await listeningApp({ HTTP_HEADERS_TIMEOUT_MS: '500' });
    // Node enforces headersTimeout from a periodic check (connectionsCheckingInterval, 30 s unless
    // set) that starts on listen; check often here so the test does not idle for half a minute.
    (app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval = 100;
    try {
      const { socket, closed } = connect(await app.listen({ port: 0, host: '127.0.0.1' }));
      await once(socket, 'connect');
      let isClosed = false;
      void closed.then(() => (isClosed = true));
      const head = 'GET /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
      // One byte every 50 ms keeps the connection from ever being idle; bounded so it always ends.
      for (let sent = 0; !isClosed && sent < 1200; sent++) {
        socket.write(sent < head.length ? head[sent]! : 'a');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(isClosed).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
