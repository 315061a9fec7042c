// From component values to a score (docs/matching.md §3): one-sided fits shrunk toward 0.5 by how
// much is known, and their harmonic (or geometric) fusion; then PairScorer, the fast path that
// ranks many pairs with them, numbers only and allocation-free. Explanations for the pairs shown
// are built by scorePair (match-explanation.ts) from the same functions.
import type { PreparedInvestor, PreparedStartup } from './prepared-profiles';
import { COMPONENT_KEYS, computeComponents, INVESTOR_SIDE_WEIGHTS, STARTUP_SIDE_WEIGHTS, weightVector, type SideWeights } from './score-components';
import { cosine, denseDot, scatter, unscatter, type TextIndex } from './text-index';

// The per-pair loops read this module-local count, not an imported COMPONENT_COUNT: tsx (bench,
// eval, tests) compiles an imported binding to a getter call, which halved the fast path's speed.
const COMPONENT_COUNT = COMPONENT_KEYS.length;

export type Fusion = 'harmonic' | 'geometric';

export interface ScoringContext {
  index: TextIndex;
  fusion: Fusion;
  investorWeights: Float64Array;
  startupWeights: Float64Array;
}

export function createScoringContext(
  index: TextIndex,
  options: { fusion?: Fusion; investorWeights?: SideWeights; startupWeights?: SideWeights } = {},
): ScoringContext {
  return {
    index,
    fusion: options.fusion ?? 'harmonic',
    investorWeights: weightVector(options.investorWeights ?? INVESTOR_SIDE_WEIGHTS),
    startupWeights: weightVector(options.startupWeights ?? STARTUP_SIDE_WEIGHTS),
  };
}

// Pure fusion (docs/matching.md §3), exported for the property tests.

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
  scoreInvestorsFor(
    s: PreparedStartup,
    investors: readonly PreparedInvestor[],
    out: Float64Array,
    positions?: ArrayLike<number>,
    count = positions ? positions.length : investors.length,
  ): void {
    scatter(s.vector, this.dense);
    for (let n = 0; n < count; n++) {
      const i = investors[positions ? positions[n]! : n]!;
      out[n] = this.fromCosine(s, i, denseDot(i.vector, this.dense));
    }
    unscatter(s.vector, this.dense);
  }

  /** Scores one investor against many startups; the mirror of scoreInvestorsFor. */
  scoreStartupsFor(
    i: PreparedInvestor,
    startups: readonly PreparedStartup[],
    out: Float64Array,
    positions?: ArrayLike<number>,
    count = positions ? positions.length : startups.length,
  ): void {
    scatter(i.vector, this.dense);
    for (let n = 0; n < count; n++) {
      const s = startups[positions ? positions[n]! : n]!;
      out[n] = this.fromCosine(s, i, denseDot(s.vector, this.dense));
    }
    unscatter(i.vector, this.dense);
  }
}
