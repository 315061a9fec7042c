// Candidate blocking and batch ranking (docs/matching.md §8). Scoring every pair is wasteful when
// most pairs are gated or hopeless, so each side is indexed by (industry, stage):
// - an investor's candidates are startups in its focus industries plus neighbours with A ≥ .5,
//   at its preferred stages ±1;
// - a startup's candidates are the investors whose expanded keys contain the startup's key;
// - a term index over the investors' thesis terms (and the startups' description terms) adds
//   text-based recall: profiles that talk about the same rare things meet even across sectors.
// Profiles with an unknown industry or stage are never blocked out (they match every key).
import { INDUSTRY_COUNT, industryNeighbours } from './industry-adjacency';
import type { InvestorFeatures, StartupFeatures } from './normalize';
import type { PairScorer } from './pair-scorer';
import type { PreparedInvestor, PreparedStartup } from './prepared-profiles';

const STAGE_COUNT = 7;
const KEY_COUNT = INDUSTRY_COUNT * STAGE_COUNT;
/** Adjacency at or above this widens an investor's industries (docs/matching.md §8). */
export const NEIGHBOUR_THRESHOLD = 0.5;

/**
 * Sort order for startups before their vectors are built and they are prepared: by (industry,
 * stage) key, so each key's startups sit together in memory and a blocked candidate list is a
 * few contiguous runs. Blocked scoring is then ~4× faster than brute force at ~18% of the
 * pairs; in allocation order it was slower than brute force (every pair a cache miss).
 */
export function byStartupBlockingKey(a: StartupFeatures, b: StartupFeatures): number {
  return a.industry * STAGE_COUNT + a.stage - (b.industry * STAGE_COUNT + b.stage) || a.id - b.id;
}

/** The investors' counterpart of byStartupBlockingKey: by first focus industry, then first stage. */
export function byInvestorBlockingKey(a: InvestorFeatures, b: InvestorFeatures): number {
  const key = (f: InvestorFeatures) => (f.industries[0] ?? -1) * STAGE_COUNT + (f.stages[0] ?? -1);
  return key(a) - key(b) || a.id - b.id;
}

export interface CandidateIndexOptions {
  /** Highest-weight terms of a profile used for text recall. */
  recallTerms?: number;
  /** Terms in more than this share of the other side's profiles are too common to add recall. */
  maxPostingShare?: number;
}

/** The investor's blocking keys: (focus ∪ neighbours) × (preferred stages ± 1); null = every key. */
function investorKeys(investor: PreparedInvestor): number[] | null {
  const industries = investor.focus.length === 0 ? null : [...new Set([...investor.focus].flatMap((f) => industryNeighbours(f, NEIGHBOUR_THRESHOLD)))];
  let stageMask = investor.stageMask === 0 ? 0x7f : investor.stageMask;
  stageMask = (stageMask | (stageMask << 1) | (stageMask >> 1)) & 0x7f;
  if (!industries && stageMask === 0x7f) return null;
  const keys: number[] = [];
  for (const industry of industries ?? Array.from({ length: INDUSTRY_COUNT }, (_, k) => k)) {
    for (let stage = 0; stage < STAGE_COUNT; stage++) if (stageMask & (1 << stage)) keys.push(industry * STAGE_COUNT + stage);
  }
  return keys;
}

/** The startup's keys: one, or all keys matching its known dimension when the other is unknown. */
function startupKeys(startup: PreparedStartup): number[] {
  const stage = startup.features.stage;
  const industries = startup.industry >= 0 ? [startup.industry] : Array.from({ length: INDUSTRY_COUNT }, (_, k) => k);
  const stages = stage >= 0 ? [stage] : Array.from({ length: STAGE_COUNT }, (_, k) => k);
  return industries.flatMap((industry) => stages.map((s) => industry * STAGE_COUNT + s));
}

function topTerms(terms: Int32Array, weights: Float32Array, count: number): number[] {
  const order = Array.from(terms.keys()).sort((a, b) => weights[b]! - weights[a]!);
  return order.slice(0, count).map((position) => terms[position]!);
}

function postings(vectors: ReadonlyArray<{ vector: { terms: Int32Array } }>, maxLength: number): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  vectors.forEach(({ vector }, position) => {
    for (const term of vector.terms) {
      const list = lists.get(term) ?? [];
      list.push(position);
      lists.set(term, list);
    }
  });
  const result = new Map<number, Int32Array>();
  for (const [term, list] of lists) if (list.length <= maxLength) result.set(term, Int32Array.from(list));
  return result;
}

/**
 * The blocking index over one population of prepared profiles. Positions are indices into the
 * arrays it was built from. Rebuild it when profiles change (it is cheap: linear in the profiles).
 */
export class CandidateIndex {
  private readonly startupsByKey: Int32Array[];
  private readonly investorsByKey: Int32Array[];
  private readonly startupsByTerm: Map<number, Int32Array>;
  private readonly investorsByTerm: Map<number, Int32Array>;
  private readonly startupMarks: Uint8Array;
  private readonly investorMarks: Uint8Array;
  private readonly startupScratch: Int32Array;
  private readonly investorScratch: Int32Array;
  private readonly recallTerms: number;

  constructor(
    readonly startups: readonly PreparedStartup[],
    readonly investors: readonly PreparedInvestor[],
    options: CandidateIndexOptions = {},
  ) {
    this.recallTerms = options.recallTerms ?? 4;
    const share = options.maxPostingShare ?? 0.02;
    const startupLists: number[][] = Array.from({ length: KEY_COUNT }, () => []);
    startups.forEach((startup, position) => {
      for (const key of startupKeys(startup)) startupLists[key]!.push(position);
    });
    const investorLists: number[][] = Array.from({ length: KEY_COUNT }, () => []);
    investors.forEach((investor, position) => {
      const keys = investorKeys(investor) ?? Array.from({ length: KEY_COUNT }, (_, k) => k);
      for (const key of keys) investorLists[key]!.push(position);
    });
    this.startupsByKey = startupLists.map((list) => Int32Array.from(list));
    this.investorsByKey = investorLists.map((list) => Int32Array.from(list));
    this.startupsByTerm = postings(startups, Math.max(20, Math.floor(share * startups.length)));
    this.investorsByTerm = postings(investors, Math.max(20, Math.floor(share * investors.length)));
    this.startupMarks = new Uint8Array(startups.length);
    this.investorMarks = new Uint8Array(investors.length);
    this.startupScratch = new Int32Array(startups.length);
    this.investorScratch = new Int32Array(investors.length);
  }

  /**
   * Positions (into `startups`) worth scoring for an investor. The returned array is a view of a
   * scratch buffer, valid until the next call on this index.
   */
  startupsFor(investor: PreparedInvestor): Int32Array {
    const keys = investorKeys(investor);
    if (keys === null) return Int32Array.from(this.startups.keys());
    const lists = keys.map((key) => this.startupsByKey[key]!);
    for (const term of topTerms(investor.vector.terms, investor.vector.weights, this.recallTerms)) {
      const list = this.startupsByTerm.get(term);
      if (list) lists.push(list);
    }
    return this.union(lists, this.startupMarks, this.startupScratch);
  }

  /** Positions (into `investors`) worth scoring for a startup; a scratch view, as startupsFor. */
  investorsFor(startup: PreparedStartup): Int32Array {
    const lists = startupKeys(startup).map((key) => this.investorsByKey[key]!);
    for (const term of topTerms(startup.vector.terms, startup.vector.weights, this.recallTerms)) {
      const list = this.investorsByTerm.get(term);
      if (list) lists.push(list);
    }
    return this.union(lists, this.investorMarks, this.investorScratch);
  }

  private union(lists: Int32Array[], marks: Uint8Array, scratch: Int32Array): Int32Array {
    let count = 0;
    for (const list of lists) {
      for (let k = 0; k < list.length; k++) {
        const position = list[k]!;
        if (marks[position] === 0) {
          marks[position] = 1;
          scratch[count++] = position;
        }
      }
    }
    for (let k = 0; k < count; k++) marks[scratch[k]!] = 0;
    // Ascending positions: scoring then walks the profiles in memory order (about 3× faster
    // than the union's order on large populations).
    return scratch.subarray(0, count).sort();
  }
}

export interface RankOptions {
  /** How many to return. */
  limit?: number;
  /** Scores below this (0–100, unrounded) are dropped. */
  floor?: number;
  /**
   * The value to rank by, given a counterpart's position and its score; defaults to the score.
   * Use it for congestion-aware ranking (learning.ts); the floor still applies to the score.
   */
  rankValue?: (position: number, score: number) => number;
}

export interface RankedCandidate {
  /** Index into the counterpart array. */
  position: number;
  /** Unrounded 0–100 score. */
  score: number;
  /** What the list is ordered by (the score unless rankValue is given). */
  rankValue: number;
}

export type RankingSubject = { kind: 'startup'; startup: PreparedStartup } | { kind: 'investor'; investor: PreparedInvestor };

/**
 * Scores a subject against candidate counterparts (all of them when `positions` is null) on the
 * fast path and returns the top `limit` at or above the floor, best first. Ties break by position
 * so the result is deterministic. Build explanations (scorePair) only for what this returns.
 */
export function rankCandidates(
  scorer: PairScorer,
  subject: RankingSubject,
  counterparts: readonly PreparedInvestor[] | readonly PreparedStartup[],
  positions: ArrayLike<number> | null,
  options: RankOptions = {},
): RankedCandidate[] {
  const limit = options.limit ?? 20;
  const floor = options.floor ?? 0;
  const count = positions ? positions.length : counterparts.length;
  const scores = new Float64Array(count);
  if (subject.kind === 'startup') scorer.scoreInvestorsFor(subject.startup, counterparts as readonly PreparedInvestor[], scores, positions ?? undefined, count);
  else scorer.scoreStartupsFor(subject.investor, counterparts as readonly PreparedStartup[], scores, positions ?? undefined, count);

  // A bounded min-heap of the best `limit` by rank value: O(n log limit), no full sort.
  const heap: RankedCandidate[] = [];
  const worse = (a: RankedCandidate, b: RankedCandidate) => a.rankValue < b.rankValue || (a.rankValue === b.rankValue && a.position > b.position);
  for (let n = 0; n < count; n++) {
    const score = scores[n]!;
    if (score < floor || score <= 0) continue;
    const position = positions ? positions[n]! : n;
    const candidate = { position, score, rankValue: options.rankValue ? options.rankValue(position, score) : score };
    if (heap.length < limit) {
      heap.push(candidate);
      siftUp(heap, heap.length - 1, worse);
    } else if (limit > 0 && worse(heap[0]!, candidate)) {
      heap[0] = candidate;
      siftDown(heap, 0, worse);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}

function siftUp<T>(heap: T[], at: number, worse: (a: T, b: T) => boolean): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!worse(heap[at]!, heap[parent]!)) break;
    [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
    at = parent;
  }
}

function siftDown<T>(heap: T[], at: number, worse: (a: T, b: T) => boolean): void {
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let smallest = at;
    if (left < heap.length && worse(heap[left]!, heap[smallest]!)) smallest = left;
    if (right < heap.length && worse(heap[right]!, heap[smallest]!)) smallest = right;
    if (smallest === at) return;
    [heap[at], heap[smallest]] = [heap[smallest]!, heap[at]!];
    at = smallest;
  }
}
