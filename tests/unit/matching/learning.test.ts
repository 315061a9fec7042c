// Learning from decisions (docs/matching.md §5–§6): the global logistic model, per-user offsets,
// ranking weights, RECON implicit preferences, exploration slots and congestion-aware ranking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTINENTS } from '../../../src/server/features/matching/engine/gazetteer';
import {
  acceptProbability,
  congestionAdjusted,
  createUserState,
  fitGlobalModel,
  IMPLICIT_BLEND_HALF,
  IMPLICIT_SMOOTHING_M,
  implicitBeta,
  implicitPreferences,
  OFFSET_L2,
  OFFSET_LEARNING_RATE,
  personalAdjustments,
  priorModel,
  rankingWeights,
  recordDecision,
  recordImplicitDecision,
  statedPriors,
  updateOffsets,
  withExploration,
  type CounterpartAttributes,
  type Decision,
  type GlobalModel,
  type ImplicitAttribute,
  type UserLearningState,
} from '../../../src/server/features/matching/engine/learning';
import { normalizeInvestor } from '../../../src/server/features/matching/engine/normalize';
import { prepareInvestor } from '../../../src/server/features/matching/engine/prepared-profiles';
import {
  COMPONENT_COUNT,
  COMPONENT_KEYS,
  INVESTOR_SIDE_WEIGHTS,
  STARTUP_SIDE_WEIGHTS,
  weightVector,
  type Side,
} from '../../../src/server/features/matching/engine/score-components';
import { mulberry32 } from '../../../src/server/features/matching/engine/text-index';

const K = (key: (typeof COMPONENT_KEYS)[number]) => COMPONENT_KEYS.indexOf(key);
const sideArb = fc.constantFrom<Side>('investor', 'startup');
/**
 * A number in [min, max], spread evenly: fc.double alone samples the bit space of floats, so almost
 * every draw is a tiny magnitude or a bound. A 1/10,000 grid carries the spread; raw doubles keep
 * the awkward values.
 */
const between = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000 }).map((n) => min + ((max - min) * n) / 10_000) },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
  );
const componentValue = fc.option(between(0, 1), { nil: null, freq: 4 });
const componentsArb = fc.array(componentValue, { minLength: COMPONENT_COUNT, maxLength: COMPONENT_COUNT });
const offsetsArb = fc.array(between(-3, 3), { minLength: COMPONENT_COUNT, maxLength: COMPONENT_COUNT });
const applicable = (side: Side) => Array.from(weightVector(side === 'investor' ? INVESTOR_SIDE_WEIGHTS : STARTUP_SIDE_WEIGHTS), (w) => w > 0);
const modelArb = sideArb.chain((side) =>
  fc.record({
    side: fc.constant(side),
    bias: between(-5, 5),
    weights: fc.array(between(-3, 6), { minLength: COMPONENT_COUNT, maxLength: COMPONENT_COUNT }),
  }),
);

/**
 * Synthetic decisions: each applicable component uniform in [0, 1], and the user accepts with
 * probability σ(8·(c_predictive − 0.5)), so only `predictive` carries signal. Seeded: deterministic.
 */
function syntheticDecisions(side: Side, predictive: number, count: number, seed: number): Decision[] {
  const random = mulberry32(seed);
  const mask = applicable(side);
  return Array.from({ length: count }, () => {
    const components = mask.map((on) => (on ? random() : null));
    const p = 1 / (1 + Math.exp(-8 * (components[predictive]! - 0.5)));
    return { components, accepted: random() < p };
  });
}

describe('fitGlobalModel (GLMix-lite global weights)', () => {
  it('stays exactly at the prior with no data', () => {
    for (const side of ['investor', 'startup'] as const) {
      const model = fitGlobalModel(side, []);
      expect(model).toEqual(priorModel(side));
      // The prior is the weight table of docs/matching.md §3, scaled: a perfect fit is logit +3, a zero fit −3.
      expect(acceptProbability(model, [], new Array<number>(COMPONENT_COUNT).fill(1))).toBeCloseTo(1 / (1 + Math.exp(-3)), 9);
      expect(acceptProbability(model, [], new Array<number>(COMPONENT_COUNT).fill(0))).toBeCloseTo(1 / (1 + Math.exp(3)), 9);
      expect(Array.from(rankingWeights(model, new Array<number>(COMPONENT_COUNT).fill(0)))).toEqual(
        Array.from(weightVector(side === 'investor' ? INVESTOR_SIDE_WEIGHTS : STARTUP_SIDE_WEIGHTS)).map((w) => expect.closeTo(w, 12)),
      );
    }
  });

  it('moves weight toward the component that predicts acceptance, and away from those that do not', () => {
    for (const [side, key] of [
      ['investor', 'text'],
      ['startup', 'geo'],
      ['investor', 'bizModel'],
      ['startup', 'experience'],
    ] as const) {
      const predictive = K(key);
      const prior = priorModel(side);
      const model = fitGlobalModel(side, syntheticDecisions(side, predictive, 400, 11));
      expect(model.weights[predictive]!).toBeGreaterThan(prior.weights[predictive]! + 1);
      const mask = applicable(side);
      for (let k = 0; k < COMPONENT_COUNT; k++) {
        if (!mask[k]) expect(model.weights[k]).toBe(0);
        else if (k !== predictive) expect(model.weights[k]!).toBeLessThan(model.weights[predictive]!);
      }
      // In ranking terms: the predictive component's share grows beyond its prior share.
      const priorShare = rankingWeights(prior, [])[predictive]!;
      expect(rankingWeights(model, [])[predictive]!).toBeGreaterThan(priorShare + 0.1);
    }
  });

  it('is deterministic', () => {
    const decisions = syntheticDecisions('investor', K('sector'), 200, 3);
    expect(fitGlobalModel('investor', decisions)).toEqual(fitGlobalModel('investor', structuredClone(decisions)));
  });
});

describe('updateOffsets (per-user δ, online)', () => {
  it('follows δ ← (1 − ηλ)δ + η(y − p)c with η = .05, λ = .1, unknowns read as 0.5 and inapplicable components left at 0', () => {
    expect([OFFSET_LEARNING_RATE, OFFSET_L2]).toEqual([0.05, 0.1]);
    fc.assert(
      fc.property(modelArb, offsetsArb, componentsArb, fc.boolean(), (model: GlobalModel, offsets, components, accepted) => {
        const mask = applicable(model.side);
        const state: UserLearningState = { ...createUserState(model.side), offsets: offsets.map((d, k) => (mask[k] ? d : 0)) };
        const c = components.map((v) => v ?? 0.5);
        // p from the model's own definition, written out: σ(b + Σ_applicable (w + δ)·c).
        let logit = model.bias;
        for (let k = 0; k < COMPONENT_COUNT; k++) if (mask[k]) logit += (model.weights[k]! + state.offsets[k]!) * c[k]!;
        const p = 1 / (1 + Math.exp(-logit));
        expect(acceptProbability(model, state.offsets, components)).toBeCloseTo(p, 12);
        const y = accepted ? 1 : 0;
        const next = updateOffsets(state, model, { components, accepted });
        next.offsets.forEach((delta, k) => {
          const expected = mask[k] ? (1 - 0.05 * 0.1) * state.offsets[k]! + 0.05 * (y - p) * c[k]! : 0;
          expect(delta).toBeCloseTo(expected, 12);
        });
        // A new state: the input is untouched and the counts are not this function's business.
        expect(state.offsets).toEqual(offsets.map((d, k) => (mask[k] ? d : 0)));
        expect(next.decisions).toBe(state.decisions);
      }),
    );
  });

  it('raises the offsets of components present in accepted pairs and lowers them after rejections', () => {
    const model = priorModel('investor');
    const components = COMPONENT_KEYS.map((key) => (key === 'geo' ? 1 : 0));
    let state = createUserState('investor');
    for (let n = 0; n < 5; n++) state = updateOffsets(state, model, { components, accepted: true });
    expect(state.offsets[K('geo')]!).toBeGreaterThan(0);
    expect(state.offsets[K('sector')]).toBe(0);
    let rejecting = createUserState('investor');
    rejecting = updateOffsets(rejecting, model, { components, accepted: false });
    expect(rejecting.offsets[K('geo')]!).toBeLessThan(0);
  });
});

describe('rankingWeights', () => {
  it('are max(0, w + δ) renormalised: non-negative, summing to 1, zero where a component does not apply', () => {
    fc.assert(
      fc.property(modelArb, offsetsArb, (model, offsets) => {
        const weights = rankingWeights(model, offsets);
        const mask = applicable(model.side);
        expect(weights).toHaveLength(COMPONENT_COUNT);
        weights.forEach((w, k) => {
          expect(w).toBeGreaterThanOrEqual(0);
          if (!mask[k]) expect(w).toBe(0);
        });
        expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        const raw = model.weights.map((w, k) => (mask[k] ? Math.max(0, w + offsets[k]!) : 0));
        const total = raw.reduce((a, b) => a + b, 0);
        if (total > 0) raw.forEach((w, k) => expect(weights[k]).toBeCloseTo(w / total, 9));
      }),
    );
  });

  it('falls back to the prior table when every weight is clipped to 0', () => {
    const model: GlobalModel = { side: 'startup', bias: 0, weights: new Array<number>(COMPONENT_COUNT).fill(-1) };
    expect(Array.from(rankingWeights(model, []))).toEqual(Array.from(weightVector(STARTUP_SIDE_WEIGHTS)));
  });
});

describe('RECON implicit preferences', () => {
  const investor = prepareInvestor(
    normalizeInvestor({ id: 1, industryFocus: ['FinTech'], stagePreference: ['Seed'], investmentRange: ['$500K - $1M'], location: 'London, UK' }),
  );
  const priors = statedPriors({ kind: 'investor', investor });
  const fintech: CounterpartAttributes = { industry: [1], stage: [1], check: [2], continent: [CONTINENTS.indexOf('Europe')] };
  const saas: CounterpartAttributes = { industry: [0], stage: [1], check: [3], continent: [] };

  it('states the priors in component units from the profile', () => {
    expect(priors.industry[1]).toBe(1);
    expect(priors.industry[0]).toBeCloseTo(0.3, 6); // FinTech~SaaS adjacency
    expect(priors.stage).toEqual([0.5, 1, 0.5, 0.15, 0, 0, 0]);
    expect(priors.check[2]).toBe(1);
    expect(priors.continent[CONTINENTS.indexOf('Europe')]).toBe(0.6);
  });

  it('smooths acceptance toward the prior with m = 5: p(v) = (accepts(v) + 5·prior(v)) / (N(v) + 5)', () => {
    expect(IMPLICIT_SMOOTHING_M).toBe(5);
    let state = createUserState('investor');
    // Three FinTech decisions (2 accepted), one SaaS decision (rejected).
    state = recordImplicitDecision(state, fintech, true);
    state = recordImplicitDecision(state, fintech, true);
    state = recordImplicitDecision(state, fintech, false);
    state = recordImplicitDecision(state, saas, false);
    expect(state.decisions).toBe(4);
    expect(state.accepts).toBe(2);
    const p = implicitPreferences(state, priors);
    expect(p.industry[1]).toBeCloseTo((2 + 5 * 1) / (3 + 5), 12);
    expect(p.industry[0]).toBeCloseTo((0 + 5 * priors.industry[0]!) / (1 + 5), 12);
    // A value never decided on keeps its prior exactly.
    expect(p.industry[2]).toBe(priors.industry[2]);
    // Stage Seed was on all four: 2 accepts out of 4.
    expect(p.stage[1]).toBeCloseTo((2 + 5 * 1) / (4 + 5), 12);
    // An unknown attribute (no continent for the SaaS one) is not counted.
    expect(state.decidedValues.continent[CONTINENTS.indexOf('Europe')]).toBe(3);
  });

  it('keeps every implicit preference in [0, 1] and at the prior before any decision', () => {
    const attribute = (size: number) => fc.uniqueArray(fc.nat({ max: size - 1 }), { maxLength: 3 });
    const attributesArb = fc.record<Record<ImplicitAttribute, number[]>>({
      industry: attribute(15),
      stage: attribute(7),
      check: attribute(7),
      continent: attribute(CONTINENTS.length),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(attributesArb, fc.boolean()), { maxLength: 20 }), (decisions) => {
        const state = decisions.reduce((s, [attributes, accepted]) => recordImplicitDecision(s, attributes, accepted), createUserState('investor'));
        const p = implicitPreferences(state, priors);
        for (const values of Object.values(p))
          for (const value of values) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(1 + 1e-12);
          }
        if (decisions.length === 0) expect(p).toEqual(priors);
      }),
      { numRuns: 50 },
    );
  });

  it('blends with β = N / (N + 10)', () => {
    expect(IMPLICIT_BLEND_HALF).toBe(10);
    expect(implicitBeta(0)).toBe(0);
    expect(implicitBeta(10)).toBe(0.5);
    expect(implicitBeta(30)).toBe(0.75);
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (n) => {
        expect(implicitBeta(n)).toBeCloseTo(n / (n + 10), 12);
      }),
    );
  });

  it('hands the scorer ranking weights, and implicit tables only once there are decisions', () => {
    const model = priorModel('investor');
    const empty = personalAdjustments(createUserState('investor'), model, priors);
    expect(empty.implicit).toBeNull();
    const decided = recordDecision(createUserState('investor'), model, { components: new Array<number>(COMPONENT_COUNT).fill(1), accepted: true }, fintech);
    const adjustments = personalAdjustments(decided, model, priors);
    expect(adjustments.implicit?.beta).toBeCloseTo(1 / 11, 12);
    expect(adjustments.implicit?.industry[1]).toBeCloseTo((1 + 5) / (1 + 5), 6);
    expect(adjustments.weights!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});

describe('exploration slots', () => {
  const distinctLists = fc
    // size: 'max' so lists span several blocks of ten (fast-check keeps arrays short by default).
    .uniqueArray(fc.nat({ max: 200 }), { minLength: 0, maxLength: 60, size: 'max' })
    .chain((ranked) =>
      fc.tuple(
        fc.constant(ranked),
        fc.uniqueArray(fc.oneof(fc.constantFrom(...(ranked.length ? ranked : [0])), fc.nat({ max: 200 })), { maxLength: 20, size: 'max' }),
      ),
    );

  it('reserves the last slot of each ten (and the fifth with 2 slots), never duplicating, keeping the ranked order', () => {
    fc.assert(
      fc.property(distinctLists, fc.constantFrom<1 | 2>(1, 2), ([ranked, candidates], slots) => {
        const mixed = withExploration(ranked, candidates, slots);
        expect(mixed).toHaveLength(ranked.length);
        expect(new Set(mixed).size).toBe(mixed.length);
        const fresh = candidates.filter((c) => !ranked.includes(c));
        let explored = 0;
        mixed.forEach((item, position) => {
          const reserved = position % 10 === 9 || (slots === 2 && position % 10 === 4);
          if (reserved && explored < fresh.length) expect(item).toBe(fresh[explored++]);
          else expect(ranked).toContain(item);
        });
        // The exploited items are the ranked list's head, in order.
        expect(mixed.filter((item) => ranked.includes(item))).toEqual(ranked.slice(0, ranked.length - explored));
      }),
    );
  });

  it('places exploration at positions 10, 20 … (one slot) and 5, 10, 15, 20 … (two slots)', () => {
    const ranked = Array.from({ length: 20 }, (_, n) => n);
    const explore = [100, 101, 102, 103, 5];
    expect(withExploration(ranked, explore, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 100, 9, 10, 11, 12, 13, 14, 15, 16, 17, 101]);
    expect(withExploration(ranked, explore, 2)).toEqual([0, 1, 2, 3, 100, 4, 5, 6, 7, 101, 8, 9, 10, 11, 102, 12, 13, 14, 15, 103]);
    // Nothing to explore: the ranked list unchanged; a candidate already ranked is skipped.
    expect(withExploration(ranked, [], 2)).toEqual(ranked);
    expect(withExploration(ranked, [3], 1)).toEqual(ranked);
    // A custom identity.
    const objects = ranked.map((id) => ({ id }));
    expect(withExploration(objects, [{ id: 9 }, { id: 50 }], 1, (a, b) => a.id === b.id)[9]).toEqual({ id: 50 });
  });
});

describe('congestion-aware ranking', () => {
  it('is value × (1 + pending/cap)^−½, decreasing in pending', () => {
    const value = between(0.01, 100);
    fc.assert(
      fc.property(value, fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), fc.integer({ min: 1, max: 500 }), (v, a, b, cap) => {
        expect(congestionAdjusted(v, a, cap)).toBeCloseTo(v * (1 + a / cap) ** -0.5, 9);
        const [low, high] = a < b ? [a, b] : [b, a];
        if (low < high) expect(congestionAdjusted(v, high, cap)).toBeLessThan(congestionAdjusted(v, low, cap));
        expect(congestionAdjusted(v, 0, cap)).toBe(v);
      }),
    );
    expect(congestionAdjusted(80, 20, 20)).toBeCloseTo(80 / Math.SQRT2, 12);
  });
});

describe('state persistence', () => {
  it('round-trips through JSON with nothing lost', () => {
    const model = fitGlobalModel('investor', syntheticDecisions('investor', K('sector'), 50, 5));
    const attributes = fc.record<Record<ImplicitAttribute, number[]>>({
      industry: fc.uniqueArray(fc.nat({ max: 14 }), { maxLength: 2 }),
      stage: fc.uniqueArray(fc.nat({ max: 6 }), { maxLength: 2 }),
      check: fc.uniqueArray(fc.nat({ max: 6 }), { maxLength: 2 }),
      continent: fc.uniqueArray(fc.nat({ max: CONTINENTS.length - 1 }), { maxLength: 1 }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(componentsArb, fc.boolean(), attributes), { maxLength: 15 }), (decisions) => {
        const state = decisions.reduce(
          (s, [components, accepted, attrs]) => recordDecision(s, model, { components, accepted }, attrs),
          createUserState('investor'),
        );
        const restored = JSON.parse(JSON.stringify(state)) as UserLearningState;
        expect(restored).toEqual(state);
        // And it behaves the same after the round trip.
        const priors = statedPriors({ kind: 'investor', investor: prepareInvestor(normalizeInvestor({ id: 1, industryFocus: ['SaaS'] })) });
        expect(personalAdjustments(restored, model, priors)).toEqual(personalAdjustments(state, model, priors));
      }),
      { numRuns: 50 },
    );
  });
});
