// BlobStore on the local disk: objects are files under <root>/<key>. Writes arrive as finished
// temp files and are renamed into place, so a reader never sees a half-written object.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BLOB_KEY_PATTERN, BlobNotFoundError, type BlobStore, type ByteRange, type StoredBlob } from './blob-store';

export function createDiskBlobStore(root: string): BlobStore {
  const resolvedRoot = path.resolve(root);
  const pathFor = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Refusing unsafe blob key ${key}`);
    return path.join(resolvedRoot, key);
  };

  async function* walk(dir: string): AsyncIterable<StoredBlob> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield { key: path.relative(resolvedRoot, full).split(path.sep).join('/'), lastModified: (await stat(full)).mtime };
    }
  }

  return {
    kind: 'disk',
    async putFile(key, filePath) {
      const target = pathFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(filePath, target);
      } catch (error) {
        // Different filesystems (a temp dir elsewhere): copy, then the caller removes its temp file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(filePath, target);
      }
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      const target = pathFor(key);
      try {
        await stat(target);
      } catch {
        throw new BlobNotFoundError(key);
      }
      return createReadStream(target, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathFor(key), { force: true });
    },
    list: () => walk(resolvedRoot),
  };
}
