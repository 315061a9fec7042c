// Reads the text of every page of a PDF with pdf.js, as a reader would extract it: tests use it
// to find a watermark's email on each stamped page and the fields of an NDA certificate.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One string per page; `separator` joins the page's text runs (use '' where a value may be split across runs). */
export async function pdfPageTexts(bytes: Uint8Array, separator = ' '): Promise<string[]> {
  const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const text = await (await document.getPage(number)).getTextContent();
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join(separator));
  }
  return pages;
}
