// Learning from decisions (docs/matching.md §6), as pure functions over plain, JSON-serialisable
// state (the DB layer stores it in matching_user_state.state):
// - RECON implicit preferences: how often a user accepts each attribute value, smoothed toward
//   what they stated;
// - GLMix-lite: a global logistic model per side plus per-user weight offsets δ, updated online;
// - exploration slots and congestion-aware ranking, so learning does not flood popular users.
import { CONTINENTS } from './gazetteer';
import { INDUSTRY_COUNT } from './industry-adjacency';
import type { PersonalAdjustments, PreparedInvestor, PreparedStartup } from './prepared-profiles';
import { checkPsi, COMPONENT_COUNT, INVESTOR_SIDE_WEIGHTS, stagePhi, STARTUP_SIDE_WEIGHTS, weightVector, type Side } from './score-components';

export const IMPLICIT_SMOOTHING_M = 5;
export const IMPLICIT_BLEND_HALF = 10;
export const OFFSET_LEARNING_RATE = 0.05;
export const OFFSET_L2 = 0.1;
const STAGE_COUNT = 7;
const BUCKET_COUNT = 7;

/** Counterpart attributes with implicit preferences: sector, stage, cheque bucket and continent (for geo). */
export type ImplicitAttribute = 'industry' | 'stage' | 'check' | 'continent';
const ATTRIBUTE_SIZES: Record<ImplicitAttribute, number> = { industry: INDUSTRY_COUNT, stage: STAGE_COUNT, check: BUCKET_COUNT, continent: CONTINENTS.length };

/** A user's learned state. Plain numbers and arrays only, so it round-trips through JSON. */
export interface UserLearningState {
  version: 1;
  side: Side;
  /** δ_u, one per COMPONENT_KEYS entry. */
  offsets: number[];
  /** N_u: decisions recorded. */
  decisions: number;
  accepts: number;
  /** Per attribute value: decisions and accepts on counterparts with that value (fractional for multi-valued ones). */
  decidedValues: Record<ImplicitAttribute, number[]>;
  acceptedValues: Record<ImplicitAttribute, number[]>;
}

const emptyCounts = (): Record<ImplicitAttribute, number[]> => ({
  industry: new Array<number>(INDUSTRY_COUNT).fill(0),
  stage: new Array<number>(STAGE_COUNT).fill(0),
  check: new Array<number>(BUCKET_COUNT).fill(0),
  continent: new Array<number>(CONTINENTS.length).fill(0),
});

export function createUserState(side: Side): UserLearningState {
  return {
    version: 1,
    side,
    offsets: new Array<number>(COMPONENT_COUNT).fill(0),
    decisions: 0,
    accepts: 0,
    decidedValues: emptyCounts(),
    acceptedValues: emptyCounts(),
  };
}

/** The logistic model of one side: logit P(accept) = bias + Σ_k (w_k + δ_u,k) c_k. */
export interface GlobalModel {
  side: Side;
  bias: number;
  weights: number[];
}

/** Prior weights scaled so a perfect fit gives logit +3 and a zero fit −3 before any data. */
const PRIOR_SCALE = 6;

export function priorModel(side: Side): GlobalModel {
  const prior = weightVector(side === 'investor' ? INVESTOR_SIDE_WEIGHTS : STARTUP_SIDE_WEIGHTS);
  return { side, bias: -PRIOR_SCALE / 2, weights: Array.from(prior, (w) => w * PRIOR_SCALE) };
}

// 1 where a component applies to the side (its prior weight is positive), else 0.
const APPLICABLE: Record<Side, Float64Array> = {
  investor: weightVector(INVESTOR_SIDE_WEIGHTS).map((w) => (w > 0 ? 1 : 0)),
  startup: weightVector(STARTUP_SIDE_WEIGHTS).map((w) => (w > 0 ? 1 : 0)),
};
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** Components as the model reads them: unknown (null or NaN) is the shrinkage value 0.5. */
const featureValue = (value: number | null | undefined) => (value === null || value === undefined || value !== value ? 0.5 : value);

export function acceptProbability(model: GlobalModel, offsets: readonly number[], components: ArrayLike<number | null>): number {
  let logit = model.bias;
  const mask = APPLICABLE[model.side];
  for (let k = 0; k < COMPONENT_COUNT; k++) if (mask[k]) logit += (model.weights[k]! + (offsets[k] ?? 0)) * featureValue(components[k]);
  return sigmoid(logit);
}

export interface Decision {
  /** The deciding side's 7 component values at decision time (COMPONENT_KEYS order; null unknown). */
  components: ArrayLike<number | null>;
  accepted: boolean;
}

/**
 * Fits the global model by batch gradient descent on the log-loss with an L2 pull toward the
 * prior weights, so a side with little data stays close to the guide's table. Deterministic.
 */
export function fitGlobalModel(side: Side, decisions: readonly Decision[], options: { epochs?: number; learningRate?: number; l2?: number } = {}): GlobalModel {
  const prior = priorModel(side);
  const model: GlobalModel = { side, bias: prior.bias, weights: [...prior.weights] };
  const n = decisions.length;
  if (n === 0) return model;
  const epochs = options.epochs ?? 300;
  const rate = options.learningRate ?? 2;
  const l2 = options.l2 ?? 0.01;
  const mask = APPLICABLE[side];
  // Features flattened once (n × 7, unknown = 0.5; inapplicable = 0) so each epoch is two tight loops.
  const features = new Float64Array(n * COMPONENT_COUNT);
  const labels = new Float64Array(n);
  decisions.forEach((decision, row) => {
    labels[row] = decision.accepted ? 1 : 0;
    for (let k = 0; k < COMPONENT_COUNT; k++) features[row * COMPONENT_COUNT + k] = mask[k] ? featureValue(decision.components[k]) : 0;
  });
  const weights = Float64Array.from(model.weights);
  const gradient = new Float64Array(COMPONENT_COUNT);
  let bias = model.bias;
  for (let epoch = 0; epoch < epochs; epoch++) {
    let biasGradient = 0;
    gradient.fill(0);
    for (let row = 0; row < n; row++) {
      const base = row * COMPONENT_COUNT;
      let logit = bias;
      for (let k = 0; k < COMPONENT_COUNT; k++) logit += weights[k]! * features[base + k]!;
      const error = labels[row]! - sigmoid(logit);
      biasGradient += error;
      for (let k = 0; k < COMPONENT_COUNT; k++) gradient[k]! += error * features[base + k]!;
    }
    bias += (rate * biasGradient) / n;
    for (let k = 0; k < COMPONENT_COUNT; k++) if (mask[k]) weights[k]! += rate * (gradient[k]! / n - l2 * (weights[k]! - prior.weights[k]!));
  }
  return { side, bias, weights: Array.from(weights) };
}

/** Online δ update after one decision: δ ← (1 − ηλ)δ + η(y − p)c. Returns a new state (counts untouched; see recordDecision). */
export function updateOffsets(
  state: UserLearningState,
  model: GlobalModel,
  decision: Decision,
  eta = OFFSET_LEARNING_RATE,
  lambda = OFFSET_L2,
): UserLearningState {
  const p = acceptProbability(model, state.offsets, decision.components);
  const y = decision.accepted ? 1 : 0;
  const mask = APPLICABLE[state.side];
  const offsets = state.offsets.map((delta, k) => (mask[k] ? (1 - eta * lambda) * delta + eta * (y - p) * featureValue(decision.components[k]) : 0));
  return { ...state, offsets };
}

/** Ranking weights: max(0, w + δ) renormalised to sum to 1 (docs/matching.md §6). */
export function rankingWeights(model: GlobalModel, offsets: readonly number[]): Float64Array {
  const mask = APPLICABLE[model.side];
  const weights = Float64Array.from({ length: COMPONENT_COUNT }, (_, k) => (mask[k] ? Math.max(0, model.weights[k]! + (offsets[k] ?? 0)) : 0));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weightVector(model.side === 'investor' ? INVESTOR_SIDE_WEIGHTS : STARTUP_SIDE_WEIGHTS);
  for (let k = 0; k < COMPONENT_COUNT; k++) weights[k]! /= total;
  return weights;
}

/** The attribute values of the counterpart a user decided on. */
export type CounterpartAttributes = Record<ImplicitAttribute, readonly number[]>;

const listOf = (value: number) => (value >= 0 ? [value] : []);

/** What an investor sees of a startup: its industry, stage, funding bucket and continent. */
export function startupAttributes(startup: PreparedStartup): CounterpartAttributes {
  const f = startup.features;
  return { industry: listOf(f.industry), stage: listOf(f.stage), check: listOf(f.fundingBucket), continent: listOf(startup.continentId) };
}

/** What a startup sees of an investor: its focus, stages, check buckets and continent. */
export function investorAttributes(investor: PreparedInvestor): CounterpartAttributes {
  const f = investor.features;
  return { industry: f.industries, stage: f.stages, check: f.checkBuckets, continent: listOf(investor.continentId) };
}

/** Records one decision in the RECON counts. Returns a new state (δ untouched; see recordDecision). */
export function recordImplicitDecision(state: UserLearningState, attributes: CounterpartAttributes, accepted: boolean): UserLearningState {
  const decidedValues = { ...state.decidedValues };
  const acceptedValues = { ...state.acceptedValues };
  for (const attribute of Object.keys(ATTRIBUTE_SIZES) as ImplicitAttribute[]) {
    const values = attributes[attribute];
    if (values.length === 0) continue;
    const share = 1 / values.length;
    decidedValues[attribute] = decidedValues[attribute].map((count, value) => (values.includes(value) ? count + share : count));
    if (accepted) acceptedValues[attribute] = acceptedValues[attribute].map((count, value) => (values.includes(value) ? count + share : count));
  }
  return { ...state, decisions: state.decisions + 1, accepts: state.accepts + (accepted ? 1 : 0), decidedValues, acceptedValues };
}

/** Everything one decision teaches: the δ update and the RECON counts. */
export function recordDecision(state: UserLearningState, model: GlobalModel, decision: Decision, attributes: CounterpartAttributes): UserLearningState {
  return recordImplicitDecision(updateOffsets(state, model, decision), attributes, decision.accepted);
}

/**
 * The stated preference per attribute value, in component units (0–1), from the user's own
 * profile: an investor's focus (with adjacency), stages (φ) and checks (ψ); a startup's wanted
 * industries, stages and check sizes. 0.5 (unknown) where nothing is stated.
 */
export function statedPriors(
  user: { kind: 'investor'; investor: PreparedInvestor } | { kind: 'startup'; startup: PreparedStartup },
): Record<ImplicitAttribute, number[]> {
  let industryRow: ArrayLike<number> | null;
  let stageMask: number;
  let checkMask: number;
  // Geo prior per continent: the guide's proximity floor for "same continent" (.4, rounded up to
  // .6 since same-continent pairs are often same-country) versus .2 elsewhere; a global investor
  // and a startup open to anywhere start at their floor everywhere.
  let continentRow: number[];
  const byContinent = (home: number, inside: number, outside: number) => CONTINENTS.map((_, v) => (home < 0 ? 0.5 : v === home ? inside : outside));
  if (user.kind === 'investor') {
    industryRow = user.investor.sectorRow;
    stageMask = user.investor.stageMask;
    checkMask = user.investor.checkMask;
    continentRow = user.investor.isGlobal ? CONTINENTS.map(() => 0.7) : byContinent(user.investor.continentId, 0.6, 0.2);
  } else {
    industryRow = user.startup.wantedSectorRow;
    stageMask = user.startup.wantedStageMask;
    checkMask = user.startup.wantedCheckMask;
    const area = user.startup.features.preferences.area;
    continentRow =
      area?.level === 'anywhere' ? CONTINENTS.map(() => 1) : byContinent(user.startup.areaContinentId, user.startup.usesDefaultArea ? 0.6 : 1, 0.2);
  }
  const bits = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((bit) => mask & (1 << bit));
  const stageRow = Array.from({ length: STAGE_COUNT }, (_, v) => (stageMask ? Math.max(...bits(stageMask).map((b) => stagePhi(Math.abs(b - v)))) : 0.5));
  // For an investor, ψ(investor bucket − startup bucket v); for a startup, ψ(investor bucket v − wanted).
  const checkRow = Array.from({ length: BUCKET_COUNT }, (_, v) =>
    checkMask ? Math.max(...bits(checkMask).map((b) => (user.kind === 'investor' ? checkPsi(b - v) : checkPsi(v - b)))) : 0.5,
  );
  return {
    industry: industryRow ? Array.from(industryRow) : new Array<number>(INDUSTRY_COUNT).fill(0.5),
    stage: stageRow,
    check: checkRow,
    continent: continentRow,
  };
}

/**
 * RECON's implicit preference, p_u(v) = (accepts_u(v) + m·prior_u(v)) / (N_u(v) + m) with m = 5:
 * the user's smoothed acceptance rate for counterparts with value v, starting from the stated
 * preference. We count N_u(v) per value (decisions on counterparts with v), not all decisions,
 * so a value the user was rarely shown is not mistaken for one they dislike.
 */
export function implicitPreferences(
  state: UserLearningState,
  priors: Record<ImplicitAttribute, number[]>,
  m = IMPLICIT_SMOOTHING_M,
): Record<ImplicitAttribute, number[]> {
  const result = {} as Record<ImplicitAttribute, number[]>;
  for (const attribute of Object.keys(ATTRIBUTE_SIZES) as ImplicitAttribute[]) {
    const prior = priors[attribute];
    const decided = state.decidedValues[attribute];
    result[attribute] = state.acceptedValues[attribute].map((accepted, value) => (accepted + m * (prior[value] ?? 0.5)) / ((decided[value] ?? 0) + m));
  }
  return result;
}

/** β = N/(N + 10): how much the implicit preference counts against the stated one. */
export const implicitBeta = (decisions: number): number => decisions / (decisions + IMPLICIT_BLEND_HALF);

/** What the scorer needs from a user's state: personal ranking weights and implicit preference tables. */
export function personalAdjustments(state: UserLearningState, model: GlobalModel, priors: Record<ImplicitAttribute, number[]>): PersonalAdjustments {
  const implicit = implicitPreferences(state, priors);
  return {
    weights: rankingWeights(model, state.offsets),
    implicit:
      state.decisions > 0
        ? {
            beta: implicitBeta(state.decisions),
            industry: Float32Array.from(implicit.industry),
            stage: Float32Array.from(implicit.stage),
            check: Float32Array.from(implicit.check),
            continent: Float32Array.from(implicit.continent),
          }
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Exploration and congestion.

/**
 * Congestion-aware ranking value (Su, Bayoumi & Joachims 2022): value × (1 + pending/cap)^−½.
 * Used to order suggestions, never shown as the score.
 */
export function congestionAdjusted(value: number, pending: number, cap: number): number {
  return value / Math.sqrt(1 + Math.max(0, pending) / Math.max(1, cap));
}

/**
 * How unsure we are about a pair: little known about it (low κ) or a counterpart with few
 * decisions yet. 0–1; exploration slots go to the highest.
 */
export function uncertainty(knownShareOfPair: number, counterpartDecisions: number): number {
  return 0.5 * (1 - knownShareOfPair) + 0.5 / (1 + counterpartDecisions / 5);
}

/**
 * Reserves `slotsPerTen` (1–2) of every ten positions for exploration candidates (the last slot
 * of each ten, and the fifth when two), skipping any already in the list. Deterministic.
 */
export function withExploration<T>(
  ranked: readonly T[],
  explorationCandidates: readonly T[],
  slotsPerTen: 1 | 2,
  same: (a: T, b: T) => boolean = Object.is,
): T[] {
  const result: T[] = [];
  const exploring = explorationCandidates.filter((candidate) => !ranked.some((item) => same(item, candidate)));
  let exploit = 0;
  let explore = 0;
  const length = ranked.length;
  for (let position = 0; position < length; position++) {
    const slot = position % 10;
    const isExplorationSlot = slot === 9 || (slotsPerTen === 2 && slot === 4);
    if (isExplorationSlot && explore < exploring.length) result.push(exploring[explore++]!);
    else if (exploit < ranked.length) result.push(ranked[exploit++]!);
  }
  return result;
}
