// The demo data rooms' files, generated from each startup's own profile: a pitch deck and a
// financial summary as real PDFs (pdf-lib) and a cap table as a real XLSX workbook (exceljs). They
// go through the same upload pipeline as a founder's files (type detection, storage, summaries),
// so the previews, downloads and view analytics have genuine documents to work on.
import ExcelJS from 'exceljs';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DemoStartup } from './demo-data';

export interface DemoDocumentFile {
  filename: string;
  /** The document's display name in the data room. */
  name: string;
  category: 'Pitch Deck' | 'Financial Projections' | 'Legal Document';
  bytes: Buffer;
}

interface Traction {
  arr: number;
  monthlyGrowthPercent: number;
  customers: number;
}

function tractionOf(startup: DemoStartup): Traction {
  const financials = (startup.profile.financials ?? {}) as Partial<Traction>;
  return { arr: financials.arr ?? 0, monthlyGrowthPercent: financials.monthlyGrowthPercent ?? 0, customers: financials.customers ?? 0 };
}

const usd = (value: number) =>
  value >= 1_000_000 ? `$${(value / 1_000_000).toFixed(1)}M` : value >= 1_000 ? `$${Math.round(value / 1_000)}K` : `$${Math.round(value)}`;

// The standard fonts encode WinAnsi only: fold accents and replace anything else, so a founder
// called Léa or a city like São Paulo never stops a PDF from being written.
const printable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '-');

/** Wraps text to lines no wider than `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const INK = rgb(0.11, 0.13, 0.2);
const MUTED = rgb(0.4, 0.43, 0.5);
const ACCENT = rgb(0.15, 0.39, 0.92);

function drawLines(
  page: PDFPage,
  lines: string[],
  options: { x: number; y: number; size: number; font: PDFFont; color?: ReturnType<typeof rgb>; gap?: number },
): number {
  let y = options.y;
  for (const line of lines) {
    page.drawText(line, { x: options.x, y, size: options.size, font: options.font, color: options.color ?? INK });
    y -= options.size * (options.gap ?? 1.45);
  }
  return y;
}

/** A table of rows; the first row is the header. Returns the y below it. */
function drawTable(page: PDFPage, fonts: Fonts, rows: string[][], options: { x: number; y: number; widths: number[]; size?: number }): number {
  const size = options.size ?? 11;
  let y = options.y;
  rows.forEach((row, rowIndex) => {
    let x = options.x;
    row.forEach((cell, column) => {
      const font = rowIndex === 0 ? fonts.bold : fonts.regular;
      const text = printable(cell);
      // Numbers right-aligned in their column, text left-aligned.
      const isNumber = column > 0 && /^[-$0-9.,%KM× ]+$/.test(text);
      const width = options.widths[column]!;
      const textX = isNumber ? x + width - font.widthOfTextAtSize(text, size) - 8 : x;
      page.drawText(text, { x: textX, y, size, font, color: rowIndex === 0 ? MUTED : INK });
      x += width;
    });
    y -= size * 1.9;
    if (rowIndex === 0)
      page.drawLine({
        start: { x: options.x, y: y + size * 1.2 },
        end: { x: options.x + options.widths.reduce((a, b) => a + b, 0), y: y + size * 1.2 },
        thickness: 0.6,
        color: MUTED,
      });
  });
  return y;
}

/** Six months of recurring revenue ending at today's, growing at the stated monthly rate. */
function monthlyRevenue(traction: Traction, today: Date): Array<{ month: string; mrr: number }> {
  const months: Array<{ month: string; mrr: number }> = [];
  const mrrNow = traction.arr / 12;
  for (let back = 5; back >= 0; back--) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    months.push({
      month: date.toLocaleString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      mrr: mrrNow / Math.pow(1 + traction.monthlyGrowthPercent / 100, back),
    });
  }
  return months;
}

async function newPdf(title: string, author: string, today: Date): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(title));
  pdf.setAuthor(printable(author));
  pdf.setProducer('VentureMatch demo');
  pdf.setCreator('VentureMatch demo');
  pdf.setCreationDate(today);
  pdf.setModificationDate(today);
  return { pdf, fonts: { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) } };
}

const SLIDE: [number, number] = [842, 595];

function slide(pdf: PDFDocument, fonts: Fonts, heading: string, companyName: string, number: number): PDFPage {
  const page = pdf.addPage(SLIDE);
  page.drawRectangle({ x: 0, y: SLIDE[1] - 8, width: SLIDE[0], height: 8, color: ACCENT });
  page.drawText(printable(heading), { x: 56, y: SLIDE[1] - 80, size: 30, font: fonts.bold, color: INK });
  page.drawText(`${printable(companyName)}  |  ${number}`, { x: 56, y: 32, size: 10, font: fonts.regular, color: MUTED });
  return page;
}

/** A seven-slide pitch deck: cover, problem, solution, market, traction, team, the ask. */
export async function pitchDeckPdf(startup: DemoStartup, today: Date): Promise<Buffer> {
  const { profile } = startup;
  const traction = tractionOf(startup);
  const { pdf, fonts } = await newPdf(`${profile.companyName} pitch deck`, `${startup.firstName} ${startup.lastName}`, today);
  const text = (page: PDFPage, body: string, y = SLIDE[1] - 140, size = 18) =>
    drawLines(page, wrap(body, fonts.regular, size, SLIDE[0] - 112), { x: 56, y, size, font: fonts.regular });

  const cover = pdf.addPage(SLIDE);
  cover.drawRectangle({ x: 0, y: 0, width: SLIDE[0], height: SLIDE[1], color: rgb(0.07, 0.1, 0.2) });
  cover.drawText(printable(profile.companyName), { x: 56, y: 360, size: 52, font: fonts.bold, color: rgb(1, 1, 1) });
  drawLines(cover, wrap(profile.description, fonts.regular, 18, SLIDE[0] - 112), {
    x: 56,
    y: 310,
    size: 18,
    font: fonts.regular,
    color: rgb(0.85, 0.88, 0.95),
  });
  cover.drawText(printable(`${profile.stage} round  |  raising ${usd(profile.fundingGoal)}  |  ${profile.location}`), {
    x: 56,
    y: 90,
    size: 14,
    font: fonts.regular,
    color: rgb(0.7, 0.75, 0.85),
  });

  const industry = profile.industry.toLowerCase();
  text(
    slide(pdf, fonts, 'The problem', profile.companyName, 2),
    `Teams in ${industry} still run critical work on spreadsheets, email and phone calls. It is slow, error-prone and invisible to the people who need to act on it. Our customers told us they lose days every month to work that should take minutes.`,
  );
  text(slide(pdf, fonts, 'Our solution', profile.companyName, 3), profile.description);
  const market = slide(pdf, fonts, 'Market', profile.companyName, 4);
  const base = Math.max(traction.arr, 250_000);
  drawTable(
    market,
    fonts,
    [
      ['Market', 'Size', 'How we count it'],
      ['Total addressable', usd(base * 4_000), `Every ${industry} buyer worldwide`],
      ['Serviceable', usd(base * 400), 'Our segments in our first regions'],
      ['Obtainable in 5 years', usd(base * 40), 'A 10% share of the serviceable market'],
    ],
    { x: 56, y: SLIDE[1] - 150, widths: [220, 140, 370], size: 14 },
  );
  const tractionPage = slide(pdf, fonts, 'Traction', profile.companyName, 5);
  const months = monthlyRevenue(traction, today);
  const after = drawTable(
    tractionPage,
    fonts,
    [
      ['Month', 'Monthly recurring revenue', 'Customers'],
      ...months.map((month, index) => [month.month, usd(month.mrr), String(Math.round(traction.customers * Math.pow(0.93, months.length - 1 - index)))]),
    ],
    { x: 56, y: SLIDE[1] - 150, widths: [200, 240, 160], size: 14 },
  );
  text(tractionPage, `ARR ${usd(traction.arr)}, growing ${traction.monthlyGrowthPercent}% a month, with ${traction.customers} customers.`, after - 20, 16);
  const teamPage = slide(pdf, fonts, 'Team', profile.companyName, 6);
  let y = SLIDE[1] - 150;
  for (const member of profile.team ?? []) {
    teamPage.drawText(printable(member.name), { x: 56, y, size: 18, font: fonts.bold, color: INK });
    teamPage.drawText(printable(member.role), { x: 330, y, size: 18, font: fonts.regular, color: MUTED });
    y -= 40;
  }
  const ask = slide(pdf, fonts, 'The ask', profile.companyName, 7);
  drawTable(
    ask,
    fonts,
    [
      ['Use of funds', 'Share', 'Amount'],
      ['Product and engineering', '45%', usd(profile.fundingGoal * 0.45)],
      ['Sales and marketing', '35%', usd(profile.fundingGoal * 0.35)],
      ['Operations', '20%', usd(profile.fundingGoal * 0.2)],
    ],
    { x: 56, y: SLIDE[1] - 150, widths: [300, 120, 160], size: 14 },
  );
  text(ask, `We are raising ${usd(profile.fundingGoal)} in our ${profile.stage} round to reach the next milestones in 18 months.`, 230, 16);
  return Buffer.from(await pdf.save());
}

/** A two-page financial summary: the P&L over three years and the key operating metrics. */
export async function financialsPdf(startup: DemoStartup, today: Date): Promise<Buffer> {
  const { profile } = startup;
  const traction = tractionOf(startup);
  const { pdf, fonts } = await newPdf(`${profile.companyName} financial summary`, `${startup.firstName} ${startup.lastName}`, today);
  const A4: [number, number] = [595, 842];
  const year = today.getUTCFullYear();
  const growthPerYear = Math.pow(1 + traction.monthlyGrowthPercent / 100, 12);
  const revenue = [traction.arr / growthPerYear, traction.arr, traction.arr * Math.min(growthPerYear, 3)];
  const teamCost = (profile.teamSize || 1) * 85_000;
  const costs = [teamCost * 0.7, teamCost, teamCost * 1.6].map((cost, index) => cost + revenue[index]! * 0.25);

  const first = pdf.addPage(A4);
  first.drawText(printable(`${profile.companyName}: financial summary`), { x: 50, y: 780, size: 22, font: fonts.bold, color: INK });
  first.drawText(printable(`Prepared ${today.toISOString().slice(0, 10)} for investors in our ${profile.stage} round. All figures in US dollars.`), {
    x: 50,
    y: 755,
    size: 10,
    font: fonts.regular,
    color: MUTED,
  });
  const after = drawTable(
    first,
    fonts,
    [
      ['', `${year - 1} actual`, `${year} forecast`, `${year + 1} plan`],
      ['Revenue', ...revenue.map(usd)],
      ['Operating costs', ...costs.map(usd)],
      ['Operating result', ...revenue.map((value, index) => usd(value - costs[index]!))],
      ['Gross margin', '71%', '74%', '77%'],
    ],
    { x: 50, y: 700, widths: [160, 110, 110, 110] },
  );
  drawLines(
    first,
    wrap(
      `Revenue is recognised monthly as customers are billed. The forecast assumes ${traction.monthlyGrowthPercent}% monthly growth slowing over the year, and the hiring plan in the deck.`,
      fonts.regular,
      11,
      495,
    ),
    { x: 50, y: after - 20, size: 11, font: fonts.regular },
  );
  const second = pdf.addPage(A4);
  second.drawText('Key metrics', { x: 50, y: 780, size: 22, font: fonts.bold, color: INK });
  const burn = Math.max(costs[1]! - revenue[1]!, 0) / 12;
  drawTable(
    second,
    fonts,
    [
      ['Metric', 'Value'],
      ['Annual recurring revenue', usd(traction.arr)],
      ['Monthly growth', `${traction.monthlyGrowthPercent}%`],
      ['Customers', String(traction.customers)],
      ['Monthly net burn', usd(burn)],
      ['Runway after this round', burn > 0 ? `${Math.round(profile.fundingGoal / burn)} months` : 'Profitable'],
      ['Team', `${profile.teamSize}+ people`],
    ],
    { x: 50, y: 730, widths: [260, 200] },
  );
  return Buffer.from(await pdf.save());
}

/** The cap table before and after this round: founders, the option pool, earlier investors, the new round. */
export async function capTableXlsx(startup: DemoStartup, today: Date): Promise<Buffer> {
  const { profile } = startup;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = `${startup.firstName} ${startup.lastName}`;
  workbook.created = today;
  workbook.modified = today;
  const sheet = workbook.addWorksheet('Cap table');
  sheet.columns = [
    { header: 'Shareholder', key: 'holder', width: 34 },
    { header: 'Share class', key: 'class', width: 16 },
    { header: 'Shares', key: 'shares', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Ownership', key: 'ownership', width: 12, style: { numFmt: '0.00%' } },
  ];
  sheet.getRow(1).font = { bold: true };
  const team = profile.team ?? [{ name: `${startup.firstName} ${startup.lastName}`, role: 'CEO' }];
  const rows: Array<{ holder: string; class: string; shares: number }> = [];
  const founderShares = [4_200_000, 2_600_000, 900_000, 600_000];
  team.forEach((member, index) => rows.push({ holder: `${member.name} (${member.role})`, class: 'Ordinary', shares: founderShares[index] ?? 300_000 }));
  rows.push({ holder: 'Employee option pool', class: 'Options', shares: 1_200_000 });
  if (profile.stage !== 'Pre-seed') rows.push({ holder: 'Angel investors', class: 'Preferred Seed', shares: 900_000 });
  if (!['Pre-seed', 'Seed'].includes(profile.stage)) rows.push({ holder: 'Seed fund', class: 'Preferred A', shares: 1_800_000 });
  const total = rows.reduce((sum, row) => sum + row.shares, 0);
  for (const row of rows) sheet.addRow({ ...row, ownership: row.shares / total });
  const totalRow = sheet.addRow({ holder: 'Total', class: '', shares: total, ownership: 1 });
  totalRow.font = { bold: true };

  const round = workbook.addWorksheet('This round');
  round.columns = [
    { header: 'Item', key: 'item', width: 34 },
    { header: 'Value', key: 'value', width: 18 },
  ];
  round.getRow(1).font = { bold: true };
  const preMoney = profile.fundingGoal * 4;
  round.addRow({ item: 'Round', value: profile.stage });
  round.addRow({ item: 'Raising (USD)', value: profile.fundingGoal }).getCell('value').numFmt = '#,##0';
  round.addRow({ item: 'Pre-money valuation (USD)', value: preMoney }).getCell('value').numFmt = '#,##0';
  round.addRow({ item: 'Dilution', value: profile.fundingGoal / (preMoney + profile.fundingGoal) }).getCell('value').numFmt = '0.0%';
  round.addRow({ item: 'Price per share (USD)', value: Math.round((preMoney / total) * 10_000) / 10_000 });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The three documents of a demo data room. */
export async function dataRoomFiles(startup: DemoStartup, today: Date): Promise<DemoDocumentFile[]> {
  const base = startup.username;
  return [
    {
      filename: `${base}-pitch-deck.pdf`,
      name: `${startup.profile.companyName} pitch deck`,
      category: 'Pitch Deck',
      bytes: await pitchDeckPdf(startup, today),
    },
    {
      filename: `${base}-financials.pdf`,
      name: `${startup.profile.companyName} financial summary`,
      category: 'Financial Projections',
      bytes: await financialsPdf(startup, today),
    },
    {
      filename: `${base}-cap-table.xlsx`,
      name: `${startup.profile.companyName} cap table`,
      category: 'Legal Document',
      bytes: await capTableXlsx(startup, today),
    },
  ];
}
