// The zip-bomb guard reads a ZIP's index, then inflates with a byte budget, keeping nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectZip, ZIP_LIMITS } from '../../src/server/features/data-room/zip-inspection';
import { docxBytes, largeDocxBytes, manyEntriesDocxBytes, pdfBytes, pptxBytes, xlsxBytes, zipBombDocxBytes } from '../support/document-fixtures';

const MiB = 1024 * 1024;
const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const saved = (bytes: Buffer) => {
  const file = path.join(dir, `z${++counter}`);
  writeFileSync(file, bytes);
  return file;
};

/** Overwrites the first entry's DEFLATE data with 0xFF: a block of the reserved type, which no inflater accepts. */
function corruptFirstEntry(zip: Buffer): Buffer {
  const copy = Buffer.from(zip);
  const dataStart = 30 + copy.readUInt16LE(26) + copy.readUInt16LE(28);
  copy.fill(0xff, dataStart, dataStart + 8);
  return copy;
}

describe('inspectZip', () => {
  const files: Record<string, string> = {};
  beforeAll(async () => {
    files.deep = saved(await zipBombDocxBytes()); // 300 MB of zeros
    files.lying = saved(await zipBombDocxBytes({ declaredSize: 1024 })); // the same, declared as 1 KB
    files.dense = saved(await zipBombDocxBytes({ expandedBytes: 20 * MiB }));
    files.wide = saved(manyEntriesDocxBytes(20_000));
  });

  it.each([
    ['a DOCX', docxBytes()],
    ['an XLSX', xlsxBytes()],
    ['a PPTX', pptxBytes()],
  ])('passes %s', async (_name, bytes) => {
    expect(await inspectZip(saved(bytes))).toMatchObject({ ok: true, entryCount: 2 });
  });

  it('passes a large real-looking DOCX, counting what it expands to', async () => {
    const bytes = largeDocxBytes(8 * MiB);
    const result = await inspectZip(saved(bytes));
    expect(result.ok).toBe(true);
    expect(result.ok && result.uncompressedBytes).toBeGreaterThan(8 * MiB);
  });

  it('refuses a file whose declared sizes add up past the cap, before inflating anything', async () => {
    expect(await inspectZip(files.deep!)).toEqual({
      ok: false,
      reason: 'too_large',
      message: 'This file expands to more than 100 MB when opened, so it cannot be uploaded.',
    });
  });

  it('refuses an entry compressed more than 200:1', async () => {
    expect(await inspectZip(files.dense!)).toMatchObject({ ok: false, reason: 'too_compressed' });
  });

  it('refuses more than 10,000 entries', async () => {
    expect(await inspectZip(files.wide!)).toMatchObject({ ok: false, reason: 'too_many_entries', message: expect.stringContaining('more than 10,000 parts') });
  });

  it('catches an index that lies: an entry inflating past its declared size stops there', async () => {
    // 300 MB declared as 1 KB passes every check on the index; only inflating shows the truth.
    expect(await inspectZip(files.lying!)).toMatchObject({ ok: false, reason: 'damaged' });
  });

  it('catches a lie within the cap too, so a small budget is never overrun', async () => {
    const small = saved(await zipBombDocxBytes({ expandedBytes: 3 * MiB, declaredSize: 2 * MiB }));
    const limits = { ...ZIP_LIMITS, maxCompressionRatio: Infinity };
    expect(await inspectZip(small, limits)).toMatchObject({ ok: false, reason: 'damaged' });
    // Told the truth, the same content passes under the same limits.
    expect(await inspectZip(saved(await zipBombDocxBytes({ expandedBytes: 3 * MiB })), limits)).toMatchObject({ ok: true });
  });

  it('applies the limits it is given', async () => {
    const docx = saved(docxBytes());
    expect(await inspectZip(docx, { ...ZIP_LIMITS, maxEntries: 1 })).toMatchObject({ ok: false, reason: 'too_many_entries' });
    expect(await inspectZip(docx, { ...ZIP_LIMITS, maxUncompressedBytes: 100 })).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it.each([
    ['a PDF', pdfBytes()],
    ['a truncated ZIP', docxBytes().subarray(0, 60)],
    ['a ZIP whose compressed data is corrupt', corruptFirstEntry(docxBytes())],
  ])('calls %s damaged rather than throwing', async (_name, bytes) => {
    expect(await inspectZip(saved(bytes))).toMatchObject({ ok: false, reason: 'damaged' });
  });
});
