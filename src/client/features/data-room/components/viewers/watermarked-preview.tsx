// Watermarked previews of tables (XLSX, CSV) and text (TXT, and the text of a DOCX): painted into
// canvases with the viewer's watermark drawn in (watermark-canvas.ts). Long content is split into
// parts of a bounded height, because browsers give up on very tall canvases. The canvases are
// images to assistive technology, named after the document: the raw text is deliberately not in
// the page, since that would be an unwatermarked copy one "Select all" away.
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { MAX_PREVIEW_ROWS } from './rows-table';
import { drawTable, drawTextLines, measureColumns, wrapText, type ViewerIdentity } from './watermark-canvas';

const ROWS_PER_PART = 100;
const LINES_PER_PART = 150;
/** Text is set at most this wide, like a page; narrower on a phone. */
const MAX_TEXT_WIDTH = 760;

function PaintedPart({ label, paint }: { label: string; paint: (canvas: HTMLCanvasElement) => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (ref.current) paint(ref.current);
  }, [paint]);
  return <canvas ref={ref} role="img" aria-label={label} className="block max-w-none bg-white shadow-sm" />;
}

function partLabel(name: string, index: number, count: number): string {
  return `${name}, watermarked preview${count > 1 ? `, part ${index + 1} of ${count}` : ''}`;
}

function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Focusable so keyboard users can scroll it (WCAG 2.1.1).
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="grid max-h-[60dvh] justify-start gap-3 overflow-auto rounded-md border bg-muted/40 p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}

export function WatermarkedRows({ rows, name, identity }: { rows: string[][]; name: string; identity: ViewerIdentity }) {
  const parts = useMemo(() => {
    const [header = [], ...allRows] = rows;
    const body = allRows.slice(0, MAX_PREVIEW_ROWS);
    const columnCount = Math.max(0, ...rows.map((row) => row.length));
    const widths = measureColumns([header, ...body], columnCount);
    const next: Array<(canvas: HTMLCanvasElement) => void> = [];
    for (let start = 0; start < Math.max(body.length, 1); start += ROWS_PER_PART) {
      const slice = body.slice(start, start + ROWS_PER_PART);
      // Each part repeats the header, as a printed table does on every page.
      next.push((canvas) => drawTable(canvas, header, slice, widths, identity));
    }
    return next;
  }, [rows, identity]);
  const rowCount = Math.max(0, rows.length - 1);
  if (rows.length === 0) return <p className="py-10 text-center text-sm text-muted-foreground">This sheet is empty.</p>;
  return (
    <div className="grid gap-2">
      <ScrollArea label={`${name} contents`}>
        {parts.map((paint, index) => (
          <PaintedPart key={index} label={partLabel(name, index, parts.length)} paint={paint} />
        ))}
      </ScrollArea>
      {rowCount > MAX_PREVIEW_ROWS && (
        <p className="text-xs text-muted-foreground">
          Showing the first {MAX_PREVIEW_ROWS} of {rowCount} rows.
        </p>
      )}
    </div>
  );
}

export function WatermarkedText({ text, name, identity }: { text: string; name: string; identity: ViewerIdentity }) {
  const parts = useMemo(() => {
    // The dialog's inner width on a phone (window less its margins and padding); a page's on a desktop.
    const width = Math.max(260, Math.min(MAX_TEXT_WIDTH, window.innerWidth - 100));
    const lines = wrapText(text, width);
    const next: Array<(canvas: HTMLCanvasElement) => void> = [];
    for (let start = 0; start < lines.length; start += LINES_PER_PART) {
      const slice = lines.slice(start, start + LINES_PER_PART);
      next.push((canvas) => drawTextLines(canvas, slice, width, identity));
    }
    return next;
  }, [text, identity]);
  return (
    <ScrollArea label={`${name} contents`}>
      {parts.map((paint, index) => (
        <PaintedPart key={index} label={partLabel(name, index, parts.length)} paint={paint} />
      ))}
    </ScrollArea>
  );
}
