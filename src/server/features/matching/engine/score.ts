// The two-sided score (matching guide §2–§4): components in [0,1] or unknown, one-sided weighted
// fits shrunk toward 0.5 by how much is known, gates, and harmonic (or geometric) fusion, plus the
// explanation a match card shows. Two paths share one component function, so they cannot disagree:
// - PairScorer: numeric only, allocation-free, over precomputed per-profile features (ranking);
// - scorePair: the same numbers plus the breakdown with reasons (only for the top N shown).
import type { MatchBreakdown } from '../../../../shared/contracts/matches';
import { INDUSTRIES, STAGES } from '../../../../shared/enums';
import { CONTINENTS, type Place } from './gazetteer';
import { ADJACENCY, INDUSTRY_COUNT } from './industry-adjacency';
import type { InvestorFeatures, StartupFeatures } from './normalize';
import { popcount, tagNames } from './tag-lexicon';
import { cosine, denseDot, EMPTY_VECTOR, scatter, textComponent, topSharedTerms, unscatter, type SparseVector, type TextIndex } from './text-index';

export const COMPONENT_KEYS = ['sector', 'stage', 'check', 'geo', 'text', 'bizModel', 'experience'] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];
export const COMPONENT_COUNT = COMPONENT_KEYS.length;
export type Side = 'investor' | 'startup';
export type Fusion = 'harmonic' | 'geometric';
export type SideWeights = Partial<Record<ComponentKey, number>>;

const SECTOR = 0;
const STAGE = 1;
const CHECK = 2;
const GEO = 3;
const TEXT = 4;
const BIZ_MODEL = 5;
const EXPERIENCE = 6;

/** Guide §3 prior weights. A component absent from a side's table does not apply to that side. */
export const INVESTOR_SIDE_WEIGHTS: Readonly<SideWeights> = { sector: 0.25, stage: 0.2, check: 0.15, text: 0.2, bizModel: 0.15, geo: 0.05 };
export const STARTUP_SIDE_WEIGHTS: Readonly<SideWeights> = { sector: 0.2, stage: 0.2, check: 0.25, text: 0.1, geo: 0.1, experience: 0.15 };

/** Weights as the 7-slot array the hot path reads (COMPONENT_KEYS order, 0 = not applicable). */
export function weightVector(weights: SideWeights): Float64Array {
  return Float64Array.from(COMPONENT_KEYS, (key) => Math.max(0, weights[key] ?? 0));
}

// φ(d) for the stage distance and ψ(b − s) for check buckets (guide §2).
export function stagePhi(distance: number): number {
  return distance <= 0 ? 1 : distance === 1 ? 0.5 : distance === 2 ? 0.15 : 0;
}
export function checkPsi(delta: number): number {
  switch (delta) {
    case 0: return 1;
    case -1: return 0.7;
    case 1: return 0.4;
    case -2: return 0.3;
    default: return 0;
  }
}

// Stage and check preferences are 7-bit masks; every mask pair is precomputed once (16K entries
// each), so both are a single lookup in the hot path. -1 means "unknown" (an empty mask).
const MASKS = 128;
const STAGE_DISTANCE = new Int8Array(MASKS * MASKS);
const CHECK_FIT = new Float32Array(MASKS * MASKS);
for (let a = 0; a < MASKS; a++) {
  for (let b = 0; b < MASKS; b++) {
    let distance = a === 0 || b === 0 ? -1 : 99;
    let fit = a === 0 || b === 0 ? -1 : 0;
    for (let x = 0; x < 7; x++) {
      if (!(a & (1 << x))) continue;
      for (let y = 0; y < 7; y++) {
        if (!(b & (1 << y))) continue;
        distance = Math.min(distance, Math.abs(x - y));
        fit = Math.max(fit, checkPsi(x - y));
      }
    }
    STAGE_DISTANCE[a * MASKS + b] = distance;
    CHECK_FIT[a * MASKS + b] = fit;
  }
}

/** Stage distance between two 7-bit masks (nearest pair), -1 if either is empty. */
export const stageDistance = (investorMask: number, startupMask: number): number => STAGE_DISTANCE[investorMask * MASKS + startupMask]!;
/** max ψ(investor bucket − wanted bucket) over two 7-bit masks, -1 if either is empty. */
export const checkFit = (investorMask: number, startupMask: number): number => CHECK_FIT[investorMask * MASKS + startupMask]!;

const maskOf = (ordinals: readonly number[]) => ordinals.reduce((mask, ordinal) => mask | (1 << ordinal), 0);

/** Per-user adjustments from learning.ts: personal weights and RECON implicit preferences. */
export interface PersonalAdjustments {
  /** max(0, w + δ) renormalised, COMPONENT_KEYS order; null = the prior table. */
  weights: Float64Array | null;
  /** Implicit preference per attribute value, scaled so the favourite is 1; blended with weight beta. */
  implicit: { beta: number; industry: Float32Array; stage: Float32Array; check: Float32Array; continent: Float32Array } | null;
}

// Places as hashed ids: comparing four ints is all geo needs in the hot path.
const LEVEL_CODE = { city: 0, region: 1, country: 2, bloc: 3, continent: 4, anywhere: 5 } as const;
function placeId(text: string | null | undefined): number {
  if (!text) return -1;
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash & 0x7fffffff;
}

interface PlaceIds {
  cityId: number;
  regionId: number;
  countryId: number;
  /** Index in CONTINENTS (also the implicit-preference attribute value); -1 unknown. */
  continentId: number;
}
function placeIds(place: Place | null): PlaceIds {
  if (!place || place.level === 'anywhere') return { cityId: -1, regionId: -1, countryId: -1, continentId: -1 };
  return {
    cityId: place.city ? placeId(`${place.city}|${place.country ?? ''}`) : -1,
    regionId: placeId(place.region),
    countryId: placeId(place.country),
    continentId: place.continent ? CONTINENTS.indexOf(place.continent) : -1,
  };
}

/** A startup with everything the hot path needs precomputed. Build with prepareStartup. */
export interface PreparedStartup extends PlaceIds {
  features: StartupFeatures;
  vector: SparseVector;
  stageMask: number;
  bucketMask: number;
  industry: number;
  tags: number;
  hasTagSource: boolean;
  /** Investor stages the startup wants (its preferences, else its own stage). */
  wantedStageMask: number;
  wantedCheckMask: number;
  /** Row over investor focus industries: max A[wanted][f] (preferences, else own industry); null unknown. */
  wantedSectorRow: Float32Array | null;
  /** Preferred investor location (preferences, else the startup's own place). */
  areaLevel: number;
  areaCityId: number;
  areaRegionId: number;
  areaCountryId: number;
  areaContinentId: number;
  areaBlocCountryIds: Int32Array;
  usesDefaultStages: boolean;
  usesDefaultChecks: boolean;
  usesDefaultIndustries: boolean;
  usesDefaultArea: boolean;
  personal: PersonalAdjustments | null;
}

/** An investor with everything the hot path needs precomputed. Build with prepareInvestor. */
export interface PreparedInvestor extends PlaceIds {
  features: InvestorFeatures;
  vector: SparseVector;
  stageMask: number;
  checkMask: number;
  focus: Int8Array;
  /** max over focus f of A[f][x]; null when the focus is unknown. */
  sectorRow: Float32Array | null;
  tags: number;
  tagCount: number;
  exclusionTags: number;
  isGlobal: boolean;
  /** min(1, ln(1 + portfolio) / ln 51), NaN when unknown. */
  experience: number;
  personal: PersonalAdjustments | null;
}

function sectorRow(industries: readonly number[]): Float32Array | null {
  if (industries.length === 0) return null;
  const row = new Float32Array(INDUSTRY_COUNT);
  for (const from of industries) for (let x = 0; x < INDUSTRY_COUNT; x++) row[x] = Math.max(row[x]!, ADJACENCY[from * INDUSTRY_COUNT + x]!);
  return row;
}

export function prepareStartup(features: StartupFeatures, vector: SparseVector = EMPTY_VECTOR): PreparedStartup {
  const prefs = features.preferences;
  const own = placeIds(features.location);
  const usesDefaultArea = prefs.area === null;
  const area = prefs.area ?? features.location;
  const areaIds = placeIds(area);
  const ownStageMask = features.stage >= 0 ? 1 << features.stage : 0;
  const ownBucketMask = features.fundingBucket >= 0 ? 1 << features.fundingBucket : 0;
  return {
    features,
    vector,
    ...own,
    stageMask: ownStageMask,
    bucketMask: ownBucketMask,
    industry: features.industry,
    tags: features.tags,
    hasTagSource: features.hasTagSource,
    wantedStageMask: prefs.stages.length > 0 ? maskOf(prefs.stages) : ownStageMask,
    wantedCheckMask: prefs.checkBuckets.length > 0 ? maskOf(prefs.checkBuckets) : ownBucketMask,
    wantedSectorRow: sectorRow(prefs.industries.length > 0 ? prefs.industries : features.industry >= 0 ? [features.industry] : []),
    areaLevel: area ? LEVEL_CODE[area.level] : -1,
    areaCityId: areaIds.cityId,
    areaRegionId: areaIds.regionId,
    areaCountryId: areaIds.countryId,
    areaContinentId: areaIds.continentId,
    areaBlocCountryIds: Int32Array.from(area?.blocCountries ?? [], placeId),
    usesDefaultStages: prefs.stages.length === 0,
    usesDefaultChecks: prefs.checkBuckets.length === 0,
    usesDefaultIndustries: prefs.industries.length === 0,
    usesDefaultArea,
    personal: null,
  };
}

export function experienceComponent(portfolioSize: number | null): number {
  return portfolioSize === null ? Number.NaN : Math.min(1, Math.log(1 + portfolioSize) / Math.log(51));
}

export function prepareInvestor(features: InvestorFeatures, vector: SparseVector = EMPTY_VECTOR): PreparedInvestor {
  return {
    features,
    vector,
    ...placeIds(features.location),
    stageMask: maskOf(features.stages),
    checkMask: maskOf(features.checkBuckets),
    focus: Int8Array.from(features.industries),
    sectorRow: sectorRow(features.industries),
    tags: features.tags,
    tagCount: popcount(features.tags),
    exclusionTags: features.exclusionTags,
    isGlobal: features.isGlobal,
    experience: experienceComponent(features.portfolioSize),
    personal: null,
  };
}

/** Copies each profile's 15-float sector row into one shared buffer (memory order = profile order). */
function packSectorRows<T>(profiles: T[], get: (profile: T) => Float32Array | null, set: (profile: T, row: Float32Array) => void): T[] {
  const buffer = new Float32Array(profiles.length * INDUSTRY_COUNT);
  profiles.forEach((profile, n) => {
    const row = get(profile);
    if (!row) return;
    const view = buffer.subarray(n * INDUSTRY_COUNT, (n + 1) * INDUSTRY_COUNT);
    view.set(row);
    set(profile, view);
  });
  return profiles;
}

/** prepareStartup for a whole population, with its rows packed for cache-friendly batch scoring. */
export function prepareStartups(features: readonly StartupFeatures[], vectors: readonly SparseVector[]): PreparedStartup[] {
  const prepared = features.map((f, n) => prepareStartup(f, vectors[n]));
  return packSectorRows(prepared, (s) => s.wantedSectorRow, (s, row) => (s.wantedSectorRow = row));
}

/** prepareInvestor for a whole population, with its rows packed for cache-friendly batch scoring. */
export function prepareInvestors(features: readonly InvestorFeatures[], vectors: readonly SparseVector[]): PreparedInvestor[] {
  const prepared = features.map((f, n) => prepareInvestor(f, vectors[n]));
  return packSectorRows(prepared, (i) => i.sectorRow, (i, row) => (i.sectorRow = row));
}

export interface ScoringContext {
  index: TextIndex;
  fusion: Fusion;
  investorWeights: Float64Array;
  startupWeights: Float64Array;
}

export function createScoringContext(index: TextIndex, options: { fusion?: Fusion; investorWeights?: SideWeights; startupWeights?: SideWeights } = {}): ScoringContext {
  return {
    index,
    fusion: options.fusion ?? 'harmonic',
    investorWeights: weightVector(options.investorWeights ?? INVESTOR_SIDE_WEIGHTS),
    startupWeights: weightVector(options.startupWeights ?? STARTUP_SIDE_WEIGHTS),
  };
}

// ---------------------------------------------------------------------------------------------
// Pure fusion (guide §3), exported for the property tests.

/**
 * One side's fit: P = κ·raw + (1 − κ)·0.5, written in its closed form
 * (Σ_known w c + 0.5 Σ_unknown w) / Σ_all w. NaN marks an unknown value; weight 0 = not applicable.
 */
export function sideFit(values: ArrayLike<number>, offset: number, weights: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let k = 0; k < COMPONENT_COUNT; k++) {
    const weight = weights[k]!;
    if (weight <= 0) continue;
    total += weight;
    const value = values[offset + k]!;
    sum += weight * (value === value ? value : 0.5);
  }
  return total > 0 ? sum / total : 0.5;
}

/** κ: the share of a side's weight whose component is known. */
export function knownShare(values: ArrayLike<number>, offset: number, weights: ArrayLike<number>): number {
  let total = 0;
  let known = 0;
  for (let k = 0; k < COMPONENT_COUNT; k++) {
    const weight = weights[k]!;
    if (weight <= 0) continue;
    total += weight;
    if (values[offset + k] === values[offset + k]) known += weight;
  }
  return total > 0 ? known / total : 0;
}

export function fuse(investorFit: number, startupFit: number, fusion: Fusion): number {
  if (investorFit <= 0 || startupFit <= 0) return 0;
  return fusion === 'harmonic' ? (2 * investorFit * startupFit) / (investorFit + startupFit) : Math.sqrt(investorFit * startupFit);
}

/**
 * The score from component values alone (nulls are unknown): the whole model after the
 * components, for tests and for anyone replaying a stored components snapshot.
 */
export function scoreFromComponents(
  investorValues: ReadonlyArray<number | null>,
  startupValues: ReadonlyArray<number | null>,
  options: { gated?: boolean; fusion?: Fusion; investorWeights?: ArrayLike<number>; startupWeights?: ArrayLike<number> } = {},
): { score: number; investorFit: number; startupFit: number } {
  const values = new Float64Array(2 * COMPONENT_COUNT);
  for (let k = 0; k < COMPONENT_COUNT; k++) {
    values[k] = investorValues[k] ?? Number.NaN;
    values[COMPONENT_COUNT + k] = startupValues[k] ?? Number.NaN;
  }
  const gate = options.gated ? 0 : 1;
  const investorFit = gate * sideFit(values, 0, options.investorWeights ?? weightVector(INVESTOR_SIDE_WEIGHTS));
  const startupFit = gate * sideFit(values, COMPONENT_COUNT, options.startupWeights ?? weightVector(STARTUP_SIDE_WEIGHTS));
  return { score: Math.round(100 * fuse(investorFit, startupFit, options.fusion ?? 'harmonic')), investorFit, startupFit };
}

// ---------------------------------------------------------------------------------------------
// Components (guide §2), shared by the fast and the explained path.

function proximity(aCity: number, aRegion: number, aCountry: number, aContinent: number, b: PlaceIds): number {
  if (aCity >= 0 && aCity === b.cityId) return 1;
  if (aRegion >= 0 && aRegion === b.regionId) return 0.8;
  if (aCountry >= 0 && aCountry === b.countryId) return 0.6;
  if (aContinent >= 0 && b.continentId >= 0) return aContinent === b.continentId ? 0.4 : 0.2;
  return Number.NaN;
}

/** Is the investor inside the startup's preferred area (at the area's own level)? */
function insideArea(s: PreparedStartup, i: PreparedInvestor): boolean {
  switch (s.areaLevel) {
    case 0: return s.areaCityId >= 0 && s.areaCityId === i.cityId;
    case 1: return s.areaRegionId >= 0 && s.areaRegionId === i.regionId;
    case 2: return s.areaCountryId >= 0 && s.areaCountryId === i.countryId;
    case 3: return i.countryId >= 0 && s.areaBlocCountryIds.includes(i.countryId);
    case 4: return s.areaContinentId >= 0 && s.areaContinentId === i.continentId;
    default: return s.areaLevel === 5;
  }
}

const GLOBAL_FLOOR = 0.7;

/**
 * Writes the 14 component values (investor side 0–6, startup side 7–13, COMPONENT_KEYS order;
 * NaN = unknown or not applicable) and returns whether a gate closes the pair. `cosineValue` is
 * passed in so batch callers can use a dense dot product.
 */
export function computeComponents(s: PreparedStartup, i: PreparedInvestor, cosineValue: number, index: TextIndex, out: Float64Array): boolean {
  const S = COMPONENT_COUNT;
  // sector
  const sectorI = i.sectorRow !== null && s.industry >= 0 ? i.sectorRow[s.industry]! : Number.NaN;
  let sectorS = Number.NaN;
  if (s.wantedSectorRow !== null && i.focus.length > 0) {
    sectorS = 0;
    for (let k = 0; k < i.focus.length; k++) sectorS = Math.max(sectorS, s.wantedSectorRow[i.focus[k]!]!);
  }
  // stage
  const distanceI = STAGE_DISTANCE[i.stageMask * MASKS + s.stageMask]!;
  const distanceS = STAGE_DISTANCE[i.stageMask * MASKS + s.wantedStageMask]!;
  // check
  const checkI = CHECK_FIT[i.checkMask * MASKS + s.bucketMask]!;
  const checkS = CHECK_FIT[i.checkMask * MASKS + s.wantedCheckMask]!;
  // geo
  let geoI = proximity(s.cityId, s.regionId, s.countryId, s.continentId, i);
  let geoS: number;
  if (s.usesDefaultArea) geoS = geoI;
  else if (s.areaLevel === 5) geoS = 1;
  else if (i.continentId < 0) geoS = Number.NaN;
  else if (insideArea(s, i)) geoS = 1;
  else geoS = proximity(s.areaCityId, s.areaRegionId, s.areaCountryId, s.areaContinentId, i);
  if (i.isGlobal) {
    geoI = geoI === geoI && geoI > GLOBAL_FLOOR ? geoI : GLOBAL_FLOOR;
    geoS = geoS === geoS && geoS > GLOBAL_FLOOR ? geoS : GLOBAL_FLOOR;
  }
  // text
  const text = s.vector.terms.length > 0 && i.vector.terms.length > 0 ? textComponent(index, cosineValue) : Number.NaN;
  // business model
  const bizModel = i.tagCount > 0 && s.hasTagSource ? popcount(i.tags & s.tags) / i.tagCount : Number.NaN;

  out[SECTOR] = sectorI;
  out[STAGE] = distanceI < 0 ? Number.NaN : stagePhi(distanceI);
  out[CHECK] = checkI < 0 ? Number.NaN : checkI;
  out[GEO] = geoI;
  out[TEXT] = text;
  out[BIZ_MODEL] = bizModel;
  out[EXPERIENCE] = Number.NaN;
  out[S + SECTOR] = sectorS;
  out[S + STAGE] = distanceS < 0 ? Number.NaN : stagePhi(distanceS);
  out[S + CHECK] = checkS < 0 ? Number.NaN : checkS;
  out[S + GEO] = geoS;
  out[S + TEXT] = text;
  out[S + BIZ_MODEL] = Number.NaN;
  out[S + EXPERIENCE] = i.experience;

  // RECON implicit preferences: c = (1 − β) c_stated + β c_implicit, on known components only.
  const investorImplicit = i.personal?.implicit;
  if (investorImplicit) {
    const beta = investorImplicit.beta;
    if (out[SECTOR] === out[SECTOR]) out[SECTOR] = (1 - beta) * out[SECTOR]! + beta * investorImplicit.industry[s.industry]!;
    if (out[STAGE] === out[STAGE]) out[STAGE] = (1 - beta) * out[STAGE]! + beta * investorImplicit.stage[s.features.stage]!;
    if (out[CHECK] === out[CHECK]) out[CHECK] = (1 - beta) * out[CHECK]! + beta * investorImplicit.check[s.features.fundingBucket]!;
    if (out[GEO] === out[GEO] && s.continentId >= 0) out[GEO] = (1 - beta) * out[GEO]! + beta * investorImplicit.continent[s.continentId]!;
  }
  const startupImplicit = s.personal?.implicit;
  if (startupImplicit) {
    const beta = startupImplicit.beta;
    if (out[S + SECTOR] === out[S + SECTOR]) out[S + SECTOR] = (1 - beta) * out[S + SECTOR]! + beta * maxOverList(startupImplicit.industry, i.focus);
    if (out[S + STAGE] === out[S + STAGE]) out[S + STAGE] = (1 - beta) * out[S + STAGE]! + beta * maxOverMask(startupImplicit.stage, i.stageMask);
    if (out[S + CHECK] === out[S + CHECK]) out[S + CHECK] = (1 - beta) * out[S + CHECK]! + beta * maxOverMask(startupImplicit.check, i.checkMask);
    if (out[S + GEO] === out[S + GEO] && i.continentId >= 0) out[S + GEO] = (1 - beta) * out[S + GEO]! + beta * startupImplicit.continent[i.continentId]!;
  }

  return (i.exclusionTags & s.tags) !== 0 || distanceI >= 3;
}

function maxOverList(table: Float32Array, list: Int8Array): number {
  let best = 0;
  for (let k = 0; k < list.length; k++) best = Math.max(best, table[list[k]!]!);
  return best;
}
function maxOverMask(table: Float32Array, mask: number): number {
  let best = 0;
  for (let bit = 0; bit < table.length; bit++) if (mask & (1 << bit)) best = Math.max(best, table[bit]!);
  return best;
}

// ---------------------------------------------------------------------------------------------
// The fast path: numbers only, no allocation per pair.

/**
 * Scores pairs without building explanations. One instance per thread of work: it owns scratch
 * buffers (a dense row of the vocabulary for one-against-many text products).
 */
export class PairScorer {
  private readonly values = new Float64Array(2 * COMPONENT_COUNT);
  private readonly dense: Float32Array;
  /** Fits of the last pair scored, for rankers that want one side only. */
  investorFit = 0;
  startupFit = 0;
  gated = false;

  constructor(readonly context: ScoringContext) {
    this.dense = new Float32Array(context.index.idf.length);
  }

  /** The unrounded score (0–100) of one pair; 0 when gated. */
  score(s: PreparedStartup, i: PreparedInvestor): number {
    return this.fromCosine(s, i, cosine(s.vector, i.vector));
  }

  /** The last pair's 14 component values (read-only view; overwritten by the next call). */
  get lastComponents(): Float64Array {
    return this.values;
  }

  private fromCosine(s: PreparedStartup, i: PreparedInvestor, cosineValue: number): number {
    const values = this.values;
    const gated = computeComponents(s, i, cosineValue, this.context.index, values);
    this.gated = gated;
    if (gated) {
      this.investorFit = 0;
      this.startupFit = 0;
      return 0;
    }
    const investorFit = sideFit(values, 0, i.personal?.weights ?? this.context.investorWeights);
    const startupFit = sideFit(values, COMPONENT_COUNT, s.personal?.weights ?? this.context.startupWeights);
    this.investorFit = investorFit;
    this.startupFit = startupFit;
    return 100 * fuse(investorFit, startupFit, this.context.fusion);
  }

  /**
   * Scores one startup against many investors (all, or those at `positions`), writing unrounded
   * scores to `out` (aligned with `positions` when given). The startup's vector is scattered into
   * a dense row once, so each text product costs only the investor's own terms.
   */
  scoreInvestorsFor(s: PreparedStartup, investors: readonly PreparedInvestor[], out: Float64Array, positions?: ArrayLike<number>, count = positions ? positions.length : investors.length): void {
    scatter(s.vector, this.dense);
    for (let n = 0; n < count; n++) {
      const i = investors[positions ? positions[n]! : n]!;
      out[n] = this.fromCosine(s, i, denseDot(i.vector, this.dense));
    }
    unscatter(s.vector, this.dense);
  }

  /** Scores one investor against many startups; the mirror of scoreInvestorsFor. */
  scoreStartupsFor(i: PreparedInvestor, startups: readonly PreparedStartup[], out: Float64Array, positions?: ArrayLike<number>, count = positions ? positions.length : startups.length): void {
    scatter(i.vector, this.dense);
    for (let n = 0; n < count; n++) {
      const s = startups[positions ? positions[n]! : n]!;
      out[n] = this.fromCosine(s, i, denseDot(s.vector, this.dense));
    }
    unscatter(i.vector, this.dense);
  }
}

// ---------------------------------------------------------------------------------------------
// The explained path (guide §4).

/** Text for each viewer: the startup reads "you raise …; they invest …", the investor the mirror. */
export interface Phrased {
  startup: string;
  investor: string;
}

export interface ComponentExplanation {
  key: ComponentKey;
  side: Side;
  /** 0–1, or null when unknown. */
  value: number | null;
  /** The weight used, normalised so each side's weights sum to 1. */
  weight: number;
  /** Points of this side's fit (0–100): 100·w·c/Σw; an unknown contributes its shrinkage 100·w·0.5/Σw. */
  contribution: number;
  reason: Phrased;
}

export interface MatchExplanation {
  /** 0–100 integer. */
  score: number;
  /** P_I, the investor's view of the startup, 0–1. */
  investorFit: number;
  /** P_S, the startup's view of the investor, 0–1. */
  startupFit: number;
  components: ComponentExplanation[];
  topReasons: { startup: string[]; investor: string[] };
  biggestShortfall: { startup: string | null; investor: string | null };
  unknowns: { startup: string[]; investor: string[] };
  gated: boolean;
  gateReason: Phrased | null;
}

interface Voice {
  s: string;
  sPos: string;
  i: string;
  iPos: string;
}
const STARTUP_VOICE: Voice = { s: 'you', sPos: 'your', i: 'they', iPos: 'their' };
const INVESTOR_VOICE: Voice = { s: 'they', sPos: 'their', i: 'you', iPos: 'your' };
// English "you" and "they" take the same verb forms, so one template serves both viewers.
const phrased = (build: (v: Voice) => string): Phrased => ({ startup: build(STARTUP_VOICE), investor: build(INVESTOR_VOICE) });

/** Ordinals as runs: [0, 1, 3] → "Pre-seed–Seed, Series B". */
function formatRuns(ordinals: readonly number[], label: (first: number, last: number) => string): string {
  const sorted = [...new Set(ordinals)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let k = 0; k < sorted.length; ) {
    let end = k;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    parts.push(label(sorted[k]!, sorted[end]!));
    k = end + 1;
  }
  return parts.join(', ');
}

export const formatStages = (ordinals: readonly number[]): string =>
  formatRuns(ordinals, (first, last) => (first === last ? STAGES[first]! : `${STAGES[first]}–${STAGES[last]}`));

// Bucket bounds in dollars, from the spec's labels: [lower, upper) per bucket.
const BUCKET_BOUNDS = [0, 100e3, 500e3, 1e6, 3e6, 5e6, 10e6, Number.POSITIVE_INFINITY];
const money = (dollars: number) => (dollars >= 1e6 ? `$${dollars / 1e6}M` : `$${dollars / 1e3}K`);

/** Check buckets as money ranges: [2, 3] → "$500K–$3M"; [0] → "under $100K"; [6] → "$10M+". */
export const formatChecks = (ordinals: readonly number[]): string =>
  formatRuns(ordinals, (first, last) => {
    const lower = BUCKET_BOUNDS[first]!;
    const upper = BUCKET_BOUNDS[last + 1]!;
    if (upper === Number.POSITIVE_INFINITY) return `${money(lower)}+`;
    if (lower === 0) return first === last ? `under ${money(upper)}` : `up to ${money(upper)}`;
    return `${money(lower)}–${money(upper)}`;
  });

const industryNames = (ordinals: readonly number[]) => ordinals.map((index) => INDUSTRIES[index]!).join(', ');
const checkSuffix = (value: number) => (value >= 1 ? '' : value > 0 ? ' (partial)' : ' (no overlap)');
const stageSuffix = (value: number) => (value >= 1 ? '' : value >= 0.5 ? ' (one stage apart)' : value > 0 ? ' (two stages apart)' : ' (too far apart)');

/** The focus industry giving the best adjacency to `target`. */
function bestFocus(focus: Int8Array, row: (f: number) => number): number {
  let best = -1;
  let bestValue = -1;
  for (const f of focus) if (row(f) > bestValue) [best, bestValue] = [f, row(f)];
  return best;
}

function componentReason(key: ComponentKey, side: Side, value: number | null, s: PreparedStartup, i: PreparedInvestor, index: TextIndex): Phrased {
  const sf = s.features;
  const inv = i.features;
  const industry = sf.industry >= 0 ? INDUSTRIES[sf.industry]! : '';
  switch (key) {
    case 'sector': {
      if (side === 'investor') {
        if (value === null) return sf.industry < 0 ? phrased((v) => `Unknown: ${v.sPos} industry is not given`) : phrased((v) => `Unknown: ${v.iPos} industry focus is not given`);
        if (value >= 1) return phrased((v) => `Sector: ${industry} is in ${v.iPos} focus`);
        if (value > 0) {
          const best = INDUSTRIES[bestFocus(i.focus, (f) => ADJACENCY[f * INDUSTRY_COUNT + sf.industry]!)]!;
          return phrased((v) => `Sector: ${industry} is close to ${v.iPos} focus on ${best} (partial)`);
        }
        return phrased((v) => `Sector: ${industry} is outside ${v.iPos} focus (${industryNames(inv.industries)})`);
      }
      if (value === null) return i.focus.length === 0 ? phrased((v) => `Unknown: ${v.iPos} industry focus is not given`) : phrased((v) => `Unknown: ${v.sPos} industry is not given`);
      const wanted = s.usesDefaultIndustries ? industry : industryNames(sf.preferences.industries);
      const best = INDUSTRIES[bestFocus(i.focus, (f) => s.wantedSectorRow?.[f] ?? 0)]!;
      if (value >= 1) return s.usesDefaultIndustries ? phrased((v) => `Expertise: ${v.i} specialise in ${industry}`) : phrased((v) => `Expertise: ${v.i} focus on ${best}, which ${v.s} look for`);
      if (value > 0) return phrased((v) => `Expertise: ${v.iPos} focus on ${best} is close to ${wanted} (partial)`);
      return phrased((v) => `Expertise: ${v.iPos} focus (${industryNames(inv.industries)}) misses ${wanted}`);
    }
    case 'stage': {
      if (value === null) {
        if (i.stageMask === 0) return phrased((v) => `Unknown: ${v.iPos} stage preferences are not given`);
        return phrased((v) => `Unknown: ${v.sPos} stage is not given`);
      }
      const range = formatStages(inv.stages);
      if (side === 'investor') return phrased((v) => `Stage: ${v.s} raise ${STAGES[sf.stage]}; ${v.i} invest ${range}${stageSuffix(value)}`);
      if (s.usesDefaultStages) return phrased((v) => `Stage fit: ${v.i} invest ${range}, ${v.sPos} round is ${STAGES[sf.stage]}${stageSuffix(value)}`);
      return phrased((v) => `Stage fit: ${v.s} want ${formatStages(sf.preferences.stages)} investors; ${v.i} invest ${range}${stageSuffix(value)}`);
    }
    case 'check': {
      if (value === null) {
        if (i.checkMask === 0) return phrased((v) => `Unknown: ${v.iPos} check sizes are not given`);
        return phrased((v) => `Unknown: ${v.sPos} funding goal is not given`);
      }
      const range = formatChecks(inv.checkBuckets);
      if (side === 'investor') return phrased((v) => `Check: ${v.i} write ${range}, ${v.sPos} raise is ${formatChecks([sf.fundingBucket])}${checkSuffix(value)}`);
      if (s.usesDefaultChecks) return phrased((v) => `Check size: ${v.i} write ${range} for ${v.sPos} ${formatChecks([sf.fundingBucket])} raise${checkSuffix(value)}`);
      return phrased((v) => `Check size: ${v.s} want ${formatChecks(sf.preferences.checkBuckets)}; ${v.i} write ${range}${checkSuffix(value)}`);
    }
    case 'geo':
      return geoReason(side, value, s, i);
    case 'text': {
      if (value === null) return phrased(() => 'Unknown: no description to compare');
      const shared = topSharedTerms(index, s.vector, i.vector, 3).filter(Boolean);
      if (value >= 0.5 && shared.length > 0) return phrased(() => `Shared themes: ${shared.join(', ')}`);
      // A weak overlap is often the card's biggest shortfall: it must read as one, not as praise.
      if (value > 0 && shared.length > 0) return phrased(() => `Themes: little in common beyond ${shared.join(', ')}`);
      return phrased((v) => `Themes: little overlap between ${v.sPos} description and ${v.iPos} thesis`);
    }
    case 'bizModel': {
      if (value === null) {
        if (i.tagCount === 0) return phrased((v) => `Unknown: ${v.iPos} thesis names no business model`);
        return phrased((v) => `Unknown: ${v.sPos} business model is not described`);
      }
      const matched = tagNames(i.tags & s.tags);
      if (matched.length > 0) return phrased((v) => `Business model: ${v.sPos} ${matched.join(', ')} ${matched.length === 1 ? 'fits' : 'fit'} ${v.iPos} thesis${value < 1 ? ` (${matched.length} of ${i.tagCount})` : ''}`);
      return phrased((v) => `Business model: ${v.iPos} thesis looks for ${tagNames(i.tags).join(', ')}; not seen in ${v.sPos} profile`);
    }
    case 'experience':
      if (value === null) return phrased((v) => `Unknown: ${v.iPos} portfolio size is not given`);
      return phrased(() => `Experience: ${inv.portfolioSize} portfolio ${inv.portfolioSize === 1 ? 'company' : 'companies'}`);
  }
}

function geoReason(side: Side, value: number | null, s: PreparedStartup, i: PreparedInvestor): Phrased {
  const sf = s.features;
  const inv = i.features;
  const startupPlace = sf.location;
  const investorPlace = inv.location;
  if (value === null) {
    if (side === 'startup' && !s.usesDefaultArea) return phrased((v) => (inv.locationText ? `Unknown: ${v.iPos} location is not recognised` : `Unknown: ${v.iPos} location is not given`));
    if (!investorPlace) return phrased((v) => (inv.locationText ? `Unknown: ${v.iPos} location is not recognised` : `Unknown: ${v.iPos} location is not given`));
    return phrased((v) => (sf.locationText ? `Unknown: ${v.sPos} location is not recognised` : `Unknown: ${v.sPos} location is not given`));
  }
  if (i.isGlobal && value <= GLOBAL_FLOOR) return phrased((v) => `Location: ${v.i} invest globally`);
  if (side === 'startup' && !s.usesDefaultArea) {
    const area = sf.preferences.area!;
    if (area.level === 'anywhere') return phrased((v) => `Location: ${v.s} welcome investors anywhere`);
    const where = investorPlace?.label ?? inv.locationText ?? '';
    return value >= 1
      ? phrased((v) => `Location: ${v.i} are in ${where}, inside ${v.sPos} preferred ${area.label}`)
      : phrased((v) => `Location: ${v.i} are in ${where}, outside ${v.sPos} preferred ${area.label}`);
  }
  // Unreachable in practice (a known value needs both places or a global thesis); kept total.
  if (!startupPlace || !investorPlace) return phrased(() => `Location: ${value >= 0.6 ? 'close by' : 'far apart'}`);
  if (value >= 1) return phrased(() => `Location: both in ${startupPlace.city}`);
  if (value >= 0.8) return phrased(() => `Location: both in ${startupPlace.region}`);
  if (value >= 0.6) return phrased(() => `Location: both in ${startupPlace.country}`);
  if (value >= 0.4) return phrased(() => `Location: both in ${startupPlace.continent}`);
  return phrased((v) => `Location: ${v.s} are in ${startupPlace.label}, ${v.i} are in ${investorPlace.label}`);
}

function gateReason(s: PreparedStartup, i: PreparedInvestor): Phrased | null {
  const excluded = i.exclusionTags & s.tags;
  if (excluded !== 0) return phrased((v) => `Excluded: ${v.iPos} thesis rules out ${tagNames(excluded).join(', ')}`);
  const distance = stageDistance(i.stageMask, s.stageMask);
  if (distance >= 3) return phrased((v) => `Excluded: ${v.s} raise ${STAGES[s.features.stage]}; ${v.i} invest ${formatStages(i.features.stages)} (3+ stages apart)`);
  return null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** A shortfall under this many points of a side's fit is not worth a line on the card. */
const MIN_SHORTFALL_POINTS = 2;

/**
 * Scores one pair with its full explanation (guide §4). Use PairScorer to rank many pairs and
 * call this only for the ones shown; both read the same component function.
 */
export function scorePair(s: PreparedStartup, i: PreparedInvestor, context: ScoringContext): MatchExplanation {
  const values = new Float64Array(2 * COMPONENT_COUNT);
  const gated = computeComponents(s, i, cosine(s.vector, i.vector), context.index, values);
  const sides: Array<[Side, number, Float64Array]> = [
    ['investor', 0, i.personal?.weights ?? context.investorWeights],
    ['startup', COMPONENT_COUNT, s.personal?.weights ?? context.startupWeights],
  ];
  const components: ComponentExplanation[] = [];
  const fits: number[] = [];
  for (const [side, offset, weights] of sides) {
    let total = 0;
    for (let k = 0; k < COMPONENT_COUNT; k++) total += Math.max(0, weights[k]!);
    fits.push(gated ? 0 : sideFit(values, offset, weights));
    COMPONENT_KEYS.forEach((key, k) => {
      const weight = weights[k]!;
      if (weight <= 0 || total <= 0) return;
      const raw = values[offset + k]!;
      const value = raw === raw ? raw : null;
      components.push({
        key,
        side,
        value: value === null ? null : round(value, 3),
        weight: round(weight / total, 4),
        contribution: round((100 * weight * (value ?? 0.5)) / total, 1),
        reason: componentReason(key, side, value, s, i, context.index),
      });
    });
  }
  const [investorFit = 0, startupFit = 0] = fits;
  const score = Math.round(100 * fuse(investorFit, startupFit, context.fusion));

  // Top reasons: the strongest known components, one per key, that actually help (value ≥ .5).
  const bestByKey = new Map<ComponentKey, ComponentExplanation>();
  for (const component of components) {
    if (component.value === null || component.value < 0.5) continue;
    const current = bestByKey.get(component.key);
    if (!current || component.contribution > current.contribution) bestByKey.set(component.key, component);
  }
  const top = [...bestByKey.values()].sort((a, b) => b.contribution - a.contribution).slice(0, 3);
  // Biggest shortfall: the weak (value < .5) known component that cost the most points,
  // 100·w·(1 − c)/Σw. Weak only, so it reads as a shortfall; and never a line already shown as a
  // top reason (learning can make one side's view of a factor weak while the other's is strong,
  // and both sides phrase the factor alike).
  const shownReasons = new Set(top.map((c) => c.reason.startup));
  let shortfall: ComponentExplanation | null = null;
  let shortfallPoints = MIN_SHORTFALL_POINTS;
  for (const component of components) {
    if (component.value === null || component.value >= 0.5 || shownReasons.has(component.reason.startup)) continue;
    const lost = 100 * component.weight * (1 - component.value);
    if (lost > shortfallPoints) [shortfall, shortfallPoints] = [component, lost];
  }
  const unknownReasons = new Map<string, Phrased>();
  for (const component of components) if (component.value === null) unknownReasons.set(component.reason.startup, component.reason);

  return {
    score,
    investorFit: round(investorFit, 3),
    startupFit: round(startupFit, 3),
    components,
    topReasons: { startup: top.map((c) => c.reason.startup), investor: top.map((c) => c.reason.investor) },
    biggestShortfall: { startup: shortfall?.reason.startup ?? null, investor: shortfall?.reason.investor ?? null },
    unknowns: { startup: [...unknownReasons.values()].map((r) => r.startup), investor: [...unknownReasons.values()].map((r) => r.investor) },
    gated,
    gateReason: gated ? gateReason(s, i) : null,
  };
}

/** One viewer's breakdown, in the shape of the `MatchBreakdown` contract stored with a match. */
export function toMatchBreakdown(explanation: MatchExplanation, viewer: Side): MatchBreakdown {
  return {
    investorFit: explanation.investorFit,
    startupFit: explanation.startupFit,
    components: explanation.components.map((c) => ({ key: c.key, side: c.side, value: c.value, weight: c.weight, contribution: c.contribution, reason: c.reason[viewer] })),
    topReasons: explanation.topReasons[viewer],
    biggestShortfall: explanation.biggestShortfall[viewer],
    unknowns: explanation.unknowns[viewer],
    gated: explanation.gated,
    gateReason: explanation.gateReason?.[viewer] ?? null,
  };
}
