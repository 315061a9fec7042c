// Builds multipart/form-data bodies for injected requests, like a browser's FormData upload.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export function multipartPayload(fields: Record<string, string>, file?: MultipartFile): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vmtest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One hand-made part: its raw header lines (without CRLF) and its body. */
export interface RawPart {
  headers: string[];
  body: Buffer | string;
}

export const fieldPart = (name: string, value: string): RawPart => ({ headers: [`Content-Disposition: form-data; name="${name}"`], body: value });
export const filePart = (disposition: string, content: Buffer, contentType = 'application/octet-stream'): RawPart => ({
  headers: [`Content-Disposition: form-data; ${disposition}`, `Content-Type: ${contentType}`],
  body: content,
});

/**
 * A multipart body built part by part, for the malformed shapes a browser never sends (nameless
 * parts, stray bytes, a missing end); cut it with `payload.subarray()` to end it mid-part.
 */
export function rawMultipart(
  parts: RawPart[],
  { boundary = `----vmraw${randomBytes(8).toString('hex')}`, closed = true } = {},
): { payload: Buffer; boundary: string; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.map((line) => `${line}\r\n`).join('')}\r\n`, 'utf8'), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), boundary, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
