// Raw profile rows → normalised features (docs/matching.md §1). Everything in a row may be missing,
// null or malformed (jsonb columns are unchecked), so every field is read defensively and a
// missing input becomes an explicit "unknown" (-1, null or an empty list), never a guess.
import { FUNDING_BUCKETS, FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES } from '../../../../shared/enums';
import { parseLocation, type Place } from './gazetteer';
import { scanTags, tagMask, type Tag } from './tag-lexicon';
import { cachedStem, tokenize } from './text-processing';

/** A startup profile row as the database or the API holds it; any field may be absent. */
export interface RawStartupProfile {
  id: number;
  location?: string | null;
  stage?: string | null;
  industry?: string | null;
  description?: string | null;
  fundingGoal?: number | null;
  teamSize?: number | null;
  businessModel?: unknown;
  financials?: unknown;
  investorPreferences?: unknown;
}

/** An investor profile row as the database or the API holds it; any field may be absent. */
export interface RawInvestorProfile {
  id: number;
  location?: string | null;
  description?: string | null;
  investmentThesis?: string | null;
  industryFocus?: unknown;
  stagePreference?: unknown;
  investmentRange?: unknown;
  portfolioSize?: number | null;
}

/** What a startup wants in an investor (its `investorPreferences`), as ordinals and a place. */
export interface StartupPreferences {
  stages: number[];
  checkBuckets: number[];
  industries: number[];
  area: Place | null;
  /** The location preference as typed, to tell "not given" from "not recognised". */
  areaText: string | null;
}

export interface StartupFeatures {
  id: number;
  /** 0–6 in STAGES order; -1 unknown. */
  stage: number;
  /** 0–6 in FUNDING_BUCKETS order, from the stored funding goal; -1 unknown. */
  fundingBucket: number;
  /** 0–14 in INDUSTRIES order; -1 unknown. */
  industry: number;
  location: Place | null;
  locationText: string | null;
  /** Tag bitmask (tag-lexicon.ts) from the business model, financials, description and industry. */
  tags: number;
  /** Tags the startup's own text denies ("no hardware"); they are never added from the industry. */
  negatedTags: number;
  /** False when there is no text or JSON to read tags from, so "no tags" means unknown. */
  hasTagSource: boolean;
  preferences: StartupPreferences;
  /** The TF-IDF document: description + industry + business-model text. */
  document: string;
}

export interface InvestorFeatures {
  id: number;
  stages: number[];
  checkBuckets: number[];
  industries: number[];
  location: Place | null;
  locationText: string | null;
  /** Tags the thesis and description ask for. */
  tags: number;
  /** Tags the thesis rules out ("we don't do crypto"); a hit gates the pair to 0. */
  exclusionTags: number;
  /** The thesis says it invests globally or remotely: geo is floored at .7. */
  isGlobal: boolean;
  portfolioSize: number | null;
  /** The TF-IDF document: thesis + description + focus labels. */
  document: string;
}

const labelKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9+<]/g, '');

function ordinalLookup(labels: readonly string[], aliases: Record<string, string>): (value: unknown) => number {
  const map = new Map<string, number>();
  labels.forEach((label, index) => map.set(labelKey(label), index));
  for (const [alias, label] of Object.entries(aliases)) map.set(labelKey(alias), labels.indexOf(label));
  return (value) => (typeof value === 'string' ? (map.get(labelKey(value)) ?? -1) : -1);
}

export const stageOrdinal = ordinalLookup(STAGES, {
  'pre seed': 'Pre-seed',
  'series c': 'Series C+',
  'series d': 'Series C+',
  'late stage': 'Growth',
  exit: 'Acquisition',
});
export const industryOrdinal = ordinalLookup(INDUSTRIES, {
  ecommerce: 'E-commerce',
  ai: 'AI/ML',
  'machine learning': 'AI/ML',
  ml: 'AI/ML',
  crypto: 'Blockchain',
  web3: 'Blockchain',
  climate: 'CleanTech',
  climatetech: 'CleanTech',
  health: 'HealthTech',
  healthcare: 'HealthTech',
  education: 'EdTech',
  cybersecurity: 'Security',
  software: 'SaaS',
});
export const checkBucketOrdinal = ordinalLookup(FUNDING_BUCKETS, {});

/** The funding goal is stored as its bucket's lower bound (decision 0012); any amount maps to its bucket. */
export function fundingBucketOrdinal(goal: number | null | undefined): number {
  if (typeof goal !== 'number' || !Number.isFinite(goal) || goal < 0) return -1;
  let bucket = -1;
  FUNDING_GOAL_OPTIONS.forEach((option, index) => {
    if (goal >= option.value) bucket = index;
  });
  return bucket;
}

/** Distinct valid ordinals from a list of labels, ascending. */
function ordinals(list: unknown, lookup: (value: unknown) => number): number[] {
  if (!Array.isArray(list)) return [];
  const set = new Set<number>();
  for (const item of list) {
    const ordinal = lookup(item);
    if (ordinal >= 0) set.add(ordinal);
  }
  return [...set].sort((a, b) => a - b);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const nonEmpty = (value: unknown): string | null => text(value) || null;

/** String values of a JSON blob, depth-limited, for text and tag scanning (keys are not prose). */
function jsonStrings(value: unknown, depth = 0): string[] {
  if (depth > 3 || value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => jsonStrings(item, depth + 1));
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap((item) => jsonStrings(item, depth + 1));
  return [];
}

// Financial keys whose positive value is itself a signal, whatever the prose says.
const REVENUE_KEYS = new Set(['arr', 'mrr', 'revenue', 'revenues', 'annualrevenue', 'sales', 'gmv', 'turnover']);
const PROFIT_KEYS = new Set(['profit', 'netprofit', 'netincome', 'ebitda', 'operatingincome']);

function financialSignals(financials: unknown): number {
  if (!financials || typeof financials !== 'object' || Array.isArray(financials)) return 0;
  let mask = 0;
  for (const [key, value] of Object.entries(financials as Record<string, unknown>)) {
    const normalisedKey = key.toLowerCase().replace(/[^a-z]/g, '');
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (REVENUE_KEYS.has(normalisedKey)) mask |= tagMask([value > 0 ? 'revenue-generating' : 'pre-revenue']);
    if (PROFIT_KEYS.has(normalisedKey) && value > 0) mask |= tagMask(['profitable']);
  }
  return mask;
}

// An industry implies a few tags; they matter mostly for exclusions ("we don't do crypto" must
// gate a Blockchain startup whose description never says "crypto").
const INDUSTRY_TAGS: Partial<Record<(typeof INDUSTRIES)[number], Tag[]>> = {
  SaaS: ['B2B', 'subscription'],
  HealthTech: ['healthcare'],
  EdTech: ['education'],
  'AI/ML': ['AI'],
  Blockchain: ['crypto'],
  CleanTech: ['climate'],
  Consumer: ['consumer'],
  Hardware: ['hardware'],
  Marketplace: ['marketplace'],
};

function readPreferences(raw: unknown): StartupPreferences {
  const prefs = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const areaText = nonEmpty(prefs.location);
  return {
    stages: ordinals(prefs.stages, stageOrdinal),
    checkBuckets: ordinals(prefs.checkSizes, checkBucketOrdinal),
    industries: ordinals(prefs.industries, industryOrdinal),
    area: parseLocation(areaText),
    areaText,
  };
}

export function normalizeStartup(raw: RawStartupProfile): StartupFeatures {
  const industry = industryOrdinal(raw.industry);
  const description = text(raw.description);
  const modelText = [...jsonStrings(raw.businessModel), ...jsonStrings(raw.financials)].join('. ');
  const scan = scanTags(`${description}. ${modelText}`);
  const industryLabel = industry >= 0 ? INDUSTRIES[industry]! : '';
  const implied = industry >= 0 ? tagMask(INDUSTRY_TAGS[INDUSTRIES[industry]!] ?? []) : 0;
  const tags = (scan.tags | financialSignals(raw.financials) | (implied & ~scan.negated)) >>> 0;
  const locationText = nonEmpty(raw.location);
  return {
    id: raw.id,
    stage: stageOrdinal(raw.stage),
    fundingBucket: fundingBucketOrdinal(raw.fundingGoal),
    industry,
    location: parseLocation(locationText),
    locationText,
    tags,
    negatedTags: scan.negated,
    hasTagSource: description.length > 0 || modelText.length > 0 || tags !== 0,
    preferences: readPreferences(raw.investorPreferences),
    document: [description, industryLabel, modelText].filter(Boolean).join('. '),
  };
}

// Phrases by which a thesis says location does not matter. Plain "global" or "remote" is not
// enough: "scaling globally" and "remote monitoring" describe the startups, not the mandate.
const GLOBAL_PHRASES = [
  'worldwide',
  'anywhere',
  'location agnostic',
  'geography agnostic',
  'geographically agnostic',
  'any geography',
  'all geographies',
  'invest globally',
  'investing globally',
  'global mandate',
  'global fund',
  'global investor',
  'invest remotely',
  'fully remote',
  'remote first',
  'remote founders',
  'remote teams',
].map((phrase) => tokenize(phrase).map(cachedStem));
const GLOBAL_NEGATIONS = new Set(['no', 'not', 'never', 'dont', 'isnt']);

function saysGlobal(thesisAndDescription: string): boolean {
  const tokens = tokenize(thesisAndDescription).map(cachedStem);
  for (let at = 0; at < tokens.length; at++) {
    for (const phrase of GLOBAL_PHRASES) {
      if (!phrase.every((word, k) => tokens[at + k] === word)) continue;
      // "we are not a global fund": a negation within the two words before cancels it.
      const negated = GLOBAL_NEGATIONS.has(tokens[at - 1] ?? '') || GLOBAL_NEGATIONS.has(tokens[at - 2] ?? '');
      if (!negated) return true;
    }
  }
  return false;
}

export function normalizeInvestor(raw: RawInvestorProfile): InvestorFeatures {
  const thesis = text(raw.investmentThesis);
  const description = text(raw.description);
  const industries = ordinals(raw.industryFocus, industryOrdinal);
  const scan = scanTags(`${thesis}. ${description}`);
  const locationText = nonEmpty(raw.location);
  const location = parseLocation(locationText);
  const portfolioSize = typeof raw.portfolioSize === 'number' && Number.isFinite(raw.portfolioSize) && raw.portfolioSize >= 0 ? raw.portfolioSize : null;
  return {
    id: raw.id,
    stages: ordinals(raw.stagePreference, stageOrdinal),
    checkBuckets: ordinals(raw.investmentRange, checkBucketOrdinal),
    industries,
    location: location?.level === 'anywhere' ? null : location,
    locationText,
    tags: scan.tags,
    exclusionTags: scan.negated,
    isGlobal: location?.level === 'anywhere' || saysGlobal(`${thesis}. ${description}`),
    portfolioSize,
    document: [thesis, description, industries.map((index) => INDUSTRIES[index]).join(', ')].filter(Boolean).join('. '),
  };
}
