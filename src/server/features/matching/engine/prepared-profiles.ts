// Profiles prepared for scoring: everything the hot path needs about one profile, computed once
// per engine build, so scoring a pair is lookups and small integer comparisons. Stage and check
// preferences become 7-bit masks, places hashed ids, sector preferences a row of the adjacency
// matrix; per-user learning (learning.ts) plugs in as PersonalAdjustments.
import { CONTINENTS, type Place } from './gazetteer';
import { ADJACENCY, INDUSTRY_COUNT } from './industry-adjacency';
import type { InvestorFeatures, StartupFeatures } from './normalize';
import type { RevealedProfile } from './revealed-preferences';
import { popcount } from './tag-lexicon';
import { EMPTY_VECTOR, type SparseVector } from './text-index';

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
export function placeId(text: string | null | undefined): number {
  if (!text) return -1;
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash & 0x7fffffff;
}

export interface PlaceIds {
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
  /** The track record as revealed preferences (revealed-preferences.ts); null = stated profile only. */
  revealed: RevealedProfile | null;
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

/** The experience component (docs/matching.md §2) depends on the investor alone, so it is computed once here, not per pair. */
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
    revealed: null,
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
  return packSectorRows(
    prepared,
    (s) => s.wantedSectorRow,
    (s, row) => (s.wantedSectorRow = row),
  );
}

/** prepareInvestor for a whole population, with its rows packed for cache-friendly batch scoring. */
export function prepareInvestors(features: readonly InvestorFeatures[], vectors: readonly SparseVector[]): PreparedInvestor[] {
  const prepared = features.map((f, n) => prepareInvestor(f, vectors[n]));
  return packSectorRows(
    prepared,
    (i) => i.sectorRow,
    (i, row) => (i.sectorRow = row),
  );
}
