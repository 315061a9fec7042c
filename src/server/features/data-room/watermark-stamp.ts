// Issue #20: downloads of watermarked PDFs are stamped on every page with the downloader's name,
// email, the time and the company (pdf-lib), in the same words as the viewer's canvas watermark.
// The stamped bytes are built per download and never stored; the unstamped file is never sent.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { watermarkLines, type WatermarkIdentity } from '../../../shared/watermark';
import { forbidden } from '../../app-error';
import type { ServiceLog } from '../../service-context';

/** pdf-lib's standard fonts speak WinAnsi only: anything else becomes '?', never an error. */
function winAnsiSafe(text: string): string {
  return text.replace(/·/g, '-').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** Returns the PDF with a diagonal, tiled, semi-transparent stamp on every page. */
export async function stampPdf(bytes: Uint8Array, identity: WatermarkIdentity): Promise<Uint8Array> {
  // Encrypted or slightly damaged files still open: the stamp goes on what pdf-lib can read.
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [who, whereWhen] = watermarkLines(identity);
  const first = winAnsiSafe(who);
  const second = winAnsiSafe(whereWhen);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(9, Math.min(width, height) / 40);
    const stepX = font.widthOfTextAtSize(first.length > second.length ? first : second, size) + size * 4;
    const stepY = size * 9;
    // Tiles cover the page whatever its rotation: start outside it and step across the diagonal.
    for (let y = -height; y < height * 2; y += stepY) {
      for (let x = -width; x < width * 2; x += stepX) {
        const options = { font, size, color: rgb(0.45, 0.45, 0.45), opacity: 0.22, rotate: degrees(30) };
        page.drawText(first, { ...options, x, y });
        page.drawText(second, { ...options, x: x + size * 0.6, y: y - size * 1.3 });
      }
    }
  }
  return pdf.save({ useObjectStreams: true });
}

/**
 * A stamped copy of a stored watermarked PDF for one download, on the platform or through a secure
 * link. A PDF that pdf-lib cannot rewrite is never sent unstamped: it stays view only (403).
 */
export async function stampedCopy(input: {
  original: Readable;
  document: { id: number; name: string };
  identity: WatermarkIdentity;
  log: Pick<ServiceLog, 'warn'>;
}): Promise<Uint8Array> {
  const bytes = await buffer(input.original);
  try {
    return await stampPdf(bytes, input.identity);
  } catch (error) {
    input.log.warn({ err: error, documentId: input.document.id }, 'could not stamp a watermarked PDF');
    throw forbidden(`${input.document.name} is watermarked and could not be stamped, so it can be viewed here but not downloaded.`);
  }
}
