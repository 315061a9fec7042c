// Issue #20: the viewer's watermark, drawn INTO the pixels of the canvas that shows the document
// (docs/decisions: the watermark is part of the page image). A CSS layer over the page can be
// deleted in devtools, leaving a clean page to screenshot; pixels cannot be separated like that.
// Also the canvas renderers for watermarked tables and text: their content is painted, never put
// in the DOM, so a watermarked preview hands out no unwatermarked copy of the text.
import { watermarkLines } from '@shared/watermark';

/** Who is looking, named in every tile (the time is added when the tile is drawn). */
export interface ViewerIdentity {
  viewerName: string;
  email: string;
  companyName: string;
}

/** What browsers reliably allocate for one canvas: beyond it they fail silently with a blank one. */
const MAX_CANVAS_SIDE = 16_384;
const MAX_CANVAS_AREA = 16_777_216;

/**
 * Tiles the two watermark lines across the whole canvas, rotated and semi-transparent, on top of
 * what is already drawn. Works in the canvas's own pixels, so it covers every pixel whatever the
 * zoom or the device pixel ratio. Marks the canvas `data-watermarked="true"` once drawn.
 */
export function drawWatermark(canvas: HTMLCanvasElement, identity: ViewerIdentity, at: Date = new Date()): void {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return;
  const [who, whereAndWhen] = watermarkLines({ ...identity, at });
  const { width, height } = canvas;
  // Sized to the canvas, so a tile looks the same on a phone and at 400%.
  const fontSize = Math.max(11, Math.round(Math.min(width, height) / 34));
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.font = `600 ${fontSize}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  // Slate at about a quarter opacity: legible on white and on photos, without hiding the page.
  context.fillStyle = 'rgba(71, 85, 105, 0.26)';
  const tileWidth = Math.max(context.measureText(who).width, context.measureText(whereAndWhen).width) + fontSize * 3;
  const tileHeight = fontSize * 6;
  const reach = Math.hypot(width, height) / 2 + tileWidth;
  context.translate(width / 2, height / 2);
  context.rotate(-Math.PI / 6);
  for (let row = 0, y = -reach; y <= reach; row++, y += tileHeight) {
    // Every other row shifted by half a tile, so no straight gap runs across the page.
    const shift = row % 2 === 0 ? 0 : tileWidth / 2;
    for (let x = -reach + shift; x <= reach; x += tileWidth) {
      context.fillText(who, x, y - fontSize * 0.65);
      context.fillText(whereAndWhen, x, y + fontSize * 0.65);
    }
  }
  context.restore();
  canvas.dataset.watermarked = 'true';
}

/**
 * Sizes a canvas for `cssWidth` × `cssHeight` CSS pixels at the screen's density (within what a
 * browser can allocate) and returns its context, scaled so drawing is in CSS pixels.
 */
function prepareCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): CanvasRenderingContext2D | null {
  const density = Math.min(
    window.devicePixelRatio || 1,
    MAX_CANVAS_SIDE / Math.max(cssWidth, cssHeight, 1),
    Math.sqrt(MAX_CANVAS_AREA / Math.max(cssWidth * cssHeight, 1)),
  );
  canvas.width = Math.max(1, Math.floor(cssWidth * density));
  canvas.height = Math.max(1, Math.floor(cssHeight * density));
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  canvas.dataset.watermarked = 'false';
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) return null;
  context.setTransform(density, 0, 0, density, 0, 0);
  // Paper: the same on a light or dark screen, like a PDF page.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, cssWidth, cssHeight);
  return context;
}

const TABLE_FONT = '13px system-ui, -apple-system, "Segoe UI", sans-serif';
const TABLE_HEADER_FONT = `600 ${TABLE_FONT}`;
const ROW_HEIGHT = 28;
const CELL_PADDING = 10;
const MAX_COLUMN_WIDTH = 320;
const MIN_COLUMN_WIDTH = 48;

/** `text` cut with an ellipsis to fit `width` pixels in the context's current font. */
function fitText(context: CanvasRenderingContext2D, text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (context.measureText(flat).width <= width) return flat;
  let low = 0;
  let high = flat.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (context.measureText(`${flat.slice(0, middle)}…`).width <= width) low = middle;
    else high = middle - 1;
  }
  return `${flat.slice(0, low)}…`;
}

/** Each column's width: its widest cell (header included), within sensible bounds. */
export function measureColumns(rows: string[][], columnCount: number): number[] {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return Array.from({ length: columnCount }, () => MAX_COLUMN_WIDTH);
  return Array.from({ length: columnCount }, (_, column) => {
    let widest = 0;
    rows.forEach((row, index) => {
      context.font = index === 0 ? TABLE_HEADER_FONT : TABLE_FONT;
      widest = Math.max(widest, context.measureText((row[column] ?? '').replace(/\s+/g, ' ')).width);
    });
    return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, widest + CELL_PADDING * 2)));
  });
}

/**
 * Paints a table (the header row, then `body`) into the canvas with the watermark over it: what
 * the spreadsheet and CSV previews show for a watermarked document.
 */
export function drawTable(canvas: HTMLCanvasElement, header: string[], body: string[][], widths: number[], identity: ViewerIdentity): void {
  const totalWidth = widths.reduce((sum, width) => sum + width, 0);
  const totalHeight = (body.length + 1) * ROW_HEIGHT;
  const context = prepareCanvas(canvas, totalWidth, totalHeight);
  if (!context) return;
  context.textBaseline = 'middle';
  context.fillStyle = '#f1f5f9';
  context.fillRect(0, 0, totalWidth, ROW_HEIGHT);
  const drawRow = (cells: string[], top: number, font: string) => {
    context.font = font;
    context.fillStyle = '#0f172a';
    let left = 0;
    widths.forEach((width, column) => {
      context.fillText(fitText(context, cells[column] ?? '', width - CELL_PADDING * 2), left + CELL_PADDING, top + ROW_HEIGHT / 2);
      left += width;
    });
    context.fillStyle = '#e2e8f0';
    context.fillRect(0, top + ROW_HEIGHT - 1, totalWidth, 1);
  };
  drawRow(header, 0, TABLE_HEADER_FONT);
  body.forEach((cells, index) => {
    const top = (index + 1) * ROW_HEIGHT;
    if (index % 2 === 1) {
      context.fillStyle = '#f8fafc';
      context.fillRect(0, top, totalWidth, ROW_HEIGHT);
    }
    drawRow(cells, top, TABLE_FONT);
  });
  drawWatermark(canvas, identity);
}

const TEXT_FONT = '13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const LINE_HEIGHT = 20;
const TEXT_PADDING = 16;

/** The text wrapped into lines that fit `width` CSS pixels of the monospace font, breaking at spaces where it can. */
export function wrapText(text: string, width: number): string[] {
  const context = document.createElement('canvas').getContext('2d');
  const charWidth = context ? ((context.font = TEXT_FONT), context.measureText('M').width) : 8;
  const columns = Math.max(20, Math.floor((width - TEXT_PADDING * 2) / charWidth));
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, '    ').split(/\r?\n/)) {
    let rest = paragraph;
    while (rest.length > columns) {
      const space = rest.lastIndexOf(' ', columns);
      const cut = space > columns / 2 ? space : columns;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut).replace(/^ /, '');
    }
    lines.push(rest);
  }
  return lines;
}

/** Paints lines of text into the canvas (`width` CSS pixels wide) with the watermark over them. */
export function drawTextLines(canvas: HTMLCanvasElement, lines: string[], width: number, identity: ViewerIdentity): void {
  const height = lines.length * LINE_HEIGHT + TEXT_PADDING * 2;
  const context = prepareCanvas(canvas, width, height);
  if (!context) return;
  context.font = TEXT_FONT;
  context.fillStyle = '#0f172a';
  context.textBaseline = 'top';
  lines.forEach((line, index) => context.fillText(line, TEXT_PADDING, TEXT_PADDING + index * LINE_HEIGHT + 3));
  drawWatermark(canvas, identity);
}
