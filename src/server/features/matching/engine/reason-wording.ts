// The wording of a match's reasons (docs/matching.md §4): one line per component, and the gate's,
// in both viewers' voices. Only words live here; match-explanation.ts decides which lines a card
// shows (top reasons, biggest shortfall, unknowns).
import { INDUSTRIES, STAGES } from '../../../../shared/enums';
import { ADJACENCY, INDUSTRY_COUNT } from './industry-adjacency';
import type { PreparedInvestor, PreparedStartup } from './prepared-profiles';
import { modeOf, type RevealedDistribution } from './revealed-preferences';
import { GLOBAL_FLOOR, STAGE_GATE_DISTANCE, stageDistance, type ComponentKey, type Side } from './score-components';
import { tagNames } from './tag-lexicon';
import { topSharedTerms, type TextIndex } from './text-index';

/** Text for each viewer: the startup reads "you raise …; they invest …", the investor the mirror. */
export interface Phrased {
  startup: string;
  investor: string;
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
  for (let k = 0; k < sorted.length;) {
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

export function componentReason(key: ComponentKey, side: Side, value: number | null, s: PreparedStartup, i: PreparedInvestor, index: TextIndex): Phrased {
  const sf = s.features;
  const inv = i.features;
  const industry = sf.industry >= 0 ? INDUSTRIES[sf.industry]! : '';
  switch (key) {
    case 'sector': {
      if (side === 'investor') {
        if (value === null)
          return sf.industry < 0
            ? phrased((v) => `Unknown: ${v.sPos} industry is not given`)
            : phrased((v) => `Unknown: ${v.iPos} industry focus is not given`);
        if (value >= 1) return phrased((v) => `Sector: ${industry} is in ${v.iPos} focus`);
        if (value > 0) {
          const best = INDUSTRIES[bestFocus(i.focus, (f) => ADJACENCY[f * INDUSTRY_COUNT + sf.industry]!)]!;
          return phrased((v) => `Sector: ${industry} is close to ${v.iPos} focus on ${best} (partial)`);
        }
        return phrased((v) => `Sector: ${industry} is outside ${v.iPos} focus (${industryNames(inv.industries)})`);
      }
      if (value === null)
        return i.focus.length === 0
          ? phrased((v) => `Unknown: ${v.iPos} industry focus is not given`)
          : phrased((v) => `Unknown: ${v.sPos} industry is not given`);
      const wanted = s.usesDefaultIndustries ? industry : industryNames(sf.preferences.industries);
      const best = INDUSTRIES[bestFocus(i.focus, (f) => s.wantedSectorRow?.[f] ?? 0)]!;
      if (value >= 1)
        return s.usesDefaultIndustries
          ? phrased((v) => `Expertise: ${v.i} specialise in ${industry}`)
          : phrased((v) => `Expertise: ${v.i} focus on ${best}, which ${v.s} look for`);
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
      if (side === 'investor')
        return phrased((v) => `Check: ${v.i} write ${range}, ${v.sPos} raise is ${formatChecks([sf.fundingBucket])}${checkSuffix(value)}`);
      if (s.usesDefaultChecks)
        return phrased((v) => `Check size: ${v.i} write ${range} for ${v.sPos} ${formatChecks([sf.fundingBucket])} raise${checkSuffix(value)}`);
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
      if (matched.length > 0)
        return phrased(
          (v) =>
            `Business model: ${v.sPos} ${matched.join(', ')} ${matched.length === 1 ? 'fits' : 'fit'} ${v.iPos} thesis${value < 1 ? ` (${matched.length} of ${i.tagCount})` : ''}`,
        );
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
    if (side === 'startup' && !s.usesDefaultArea)
      return phrased((v) => (inv.locationText ? `Unknown: ${v.iPos} location is not recognised` : `Unknown: ${v.iPos} location is not given`));
    if (!investorPlace)
      return phrased((v) => (inv.locationText ? `Unknown: ${v.iPos} location is not recognised` : `Unknown: ${v.iPos} location is not given`));
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

/** "7 of 9", "all 9", "none of 9". */
function ofDeals(count: number, total: number, possessive: string): string {
  if (count === 0) return `none of ${possessive} ${total} past deals`;
  if (count === total)
    return `${total === 1 ? '' : total === 2 ? 'both of ' : `all ${total} of `}${possessive} ${total === 1 ? 'one past deal' : 'past deals'}`;
  return `${count} of ${possessive} ${total} past deals`;
}

/** Deals whose value is in `wanted`, and ", mostly X (m of n)" when most deals are elsewhere. */
function dealsIn(dist: RevealedDistribution, wanted: readonly number[], label: (value: number) => string, possessive: string, what: string): string {
  let count = 0;
  for (const value of wanted) count += dist.counts[value] ?? 0;
  const mode = modeOf(dist);
  const head = `${ofDeals(count, dist.deals, possessive)} ${what}`;
  return 2 * count < dist.deals && !wanted.includes(mode.value) ? `${head}; mostly ${label(mode.value)} (${mode.count} of ${dist.deals})` : head;
}

/**
 * The track record's line for a component the revealed preferences refined (docs/matching.md
 * §2b): counts of real deals, never a percentage, so it reads as evidence ("Track record: 7 of
 * their 9 past deals at Seed"). The investor side counts deals like this startup; the startup side
 * counts deals like what the startup wants in an investor.
 */
export function revealedReason(key: ComponentKey, side: Side, s: PreparedStartup, i: PreparedInvestor): Phrased {
  const r = i.revealed;
  const sf = s.features;
  const prefs = sf.preferences;
  const own = (value: number) => (value >= 0 ? [value] : []);
  switch (key) {
    case 'stage': {
      if (!r?.stage) break;
      const wanted = side === 'investor' || s.usesDefaultStages ? own(sf.stage) : prefs.stages;
      return phrased((v) => `Track record: ${dealsIn(r.stage!, wanted, (x) => STAGES[x]!, v.iPos, `at ${formatStages(wanted)}`)}`);
    }
    case 'sector': {
      if (!r?.sector) break;
      const wanted = side === 'investor' || s.usesDefaultIndustries ? own(sf.industry) : prefs.industries;
      return phrased((v) => `Track record: ${dealsIn(r.sector!, wanted, (x) => INDUSTRIES[x]!, v.iPos, `in ${industryNames(wanted)}`)}`);
    }
    case 'check': {
      if (!r?.check) break;
      const wanted = side === 'investor' || s.usesDefaultChecks ? own(sf.fundingBucket) : prefs.checkBuckets;
      return phrased((v) => `Track record: ${dealsIn(r.check!, wanted, (x) => formatChecks([x]), v.iPos, `of ${formatChecks(wanted)}`)}`);
    }
    case 'geo': {
      if (!r?.geo || !sf.location) break;
      const where = sf.location.country ?? sf.location.continent;
      const count = r.geo.places.reduce(
        (sum, place) => sum + ((sf.location!.country ? place.country === where : place.continent === where) ? place.count : 0),
        0,
      );
      return phrased((v) => `Track record: ${ofDeals(count, r.geo!.deals, v.iPos)} in ${where}`);
    }
    default:
      break;
  }
  return phrased(() => 'Track record: no deals to compare');
}

export function gateReason(s: PreparedStartup, i: PreparedInvestor): Phrased | null {
  const excluded = i.exclusionTags & s.tags;
  if (excluded !== 0) return phrased((v) => `Excluded: ${v.iPos} thesis rules out ${tagNames(excluded).join(', ')}`);
  const distance = stageDistance(i.stageMask, s.stageMask);
  if (distance >= STAGE_GATE_DISTANCE)
    return phrased((v) => `Excluded: ${v.s} raise ${STAGES[s.features.stage]}; ${v.i} invest ${formatStages(i.features.stages)} (3+ stages apart)`);
  return null;
}
