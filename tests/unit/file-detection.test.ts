// Uploads are accepted only when the extension is allowed AND the bytes agree with it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectDocumentType, FileRejectedError } from '../../src/server/features/data-room/file-detection';
import {
  csvBytes,
  docxBytes,
  exeBytes,
  htmlBytes,
  largeDocxBytes,
  manyEntriesDocxBytes,
  oleBytes,
  pdfBytes,
  pptxBytes,
  svgBytes,
  textBytes,
  xlsxBytes,
  zipBombDocxBytes,
} from '../support/document-fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const check = (name: string, bytes: Buffer) => {
  const file = path.join(dir, `f${++counter}`);
  writeFileSync(file, bytes);
  return detectDocumentType(file, name, bytes.length);
};

describe('detectDocumentType', () => {
  it.each([
    ['deck.pdf', pdfBytes(), 'application/pdf'],
    ['plan.docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['model.xlsx', xlsxBytes(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pitch.pptx', pptxBytes(), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['legacy.doc', oleBytes(), 'application/msword'],
    ['legacy.xls', oleBytes(), 'application/vnd.ms-excel'],
    ['legacy.ppt', oleBytes(), 'application/vnd.ms-powerpoint'],
    ['numbers.csv', csvBytes(), 'text/csv; charset=utf-8'],
    ['summary.TXT', textBytes(), 'text/plain; charset=utf-8'],
  ])('accepts %s as %s', async (name, bytes, mimeType) => {
    expect((await check(name, bytes)).mimeType).toBe(mimeType);
  });

  it.each([
    ['malware.pdf', exeBytes(), /do not match its \.pdf extension/],
    ['page.pdf', htmlBytes(), /do not match/],
    ['page.html', htmlBytes(), /cannot be uploaded/],
    ['image.svg', svgBytes(), /cannot be uploaded/],
    ['notes.txt', htmlBytes(), /Web pages, SVG images and scripts/],
    ['data.csv', svgBytes(), /Web pages, SVG images and scripts/],
    ['program.txt', exeBytes(), /not plain text/],
    ['deck.docx', pdfBytes(), /do not match its \.docx/],
    ['sheet.xlsx', docxBytes(), /do not match its \.xlsx/],
    ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), /not valid UTF-8/],
    ['nul.csv', Buffer.from('a,b\n1,\0\n'), /binary data/],
    ['empty.pdf', Buffer.alloc(0), /empty/],
    ['noextension', pdfBytes(), /without an extension/],
  ])('refuses %s', async (name, bytes, message) => {
    const attempt = check(name, bytes);
    await expect(attempt).rejects.toBeInstanceOf(FileRejectedError);
    await expect(check(name, bytes)).rejects.toThrow(message);
  });
});

describe('detectDocumentType and zip bombs', () => {
  it('accepts a large ordinary DOCX (8 MB of prose)', async () => {
    expect((await check('long-plan.docx', largeDocxBytes())).extension).toBe('docx');
  });

  const bombs: Record<string, Buffer> = {};
  beforeAll(async () => {
    bombs.deep = await zipBombDocxBytes();
    bombs.lying = await zipBombDocxBytes({ declaredSize: 1024 });
  });

  it.each([
    ['plan.docx', () => bombs.deep!, 'This file expands to more than 100 MB when opened, so it cannot be uploaded.'],
    ['model.xlsx', () => bombs.deep!, /expands to more than 100 MB/], // checked before the type, whatever the name
    ['plan.docx', () => bombs.lying!, /damaged/],
    ['deck.pptx', () => manyEntriesDocxBytes(20_000), /more than 10,000 parts/],
  ])('refuses %s built as a zip bomb', async (name, bytes, message) => {
    await expect(check(name, bytes())).rejects.toThrow(message);
  });
});
