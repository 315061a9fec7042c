// Zip-bomb guard for DOCX/XLSX/PPTX uploads (issue #12). An Office file is a ZIP, and a ZIP of a
// few kilobytes can expand to gigabytes; the client preview would try to open it. We read the
// central directory (the ZIP's index) and refuse too many entries, too many declared bytes or an
// absurd compression ratio; then, because an index can lie, we inflate every entry with a byte
// budget and stop the moment an entry outgrows its declared size or the whole outgrows the cap.
// Nothing is kept: the inflated bytes are only counted.
import { Writable, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';

const MiB = 1024 * 1024;

export interface ZipLimits {
  /** Total bytes all entries may expand to. */
  maxUncompressedBytes: number;
  maxEntries: number;
  /** Uncompressed ÷ compressed above this is refused, for entries larger than `ratioFloorBytes`. */
  maxCompressionRatio: number;
  ratioFloorBytes: number;
}

// Real documents stay far inside these: a large deck or workbook expands to tens of MB in a few
// hundred entries, and XML compresses around 10–30:1 (deflate's own ceiling is about 1032:1).
export const ZIP_LIMITS: ZipLimits = { maxUncompressedBytes: 100 * MiB, maxEntries: 10_000, maxCompressionRatio: 200, ratioFloorBytes: 1 * MiB };

export type ZipRefusal = 'too_large' | 'too_many_entries' | 'too_compressed' | 'damaged';
export type ZipInspection = { ok: true; entryCount: number; uncompressedBytes: number } | { ok: false; reason: ZipRefusal; message: string };

function refusal(reason: ZipRefusal, limits: ZipLimits): { ok: false; reason: ZipRefusal; message: string } {
  const messages: Record<ZipRefusal, string> = {
    too_large: `This file expands to more than ${Math.round(limits.maxUncompressedBytes / MiB)} MB when opened, so it cannot be uploaded.`,
    too_many_entries: `This file is made of more than ${limits.maxEntries.toLocaleString('en-US')} parts, so it cannot be uploaded.`,
    too_compressed: 'This file is compressed far more than any real document, so it cannot be uploaded.',
    damaged: 'This file is damaged and cannot be opened. Save it again and upload the new copy.',
  };
  return { ok: false, reason, message: messages[reason] };
}

// Thrown inside the inflate pipeline to stop it at once; caught below and turned into a verdict.
class Refused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(reason);
  }
}

// DEFLATE (8) and STORED (0) are all that Office writes; anything else we could not open anyway.
const STORED = 0;
const DEFLATED = 8;

/** Counts bytes and throws as soon as one entry, or all of them together, exceed their budget. */
function budgetCounter(declaredSize: number, spent: { bytes: number }, limits: ZipLimits): Writable {
  let entryBytes = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      entryBytes += chunk.length;
      spent.bytes += chunk.length;
      if (spent.bytes > limits.maxUncompressedBytes) return callback(new Refused('too_large'));
      // More bytes than the index declared: the index lies, which only a crafted file does.
      if (entryBytes > declaredSize) return callback(new Refused('damaged'));
      callback();
    },
  });
}

/**
 * Inspects the ZIP at `filePath` without extracting anything. Resolves `{ ok: false, message }`
 * with a sentence for the user when the file must be refused.
 */
export async function inspectZip(filePath: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipInspection> {
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: entry names are never used, so do not let their spelling fail a document.
    zip = await yauzl.openPromise(filePath, { autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch {
    return refusal('damaged', limits);
  }
  try {
    // The count comes from the end record, before a single entry is read.
    if (zip.entryCount > limits.maxEntries) return refusal('too_many_entries', limits);

    const entries: yauzl.Entry[] = [];
    let declaredBytes = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        declaredBytes += entry.uncompressedSize;
        if (declaredBytes > limits.maxUncompressedBytes) return refusal('too_large', limits);
        if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio) {
          return refusal('too_compressed', limits);
        }
        if (entry.isEncrypted() || (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)) return refusal('damaged', limits);
        entries.push(entry);
      }
    } catch {
      return refusal('damaged', limits);
    }

    // The index can lie: inflate for real, counting, and stop at the first byte over budget.
    const spent = { bytes: 0 };
    for (const entry of entries) {
      try {
        const raw: Readable = await zip.openReadStreamPromise(entry, { decodeFileData: false });
        const stages: Array<Readable | Transform | Writable> = [raw];
        // Our own inflater (not yauzl's), so that stopping destroys it and no more output is made.
        if (entry.compressionMethod === DEFLATED) stages.push(createInflateRaw());
        stages.push(budgetCounter(entry.uncompressedSize, spent, limits));
        await pipeline(stages);
      } catch (error) {
        return refusal(error instanceof Refused ? error.reason : 'damaged', limits);
      }
    }
    return { ok: true, entryCount: entries.length, uncompressedBytes: spent.bytes };
  } finally {
    zip.close();
  }
}
