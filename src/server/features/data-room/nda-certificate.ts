// A one-page PDF certificate of one NDA acceptance (issue #20), made with pdf-lib: the evidence a
// founder can file or send. It names the agreement by its content hash, so it proves which exact
// text was accepted without carrying the text itself.
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { formatWatermarkTime } from '../../../shared/watermark';

export interface NdaCertificateFacts {
  companyName: string;
  investor: string;
  typedName: string;
  email: string;
  version: number;
  contentHash: string;
  acceptedAt: Date;
  ip: string;
  userAgent: string;
  via: 'platform' | 'link';
  issuedAt: Date;
}

/** pdf-lib's standard fonts speak WinAnsi only: anything else becomes '?', never an error. */
function winAnsiSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** Splits text into lines that fit `width`, breaking long unbroken runs (a hash, a user agent) too. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of winAnsiSafe(text)) {
    const next = line + char;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    const breakAt = line.lastIndexOf(' ');
    if (breakAt > 0 && char !== ' ') {
      lines.push(line.slice(0, breakAt));
      line = line.slice(breakAt + 1) + char;
    } else {
      lines.push(line);
      line = char === ' ' ? '' : char;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export async function renderNdaCertificate(facts: NdaCertificateFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`NDA acceptance certificate - ${winAnsiSafe(facts.companyName)}`);
  pdf.setCreator('VentureMatch');
  pdf.setCreationDate(facts.issuedAt);
  pdf.setModificationDate(facts.issuedAt);
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const write = (text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(text, font, size, width)) {
      y -= size * 1.35;
      page.drawText(line, { x: margin, y, size, font, color });
    }
  };

  write('Certificate of NDA acceptance', bold, 20);
  y -= 6;
  write(
    `${facts.typedName} accepted version ${facts.version} of the non-disclosure agreement of ${facts.companyName} in its VentureMatch data room, by typing their full name and ticking "I agree".`,
    regular,
    11,
  );
  y -= 14;

  const facts_: Array<[string, string]> = [
    ['Company', facts.companyName],
    ['Investor', facts.investor],
    ['Typed name', facts.typedName],
    ['Email', facts.email],
    ['NDA version', String(facts.version)],
    ['NDA text hash (sha256)', facts.contentHash],
    ['Accepted at', formatWatermarkTime(facts.acceptedAt)],
    ['Accepted at (ISO 8601)', facts.acceptedAt.toISOString()],
    ['Through', facts.via === 'link' ? 'a secure link' : 'the VentureMatch platform'],
    ['IP address', facts.ip],
    ['User agent', facts.userAgent],
  ];
  for (const [label, value] of facts_) {
    write(label, bold, 9, rgb(0.35, 0.35, 0.35));
    write(value || '-', regular, 11);
    y -= 6;
  }
  y -= 10;
  write(
    `The hash above is the sha256 of the exact NDA text that was accepted; the same text always gives the same hash, so it identifies that text. Certificate issued ${formatWatermarkTime(facts.issuedAt)}.`,
    regular,
    9,
    rgb(0.35, 0.35, 0.35),
  );
  return pdf.save();
}
