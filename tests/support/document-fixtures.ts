// Small but real files of every allowed type (and some hostile ones), built in memory so the
// tests need no binary fixtures in the repository.
import { strToU8, zipSync } from 'fflate';

export function pdfBytes(pages = 1, padTo = 0): Buffer {
  const body = Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n`).join('');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj\n${body}trailer << /Root 1 0 R >>\n`;
  const tail = '%%EOF\n';
  // A PDF comment line ("%xxx…\n") pads the file to exactly `padTo` bytes.
  const padding = padTo > head.length + tail.length + 2 ? `%${'x'.repeat(padTo - head.length - tail.length - 2)}\n` : '';
  return Buffer.from(head + padding + tail, 'latin1');
}

function officeZip(kind: 'docx' | 'xlsx' | 'pptx'): Buffer {
  const part = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml', pptx: 'ppt/presentation.xml' }[kind];
  const contentType = {
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  }[kind];
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${contentType}"/></Types>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(types), [part]: strToU8('<?xml version="1.0"?><root/>') }));
}

export const docxBytes = () => officeZip('docx');
export const xlsxBytes = () => officeZip('xlsx');
export const pptxBytes = () => officeZip('pptx');

/** An OLE2 compound file header, as in legacy .doc/.xls/.ppt. */
export function oleBytes(): Buffer {
  const buffer = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buffer, 0);
  buffer.writeUInt16LE(0x003e, 24);
  buffer.writeUInt16LE(0x0003, 26);
  buffer.writeUInt16LE(0xfffe, 28);
  return buffer;
}

/** A Windows executable header (MZ ... PE). */
export function exeBytes(): Buffer {
  const buffer = Buffer.alloc(512);
  buffer.write('MZ', 0, 'latin1');
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write('PE\0\0', 0x80, 'latin1');
  return buffer;
}

export const htmlBytes = () => Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const svgBytes = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const csvBytes = () => Buffer.from('month,revenue\n2026-01,42000\n2026-02,51000\n');
export const textBytes = () => Buffer.from('Executive summary\nWe help small businesses forecast cash.\n');
