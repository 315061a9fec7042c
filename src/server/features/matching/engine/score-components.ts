// The seven score components (docs/matching.md §2), each in [0, 1] or NaN for unknown, with their
// keys and the prior weights of docs/matching.md §3. computeComponents is the one component function both
// scoring paths call, so they cannot disagree: PairScorer (pair-scorer.ts) ranks with it, scorePair
// (match-explanation.ts) explains with it.
import type { PlaceIds, PreparedInvestor, PreparedStartup } from './prepared-profiles';
import type { RevealedProfile } from './revealed-preferences';
import { popcount } from './tag-lexicon';
import { textComponent, type TextIndex } from './text-index';

export const COMPONENT_KEYS = ['sector', 'stage', 'check', 'geo', 'text', 'bizModel', 'experience'] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];
export const COMPONENT_COUNT = COMPONENT_KEYS.length;
export type Side = 'investor' | 'startup';
export type SideWeights = Partial<Record<ComponentKey, number>>;

const SECTOR = 0;
const STAGE = 1;
const CHECK = 2;
const GEO = 3;
const TEXT = 4;
const BIZ_MODEL = 5;
const EXPERIENCE = 6;

/** The prior weights of docs/matching.md §3. A component absent from a side's table does not apply to that side. */
export const INVESTOR_SIDE_WEIGHTS: Readonly<SideWeights> = { sector: 0.25, stage: 0.2, check: 0.15, text: 0.2, bizModel: 0.15, geo: 0.05 };
export const STARTUP_SIDE_WEIGHTS: Readonly<SideWeights> = { sector: 0.2, stage: 0.2, check: 0.25, text: 0.1, geo: 0.1, experience: 0.15 };

/** Weights as the 7-slot array the hot path reads (COMPONENT_KEYS order, 0 = not applicable). */
export function weightVector(weights: SideWeights): Float64Array {
  return Float64Array.from(COMPONENT_KEYS, (key) => Math.max(0, weights[key] ?? 0));
}

// φ(d) for the stage distance and ψ(b − s) for check buckets (docs/matching.md §2).
export function stagePhi(distance: number): number {
  return distance <= 0 ? 1 : distance === 1 ? 0.5 : distance === 2 ? 0.15 : 0;
}
export function checkPsi(delta: number): number {
  switch (delta) {
    case 0:
      return 1;
    case -1:
      return 0.7;
    case 1:
      return 0.4;
    case -2:
      return 0.3;
    default:
      return 0;
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

function proximity(aCity: number, aRegion: number, aCountry: number, aContinent: number, b: PlaceIds): number {
  if (aCity >= 0 && aCity === b.cityId) return 1;
  if (aRegion >= 0 && aRegion === b.regionId) return 0.8;
  if (aCountry >= 0 && aCountry === b.countryId) return 0.6;
  if (aContinent >= 0 && b.continentId >= 0) return aContinent === b.continentId ? 0.4 : 0.2;
  return Number.NaN;
}

/**
 * Is the investor inside the startup's preferred area (at the area's own level)? The levels are
 * prepared-profiles.ts LEVEL_CODE: city 0, region 1, country 2, bloc 3, continent 4, anywhere 5.
 */
function insideArea(s: PreparedStartup, i: PreparedInvestor): boolean {
  switch (s.areaLevel) {
    case 0:
      return s.areaCityId >= 0 && s.areaCityId === i.cityId;
    case 1:
      return s.areaRegionId >= 0 && s.areaRegionId === i.regionId;
    case 2:
      return s.areaCountryId >= 0 && s.areaCountryId === i.countryId;
    case 3:
      return i.countryId >= 0 && s.areaBlocCountryIds.includes(i.countryId);
    case 4:
      return s.areaContinentId >= 0 && s.areaContinentId === i.continentId;
    default:
      return s.areaLevel === 5;
  }
}

/** Stages this far apart close the pair's gate (docs/matching.md §3); reason-wording and the generation result say so. */
export const STAGE_GATE_DISTANCE = 3;

/** A global thesis floors geo at this value; reason-wording.ts words geo at or under it as "invest globally". */
export const GLOBAL_FLOOR = 0.7;

/**
 * What the explained path wants to know about the revealed-preference blend, per slot (the 14 of
 * computeComponents): the stated value before the blend, the revealed value and its blend weight
 * (NaN and 0 where the track record did not apply).
 */
export interface RevealedTrace {
  stated: Float64Array;
  revealed: Float64Array;
  weight: Float64Array;
}

export function createRevealedTrace(): RevealedTrace {
  return { stated: new Float64Array(2 * COMPONENT_COUNT), revealed: new Float64Array(2 * COMPONENT_COUNT), weight: new Float64Array(2 * COMPONENT_COUNT) };
}

/**
 * Writes the 14 component values (investor side 0–6, startup side 7–13, COMPONENT_KEYS order;
 * NaN = unknown or not applicable) and returns whether a gate closes the pair. `cosineValue` is
 * passed in so batch callers can use a dense dot product. `trace`, for explanations only, receives
 * the revealed-preference blend's parts.
 */
export function computeComponents(
  s: PreparedStartup,
  i: PreparedInvestor,
  cosineValue: number,
  index: TextIndex,
  out: Float64Array,
  trace?: RevealedTrace,
): boolean {
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

  // Revealed preferences (the track record) refine the stated components before learning does.
  if (trace) {
    trace.revealed.fill(Number.NaN);
    trace.weight.fill(0);
  }
  if (i.revealed !== null) blendRevealed(s, i.revealed, out, trace);

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

  return (i.exclusionTags & s.tags) !== 0 || distanceI >= STAGE_GATE_DISTANCE;
}

/**
 * c = (1 − w)·stated + w·revealed on each component the track record speaks to (docs/matching.md
 * §2b). Only a known stated value is refined: an unknown one stays unknown, so the breakdown's
 * "Unknown: …" lines and the shrinkage keep their meaning. The stage gate is not touched (it reads
 * the stated stages in computeComponents): a hard "no" comes only from what the investor says.
 * Investor side: the investor's revealed preference for this startup's value (the share of deals
 * like it, scaled so their favourite is 1). Startup side: the same tables at what the startup wants
 * in an investor (its wanted stages, sectors and checks, best of them, as the stated side takes
 * the best); the startup's geo is where the investor is, not where they invest, so it is not
 * blended.
 */
function blendRevealed(s: PreparedStartup, r: RevealedProfile, out: Float64Array, trace: RevealedTrace | undefined): void {
  const S = COMPONENT_COUNT;
  const f = s.features;
  if (r.sector !== null && r.sectorByStartupIndustry !== null) {
    const row = r.sectorByStartupIndustry;
    if (f.industry >= 0) blend(out, SECTOR, row[f.industry]!, r.sector.weight, trace);
    // The startup side: how much the investor backs the sectors the startup wants (its own by default).
    const wanted = f.preferences.industries.length > 0 ? f.preferences.industries : f.industry >= 0 ? [f.industry] : [];
    if (wanted.length > 0) {
      let value = 0;
      for (const industry of wanted) value = Math.max(value, row[industry]!);
      blend(out, S + SECTOR, value, r.sector.weight, trace);
    }
  }
  if (r.stage !== null && r.stageByStartupStage !== null) {
    if (f.stage >= 0) blend(out, STAGE, r.stageByStartupStage[f.stage]!, r.stage.weight, trace);
    if (s.wantedStageMask !== 0) blend(out, S + STAGE, maxOverMask(r.stageByStartupStage, s.wantedStageMask), r.stage.weight, trace);
  }
  if (r.check !== null && r.checkByStartupBucket !== null) {
    if (f.fundingBucket >= 0) blend(out, CHECK, r.checkByStartupBucket[f.fundingBucket]!, r.check.weight, trace);
    if (s.wantedCheckMask !== 0) blend(out, S + CHECK, maxOverMask(r.checkByStartupBucket, s.wantedCheckMask), r.check.weight, trace);
  }
  if (r.geo !== null && s.continentId >= 0) {
    let sum = 0;
    for (const place of r.geo.places) sum += place.weight * proximity(s.cityId, s.regionId, s.countryId, s.continentId, place);
    blend(out, GEO, sum / r.geo.effective, r.geo.weight, trace);
  }
}

function blend(out: Float64Array, slot: number, revealed: number, weight: number, trace: RevealedTrace | undefined): void {
  const stated = out[slot]!;
  if (stated !== stated) return;
  out[slot] = (1 - weight) * stated + weight * revealed;
  if (trace) {
    trace.stated[slot] = stated;
    trace.revealed[slot] = revealed;
    trace.weight[slot] = weight;
  }
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
