// Revealed preferences (issue #19; docs/matching.md §2b): an investor's track record is a second,
// behavioural profile, blended with the stated one per component (sector, stage, check, geo).
// Everything here is pure: the caller passes the deals and the date they are weighed from, so the
// same inputs always give the same profile.
//
// - Each deal counts with a recency weight r = 0.5^(age / half-life), so what an investor did
//   lately says more than what they did a decade ago.
// - A component's revealed value is the recency-weighted mean, over the deals that say something
//   about it, of that component's own similarity (φ for stage, adjacency for sector, ψ for the
//   amount's bucket, proximity for geo), so it lies in [0, 1] like the stated value.
// - The blend weight shrinks with little evidence: w = n_eff / (n_eff + k), n_eff the sum of the
//   recency weights of the deals that inform the component. One deal barely moves a score; twenty
//   recent deals decide most of it.
import { INDUSTRIES } from '../../../../shared/enums';
import { CONTINENTS, parseLocation } from './gazetteer';
import { ADJACENCY, INDUSTRY_COUNT } from './industry-adjacency';
import { fundingBucketOrdinal, industryOrdinal, stageOrdinal } from './normalize';
// Both modules import this one for its types only, so these runtime imports make no cycle.
import { placeId } from './prepared-profiles';
import { checkPsi as psi, stagePhi as phi } from './score-components';

/** One past investment as the track record holds it (the fields matching reads). */
export interface TrackRecordDeal {
  /** ISO date, YYYY-MM-DD. */
  investedOn: string;
  stage: string;
  industry: string;
  location?: string | null;
  countryCode?: string | null;
  /** Whole US dollars; the round the investor took part in. */
  amountUsd?: number | null;
}

/** k in w = n_eff / (n_eff + k): five recent deals weigh as much as the stated profile. */
export const REVEALED_SHRINKAGE_K = 5;
/** A deal this many years old counts half. */
export const REVEALED_HALF_LIFE_YEARS = 3;
/** Stated and revealed values further apart than this are shown as disagreeing. */
export const REVEALED_DISAGREEMENT = 0.3;

const STAGE_COUNT = 7;
const BUCKET_COUNT = 7;
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** A deal's place as the hot path compares it (same hashed ids as prepared profiles). */
export interface DealPlace {
  cityId: number;
  regionId: number;
  countryId: number;
  continentId: number;
  /** Recency weight of the deals in this place, summed. */
  weight: number;
  /** Deal count in this place (for the wording). */
  count: number;
  country: string | null;
  continent: string | null;
}

/** One component's evidence: recency-weighted shares per value and the blend weight. */
export interface RevealedDistribution {
  /** Recency-weighted share per attribute value (sums to 1). */
  share: Float32Array;
  /** Plain deal counts per attribute value, for "7 of 9 deals". */
  counts: Int32Array;
  /** Deals that informed this component. */
  deals: number;
  /** n_eff: the sum of those deals' recency weights. */
  effective: number;
  /** w = n_eff / (n_eff + k). */
  weight: number;
}

export interface RevealedProfile {
  /** Every deal read (recognised stage or industry), for the wording's "of N". */
  deals: number;
  stage: RevealedDistribution | null;
  sector: RevealedDistribution | null;
  check: RevealedDistribution | null;
  geo: { places: DealPlace[]; deals: number; effective: number; weight: number } | null;
  /** Investor-side lookups by the startup's value: Σ share·φ, Σ share·A, Σ share·ψ. */
  stageByStartupStage: Float32Array | null;
  sectorByStartupIndustry: Float32Array | null;
  checkByStartupBucket: Float32Array | null;
}

/** The recency weight of a deal on `asOf`: 0.5^(age in years / half-life); a deal dated after asOf counts as new. */
export function recencyWeight(investedOn: string, asOf: Date, halfLifeYears = REVEALED_HALF_LIFE_YEARS): number {
  const time = Date.parse(`${investedOn.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(time)) return 0;
  const ageYears = Math.max(0, (asOf.getTime() - time) / YEAR_MS);
  return 0.5 ** (ageYears / halfLifeYears);
}

function distribution(size: number, entries: ReadonlyArray<{ value: number; weight: number }>, k: number): RevealedDistribution | null {
  const share = new Float32Array(size);
  const counts = new Int32Array(size);
  let effective = 0;
  for (const { value, weight } of entries) {
    share[value]! += weight;
    counts[value]! += 1;
    effective += weight;
  }
  if (entries.length === 0 || effective <= 0) return null;
  for (let v = 0; v < size; v++) share[v]! /= effective;
  return { share, counts, deals: entries.length, effective, weight: effective / (effective + k) };
}

/** Σ_x share[x]·kernel(x, v) for every v: the investor-side lookup of one component. */
function byCounterpartValue(dist: RevealedDistribution | null, size: number, kernel: (dealValue: number, startupValue: number) => number): Float32Array | null {
  if (!dist) return null;
  const row = new Float32Array(size);
  for (let v = 0; v < size; v++) {
    let sum = 0;
    for (let x = 0; x < dist.share.length; x++) if (dist.share[x]! > 0) sum += dist.share[x]! * kernel(x, v);
    row[v] = sum;
  }
  // Scaled so the investor's favourite value is 1 (as learning's implicit preferences are): a
  // share of deals is a relative preference, and a stated range is not a share either (an
  // investor spread evenly over Seed and Series A still fully does both).
  let best = 0;
  for (let v = 0; v < size; v++) best = Math.max(best, row[v]!);
  if (best > 0) for (let v = 0; v < size; v++) row[v]! /= best;
  return row;
}

/**
 * The revealed profile of one investor from their deals, weighed on `asOf`; null when no deal
 * says anything (an empty record: the stated profile alone, exactly as without track records).
 */
export function buildRevealedProfile(
  deals: readonly TrackRecordDeal[],
  asOf: Date,
  options: { k?: number; halfLifeYears?: number } = {},
): RevealedProfile | null {
  const k = options.k ?? REVEALED_SHRINKAGE_K;
  const stages: Array<{ value: number; weight: number }> = [];
  const industries: Array<{ value: number; weight: number }> = [];
  const buckets: Array<{ value: number; weight: number }> = [];
  const places = new Map<string, DealPlace>();
  let placed = 0;
  let placedWeight = 0;
  let read = 0;
  for (const deal of deals) {
    const weight = recencyWeight(deal.investedOn, asOf, options.halfLifeYears);
    if (weight <= 0) continue;
    const stage = stageOrdinal(deal.stage);
    const industry = industryOrdinal(deal.industry);
    if (stage < 0 && industry < 0) continue;
    read++;
    if (stage >= 0) stages.push({ value: stage, weight });
    if (industry >= 0) industries.push({ value: industry, weight });
    const bucket = typeof deal.amountUsd === 'number' && deal.amountUsd > 0 ? fundingBucketOrdinal(deal.amountUsd) : -1;
    if (bucket >= 0) buckets.push({ value: bucket, weight });
    const place = parseLocation(deal.location) ?? parseLocation(deal.countryCode);
    if (place && place.level !== 'anywhere' && place.continent) {
      const key = `${place.city ?? ''}|${place.region ?? ''}|${place.country ?? ''}|${place.continent}`;
      const entry = places.get(key) ?? {
        cityId: place.city ? placeId(`${place.city}|${place.country ?? ''}`) : -1,
        regionId: placeId(place.region),
        countryId: placeId(place.country),
        continentId: CONTINENTS.indexOf(place.continent),
        weight: 0,
        count: 0,
        country: place.country,
        continent: place.continent,
      };
      entry.weight += weight;
      entry.count += 1;
      places.set(key, entry);
      placed++;
      placedWeight += weight;
    }
  }
  if (read === 0) return null;
  const stage = distribution(STAGE_COUNT, stages, k);
  const sector = distribution(INDUSTRY_COUNT, industries, k);
  const check = distribution(BUCKET_COUNT, buckets, k);
  return {
    deals: read,
    stage,
    sector,
    check,
    geo: placed > 0 ? { places: [...places.values()], deals: placed, effective: placedWeight, weight: placedWeight / (placedWeight + k) } : null,
    stageByStartupStage: byCounterpartValue(stage, STAGE_COUNT, (x, v) => phi(Math.abs(x - v))),
    sectorByStartupIndustry: byCounterpartValue(sector, INDUSTRY_COUNT, (x, v) => ADJACENCY[x * INDUSTRY_COUNT + v]!),
    // ψ(b − v): the deal's bucket b read as a check the investor writes, against the startup's bucket v.
    checkByStartupBucket: byCounterpartValue(check, BUCKET_COUNT, (x, v) => psi(x - v)),
  };
}

/** The most frequent value of a distribution (ties: the lower ordinal), with its count. */
export function modeOf(dist: RevealedDistribution): { value: number; count: number } {
  let value = 0;
  for (let v = 1; v < dist.counts.length; v++) if (dist.counts[v]! > dist.counts[value]!) value = v;
  return { value, count: dist.counts[value]! };
}

export const industryLabel = (ordinal: number): string => INDUSTRIES[ordinal] ?? '';
