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
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
