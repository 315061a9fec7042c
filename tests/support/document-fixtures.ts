// Small but real files of every allowed type (and some hostile ones), built in memory so the
// tests need no binary fixtures in the repository.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
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

/**
 * A well-formed PDF (objects, cross-reference table, trailer) with a line of text on each page,
 * padded to about `padTo` bytes before the xref. Like real decks, pdf.js can read its tail first
 * and then fetch only the ranges a page needs.
 */
export function drawablePdfBytes(pageCount: number, padTo = 0): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pageCount }, (_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, index) => {
    const content = `BT /F1 36 Tf 72 700 Td (Deck page ${index + 1}) Tj ET`;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const tailEstimate = 200 + objects.length * 20;
  if (padTo > body.length + tailEstimate) body += `%${'x'.repeat(padTo - body.length - tailEstimate)}\n`;
  const xrefOffset = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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

const MiB = 1024 * 1024;
const DOCX_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A ZIP entry already in its archived form: raw DEFLATE (method 8) or stored bytes (method 0). */
interface ArchivedEntry {
  name: string;
  method: 0 | 8;
  data: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
}

const deflated = (name: string, content: Buffer): ArchivedEntry => ({
  name,
  method: 8,
  data: deflateRawSync(content),
  crc: crc32(content),
  size: content.length,
});
const stored = (name: string, content: Buffer): ArchivedEntry => ({ name, method: 0, data: content, crc: crc32(content), size: content.length });

/** Lays out local headers, data, the central directory and its end record (no ZIP64, no comment). */
function writeZip(entries: ArchivedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const declared = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `bytes` zeros as raw DEFLATE, compressed as a stream from one reused 1 MiB buffer (no big allocation). */
async function deflatedZeros(name: string, bytes: number): Promise<ArchivedEntry> {
  const zeros = Buffer.alloc(Math.min(bytes, MiB));
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let written = 0; written < bytes; written += zeros.length) {
    const chunk = zeros.subarray(0, Math.min(zeros.length, bytes - written));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, method: 8, data: Buffer.concat(out), crc, size: bytes };
}

/**
 * A zip bomb shaped like a DOCX: a real [Content_Types].xml and a word/document.xml of
 * `expandedBytes` zeros (300 MB by default) that compresses to about a thousandth of that.
 * `declaredSize` makes the headers lie about how large the document part is.
 */
export async function zipBombDocxBytes({ expandedBytes = 300 * MiB, declaredSize }: { expandedBytes?: number; declaredSize?: number } = {}): Promise<Buffer> {
  const document = await deflatedZeros('word/document.xml', expandedBytes);
  return writeZip([deflated('[Content_Types].xml', DOCX_TYPES), { ...document, declaredSize }]);
}

/** A DOCX-shaped ZIP with `count` tiny extra entries (a few hundred KB of central directory). */
export function manyEntriesDocxBytes(count = 20_000): Buffer {
  const filler = Array.from({ length: count }, (_, index) => stored(`customXml/item${index}.xml`, Buffer.from('<a/>')));
  return writeZip([deflated('[Content_Types].xml', DOCX_TYPES), deflated('word/document.xml', Buffer.from('<?xml version="1.0"?><root/>')), ...filler]);
}

/**
 * A large but ordinary DOCX: `bytes` of varied XML prose (compressing several to one, as real text
 * does), to show the zip-bomb checks leave real documents alone.
 */
export function largeDocxBytes(bytes = 8 * MiB): Buffer {
  const words = ['revenue', 'growth', 'customers', 'market', 'churn', 'retention', 'pipeline', 'forecast', 'margin', 'quarter', 'hiring', 'runway'];
  let seed = 42;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const paragraphs: string[] = [];
  for (let length = 0; length < 128 * 1024;) {
    const sentence = Array.from({ length: 12 }, () => `${words[next() % words.length]}${next() % 1000}`).join(' ');
    paragraphs.push(`<w:p><w:r><w:t>${sentence}.</w:t></w:r></w:p>`);
    length += paragraphs.at(-1)!.length;
  }
  // Repeats lie beyond DEFLATE's 32 KB window, so repeating 128 KB of prose compresses like prose.
  const block = Buffer.from(paragraphs.join(''));
  const body = Buffer.alloc(bytes, block);
  return writeZip([
    deflated('[Content_Types].xml', DOCX_TYPES),
    deflated('word/document.xml', Buffer.concat([Buffer.from('<?xml version="1.0"?><w:document><w:body>'), body, Buffer.from('</w:body></w:document>')])),
  ]);
}

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
