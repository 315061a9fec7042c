// Reading an investor's CSV of past investments (issue #19; docs/track-record.md). Pure: the text
// in, rows, a suggested column mapping and each row's investment or errors out; the service adds
// what needs the database (duplicates) and the clock (today). Exports from other tools use their
// own headers and vocabularies (Crunchbase's `funding_round_type: series-a`,
// `company_category_list: Fintech|Payments`), so both the headers and the values are mapped onto
// the spec's fields, stages and industries; anything that does not map is a row error in words.
import Papa from 'papaparse';
import {
  AMOUNT_NEGATIVE_MESSAGE,
  COMPANY_NAME_MESSAGE,
  DATE_FUTURE_MESSAGE,
  DATE_INVALID_MESSAGE,
  DATE_MISSING_MESSAGE,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  INDUSTRY_MESSAGE,
  isAfterToday,
  isHttpLink,
  LINK_MESSAGE,
  MAX_COMPANY_NAME_LENGTH,
  MAX_IMPORT_ROWS,
  MAX_LINK_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_TRACK_RECORD_AMOUNT,
  MIN_TRACK_RECORD_DATE,
  REQUIRED_IMPORT_FIELDS,
  STAGE_MESSAGE,
  type ImportField,
  type ImportMapping,
  type NewTrackRecordInvestment,
} from '../../../shared/contracts/track-record';
import { isCalendarDate } from '../../../shared/contracts/portfolio';
import { INDUSTRIES, STAGES, type Industry, type Stage } from '../../../shared/enums';
import { invalid } from '../../app-error';

export interface CsvRow {
  /** The record's number as a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  values: string[];
  /** A problem with the row's shape itself (an unclosed quote, too many cells). */
  shapeError: string | null;
}

export interface CsvTable {
  columns: string[];
  rows: CsvRow[];
}

/** Lower case, words only: `Company Name`, `company_name` and `COMPANY-NAME (legal)` compare alike. */
export const normalizeKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The header row and the records under it. Blank lines are skipped (spreadsheets leave them at the
 * end); a duplicated header name gets " (2)" so each column keeps a distinct name to map.
 */
export function readCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    // Not '|': category lists ("Fintech|Payments") use it inside cells, and guessing would split them.
    delimitersToGuess: [',', ';', '\t'],
  });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ''));
  if (headerIndex === -1) throw invalid('This file is empty: it needs a header row naming the columns, then one row per investment.');
  const seen = new Map<string, number>();
  const columns = records[headerIndex]!.map((cell, index) => {
    const name = cell.trim() || `Column ${index + 1}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
  const quoteErrors = new Set(parsed.errors.filter((error) => error.code === 'MissingQuotes' && error.row !== undefined).map((error) => error.row!));
  const rows: CsvRow[] = [];
  records.forEach((record, index) => {
    if (index <= headerIndex || record.every((cell) => cell.trim() === '')) return;
    const extra = record.slice(columns.length).some((cell) => cell.trim() !== '');
    rows.push({
      rowNumber: index + 1,
      values: columns.map((_, column) => (record[column] ?? '').trim()),
      shapeError: quoteErrors.has(index)
        ? 'This row has a quotation mark that is never closed'
        : extra
          ? `This row has more cells than the header has columns (${columns.length})`
          : null,
    });
  });
  if (rows.length === 0) throw invalid('This file has a header row but no investments under it.');
  if (rows.length > MAX_IMPORT_ROWS) throw invalid(IMPORT_TOO_MANY_ROWS_MESSAGE);
  return { columns, rows };
}

// ---- Headers ------------------------------------------------------------------------------------

/**
 * The headers each field is known by, best first (compared after normalizeKey). Crunchbase's
 * funding-round export, AngelList/Carta-style exports and plain spreadsheets.
 */
const HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  companyName: ['company name', 'company', 'name', 'organization name', 'organization', 'startup', 'portfolio company', 'investee', 'business name'],
  investedOn: [
    'invested on',
    'funded at',
    'date',
    'investment date',
    'invested at',
    'funding date',
    'announced on',
    'announced date',
    'deal date',
    'close date',
    'closed on',
  ],
  stage: [
    'stage',
    'funding round type',
    'round',
    'round type',
    'investment stage',
    'funding type',
    'funding stage',
    'series',
    'funding round code',
    'investment type',
  ],
  industry: ['industry', 'company category list', 'category list', 'categories', 'category', 'sector', 'industries', 'market', 'company market', 'vertical'],
  location: [
    'location',
    'company location',
    'hq',
    'headquarters',
    'headquarters location',
    'city',
    'company city',
    'country',
    'company country code',
    'country code',
    'company region',
    'region',
  ],
  amountUsd: [
    'amount usd',
    'amount',
    'raised amount usd',
    'investment amount',
    'amount invested',
    'invested amount',
    'check size',
    'raised amount',
    'money raised',
    'money raised usd',
    'round size',
  ],
  link: ['link', 'url', 'website', 'homepage url', 'company url', 'homepage', 'web', 'company website', 'crunchbase url', 'source'],
};

/** The column suggested for each field: the best-ranked synonym present, each column used once. */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const byKey = new Map<string, string>();
  for (const column of columns) if (!byKey.has(normalizeKey(column))) byKey.set(normalizeKey(column), column);
  const used = new Set<string>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    for (const synonym of HEADER_SYNONYMS[field]) {
      const column = byKey.get(synonym);
      if (column && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

const describeField = (field: ImportField) => IMPORT_FIELD_LABELS[field].toLowerCase();

/** Why no row could be read with this mapping (a required field without a column, a column the file lacks), or null. */
export function mappingProblem(mapping: ImportMapping, columns: readonly string[]): string | null {
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !mapping[field]);
  if (missing.length > 0) {
    return `Choose the column that holds the ${missing.map(describeField).join(', the ')}: every investment needs a company, a date, a stage and an industry.`;
  }
  const unknown = IMPORT_FIELDS.map((field) => mapping[field]).find((column) => column !== null && !columns.includes(column));
  if (unknown) return `This file has no column named “${unknown.slice(0, 60)}”. Choose one of its columns.`;
  const chosen = IMPORT_FIELDS.map((field) => mapping[field]).filter((column): column is string => column !== null);
  const twice = chosen.find((column, index) => chosen.indexOf(column) !== index);
  if (twice) return `The column “${twice.slice(0, 60)}” is chosen for two fields. Choose a different column for one of them.`;
  return null;
}

// ---- Values -------------------------------------------------------------------------------------

const STAGE_BY_KEY = new Map<string, Stage>([
  ...STAGES.map((stage) => [normalizeKey(stage), stage] as const),
  ['preseed', 'Pre-seed'],
  ['pre seed round', 'Pre-seed'],
  ['angel', 'Pre-seed'],
  ['grant', 'Pre-seed'],
  ['friends and family', 'Pre-seed'],
  ['seed round', 'Seed'],
  ['seed', 'Seed'],
  ['convertible note', 'Seed'],
  ['equity crowdfunding', 'Seed'],
  ['product crowdfunding', 'Seed'],
  ['safe', 'Seed'],
  ['series a', 'Series A'],
  ['a', 'Series A'],
  // Crunchbase's generic "venture" round carries its letter in a separate column; on its own it
  // is most often the first institutional round.
  ['venture', 'Series A'],
  ['series b', 'Series B'],
  ['b', 'Series B'],
  ['series c', 'Series C+'],
  ['c', 'Series C+'],
  ['series c plus', 'Series C+'],
  ['series c+', 'Series C+'],
  ['growth equity', 'Growth'],
  ['late stage', 'Growth'],
  ['late stage venture', 'Growth'],
  ['private equity', 'Growth'],
  ['secondary market', 'Growth'],
  ['post ipo equity', 'Growth'],
  ['post ipo debt', 'Growth'],
  ['post ipo secondary', 'Growth'],
  ['acquired', 'Acquisition'],
  ['m a', 'Acquisition'],
  ['merger', 'Acquisition'],
  ['buyout', 'Acquisition'],
]);

/** A round type as the spec's stage: "series-a" and "Series A" alike, any series from C on as "Series C+". */
export function parseStage(text: string): Stage | null {
  const key = normalizeKey(text);
  const known = STAGE_BY_KEY.get(key);
  if (known) return known;
  // Series C, D, E… (Crunchbase writes series-d; some exports "Series D+").
  if (/^series [c-k]\b/.test(key) || /^[c-k]$/.test(key)) return 'Series C+';
  return null;
}

const INDUSTRY_BY_KEY = new Map<string, Industry>([
  ...INDUSTRIES.map((industry) => [normalizeKey(industry).replace(/ /g, ''), industry] as const),
  ...(
    [
      [
        'SaaS',
        ['software', 'enterprise software', 'software as a service', 'b2b', 'cloud computing', 'cloud', 'analytics', 'developer tools', 'productivity tools'],
      ],
      [
        'FinTech',
        ['finance', 'financial services', 'payments', 'banking', 'lending', 'insurance', 'insurtech', 'personal finance', 'wealth management', 'accounting'],
      ],
      [
        'HealthTech',
        [
          'health care',
          'healthcare',
          'health',
          'medical',
          'medical device',
          'biotechnology',
          'biotech',
          'digital health',
          'health and wellness',
          'pharmaceutical',
          'wellness',
        ],
      ],
      ['EdTech', ['education', 'e learning', 'elearning', 'higher education', 'edutech']],
      ['E-commerce', ['ecommerce', 'e commerce', 'online retail', 'retail', 'shopping', 'retail technology']],
      [
        'AI/ML',
        ['artificial intelligence', 'machine learning', 'ai', 'ml', 'deep learning', 'computer vision', 'natural language processing', 'generative ai'],
      ],
      ['Blockchain', ['crypto', 'cryptocurrency', 'bitcoin', 'ethereum', 'web3', 'defi', 'blockchain technology']],
      [
        'CleanTech',
        [
          'clean energy',
          'renewable energy',
          'energy',
          'climate',
          'climate tech',
          'climatetech',
          'sustainability',
          'greentech',
          'green tech',
          'solar',
          'clean technology',
          'environmental',
        ],
      ],
      [
        'Consumer',
        [
          'consumer goods',
          'consumer products',
          'food and beverage',
          'food',
          'fashion',
          'beauty',
          'games',
          'gaming',
          'travel',
          'lifestyle',
          'consumer services',
        ],
      ],
      [
        'Hardware',
        ['consumer electronics', 'electronics', 'robotics', 'semiconductor', 'semiconductors', 'internet of things', 'iot', 'drones', '3d printing'],
      ],
      ['Manufacturing', ['industrial', 'industrials', 'advanced manufacturing', 'industrial automation', 'supply chain', 'logistics']],
      ['Marketplace', ['marketplaces', 'online marketplace', 'sharing economy', 'gig economy']],
      [
        'Media',
        [
          'content',
          'publishing',
          'entertainment',
          'music',
          'video',
          'news',
          'social media',
          'digital media',
          'advertising',
          'adtech',
          'media and entertainment',
        ],
      ],
      ['Mobile', ['mobile apps', 'apps', 'mobile app', 'ios', 'android', 'mobile payments', 'wireless']],
      ['Security', ['cybersecurity', 'cyber security', 'network security', 'information security', 'privacy', 'identity management', 'fraud detection']],
    ] as const
  ).flatMap(([industry, keys]) => keys.map((key) => [key, industry] as const)),
]);

const industryOfKey = (key: string): Industry | null => INDUSTRY_BY_KEY.get(key) ?? INDUSTRY_BY_KEY.get(key.replace(/ /g, '')) ?? null;

/**
 * A category list as one of the spec's industries: the first entry that maps, so
 * "Fintech|Payments" is FinTech and "Developer APIs|Security" is Security. Lists are split on
 * "|", "," and ";" (never "/": "AI/ML" is one industry).
 */
export function parseIndustry(text: string): Industry | null {
  for (const entry of text.split(/[|,;]/)) {
    const industry = industryOfKey(normalizeKey(entry));
    if (industry) return industry;
  }
  return null;
}

/**
 * A date as YYYY-MM-DD: ISO (a time after it is ignored), MM/DD/YYYY (US order, as the spec's
 * date fields), or YYYY-MM (the first of the month, as funding databases often give only that).
 * Null when it is not a real day.
 */
export function parseImportDate(text: string): string | null {
  const value = text.trim();
  let iso: string | null = null;
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})(?=$|[T ])/.exec(value);
  const usMatch = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const monthMatch = /^(\d{4})-(\d{1,2})$/.exec(value) ?? /^(\d{4})\/(\d{1,2})$/.exec(value);
  if (isoMatch) iso = `${isoMatch[1]}-${isoMatch[2]!.padStart(2, '0')}-${isoMatch[3]!.padStart(2, '0')}`;
  else if (usMatch) iso = `${usMatch[3]}-${usMatch[1]!.padStart(2, '0')}-${usMatch[2]!.padStart(2, '0')}`;
  else if (monthMatch) iso = `${monthMatch[1]}-${monthMatch[2]!.padStart(2, '0')}-01`;
  return iso && isCalendarDate(iso) ? iso : null;
}

const AMOUNT_SCALE: Record<string, number> = { '': 1, k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, mn: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };

/**
 * An amount in whole US dollars: "$1,500,000", "1.5M", "500k", "2 million", "USD 750000".
 * Undefined when it is not a dollar amount (another currency, words); a negative amount is kept
 * negative so the row can say why it is refused.
 */
export function parseAmount(text: string): number | undefined {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/^usd\s*|\s*usd$/g, '')
    .replace(/us\$|\$/g, '')
    .replace(/[,\s]/g, '');
  // One number, an optional sign, an optional scale word; nothing else.
  const match = /^(-?)(\d*\.?\d+)([a-z]*)$/.exec(value);
  if (!match) return undefined;
  const scale = AMOUNT_SCALE[match[3]!];
  if (scale === undefined) return undefined;
  const amount = Math.round(Number(match[2]) * scale);
  return match[1] ? -amount : amount;
}

/** A link as given, or with https:// in front when it is a bare domain ("acme.com/about"). */
export function parseLink(text: string): string | null {
  const value = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : !/\s/.test(value) && /^[\w-]+\.[\w.-]+(?:\/|$)/.test(value) ? `https://${value}` : value;
  return withScheme.length <= MAX_LINK_LENGTH && isHttpLink(withScheme) ? withScheme : null;
}

const quote = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

export interface ParsedRow {
  investment: NewTrackRecordInvestment | null;
  errors: string[];
}

/**
 * One record through the mapping: the investment it becomes, or every reason it cannot (all of
 * them at once, so the investor fixes a row in one pass). `today` comes from the caller's clock.
 */
export function parseRow(row: CsvRow, columns: readonly string[], mapping: ImportMapping, today: Date): ParsedRow {
  const cell = (field: ImportField) => {
    const column = mapping[field];
    const index = column === null ? -1 : columns.indexOf(column);
    return index === -1 ? '' : (row.values[index] ?? '');
  };
  const errors: string[] = row.shapeError ? [row.shapeError] : [];

  const companyName = cell('companyName');
  if (companyName === '') errors.push(COMPANY_NAME_MESSAGE);
  else if (companyName.length > MAX_COMPANY_NAME_LENGTH) errors.push(`The company name must be at most ${MAX_COMPANY_NAME_LENGTH} characters`);

  const dateText = cell('investedOn');
  const investedOn = dateText === '' ? null : parseImportDate(dateText);
  if (dateText === '') errors.push(DATE_MISSING_MESSAGE);
  else if (!investedOn || investedOn < MIN_TRACK_RECORD_DATE)
    errors.push(`${DATE_INVALID_MESSAGE}: ${quote(dateText)} is not a date (use YYYY-MM-DD, MM/DD/YYYY or YYYY-MM)`);
  else if (isAfterToday(investedOn, today)) errors.push(DATE_FUTURE_MESSAGE);

  const stageText = cell('stage');
  const stage = parseStage(stageText);
  if (stageText === '') errors.push(STAGE_MESSAGE);
  else if (!stage) errors.push(`${STAGE_MESSAGE}: ${quote(stageText)} is not a stage we know (${STAGES.join(', ')})`);

  const industryText = cell('industry');
  const industry = parseIndustry(industryText);
  if (industryText === '') errors.push(INDUSTRY_MESSAGE);
  else if (!industry) errors.push(`${INDUSTRY_MESSAGE}: ${quote(industryText)} is not an industry we know`);

  const location = cell('location');
  if (location.length > MAX_LOCATION_LENGTH) errors.push(`The location must be at most ${MAX_LOCATION_LENGTH} characters`);

  const amountText = cell('amountUsd');
  const amountUsd = amountText === '' ? null : parseAmount(amountText);
  if (amountUsd === undefined) errors.push(`The amount ${quote(amountText)} is not a number of US dollars (for example 1500000, $1.5M or 500k)`);
  else if (amountUsd !== null && amountUsd < 0) errors.push(AMOUNT_NEGATIVE_MESSAGE);
  else if (amountUsd !== null && amountUsd > MAX_TRACK_RECORD_AMOUNT) errors.push('The amount must be at most $100B');

  const linkText = cell('link');
  const link = linkText === '' ? null : parseLink(linkText);
  if (linkText !== '' && !link) errors.push(LINK_MESSAGE);

  if (errors.length > 0 || !investedOn || !stage || !industry) return { investment: null, errors };
  return {
    investment: { companyName, investedOn, stage, industry, location: location || null, amountUsd: amountUsd ?? null, link },
    errors,
  };
}

/** The key two investments share when they are the same deal: the company (any case) and the day. */
export const duplicateKey = (investment: { companyName: string; investedOn: string }) =>
  `${investment.companyName.trim().toLowerCase().replace(/\s+/g, ' ')}|${investment.investedOn}`;
