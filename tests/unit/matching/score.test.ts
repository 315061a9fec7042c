// The two-sided score (docs/matching.md §2–§4): property tests over component values and over
// arbitrary raw profiles, the fast path against the explained path, gates, shrinkage, fusion,
// and the explanation a match card shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUNDING_BUCKETS, FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES } from '../../../src/shared/enums';
import { normalizeInvestor, normalizeStartup, type RawInvestorProfile, type RawStartupProfile } from '../../../src/server/features/matching/engine/normalize';
import { scorePair, toMatchBreakdown, type MatchExplanation } from '../../../src/server/features/matching/engine/match-explanation';
import {
  createScoringContext,
  fuse,
  knownShare,
  PairScorer,
  scoreFromComponents,
  sideFit,
  type Fusion,
  type ScoringContext,
} from '../../../src/server/features/matching/engine/pair-scorer';
import {
  prepareInvestors,
  prepareStartups,
  type PersonalAdjustments,
  type PreparedInvestor,
  type PreparedStartup,
} from '../../../src/server/features/matching/engine/prepared-profiles';
import {
  checkPsi,
  COMPONENT_COUNT,
  COMPONENT_KEYS,
  INVESTOR_SIDE_WEIGHTS,
  stagePhi,
  STARTUP_SIDE_WEIGHTS,
  weightVector,
  type ComponentKey,
  type Side,
} from '../../../src/server/features/matching/engine/score-components';
import { buildTextIndex } from '../../../src/server/features/matching/engine/text-index';

// ---------------------------------------------------------------------------------------------
// Helpers: an independent reference of the §3 formulas (docs/matching.md), and a tiny engine harness.

const INVESTOR_W = Array.from(weightVector(INVESTOR_SIDE_WEIGHTS));
const STARTUP_W = Array.from(weightVector(STARTUP_SIDE_WEIGHTS));

/** docs/matching.md §3 written literally: raw over known components, κ = known weight share, P = κ·raw + (1 − κ)·0.5. */
function referenceFit(values: ReadonlyArray<number | null>, weights: readonly number[]): { fit: number; raw: number; kappa: number } {
  let total = 0;
  let knownWeight = 0;
  let knownSum = 0;
  weights.forEach((w, k) => {
    if (!(w > 0)) return;
    total += w;
    const v = values[k] ?? null;
    if (v !== null) {
      knownWeight += w;
      knownSum += w * v;
    }
  });
  if (total === 0) return { fit: 0.5, raw: 0.5, kappa: 0 };
  const kappa = knownWeight / total;
  const raw = knownWeight > 0 ? knownSum / knownWeight : 0.5;
  return { fit: kappa * raw + (1 - kappa) * 0.5, raw, kappa };
}

const referenceFuse = (p: number, q: number, fusion: Fusion) => (p <= 0 || q <= 0 ? 0 : fusion === 'harmonic' ? (2 * p * q) / (p + q) : Math.sqrt(p * q));

interface Built {
  startups: PreparedStartup[];
  investors: PreparedInvestor[];
  context: ScoringContext;
}

/** normalize → text index → prepare, exactly as the engine does (but in input order). */
function build(rawStartups: readonly RawStartupProfile[], rawInvestors: readonly RawInvestorProfile[], fusion: Fusion = 'harmonic'): Built {
  const sf = rawStartups.map(normalizeStartup);
  const inf = rawInvestors.map(normalizeInvestor);
  const built = buildTextIndex(
    sf.map((f) => f.document),
    inf.map((f) => f.document),
    { seed: 7 },
  );
  return {
    startups: prepareStartups(sf, built.startupVectors),
    investors: prepareInvestors(inf, built.investorVectors),
    context: createScoringContext(built.index, { fusion }),
  };
}

const VIEWERS: Side[] = ['startup', 'investor'];
const componentsOf = (e: MatchExplanation, side: Side) => e.components.filter((c) => c.side === side);

// ---------------------------------------------------------------------------------------------
// Arbitraries: component values (null = unknown), weights, and raw profiles as the DB may hold them.

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
const componentValue = fc.option(fc.oneof(between(0, 1), fc.constantFrom(0, 0.15, 0.5, 0.7, 1)), { nil: null, freq: 4 });
const componentValues = fc.array(componentValue, { minLength: COMPONENT_COUNT, maxLength: COMPONENT_COUNT });
// Weights are 0 (not applicable) or of a realistic size; subnormal weights (~1e-320) underflow in any
// floating-point weighted mean and say nothing about the model.
const weight = fc.oneof(fc.constant(0), between(1e-3, 10), between(1e-3, 1));
const weightsArb = fc.array(weight, { minLength: COMPONENT_COUNT, maxLength: COMPONENT_COUNT });
const fusionArb = fc.constantFrom<Fusion>('harmonic', 'geometric');

const PHRASES = [
  'We build payments and lending software for small businesses.',
  'B2B SaaS sold per seat with annual contracts.',
  'A two-sided marketplace with a take rate.',
  'Remote monitoring for hospitals and clinics.',
  'Adaptive maths practice for teachers and pupils.',
  'Robotics hardware and sensors for factories.',
  'Machine learning models for fraud detection.',
  'A consumer app for families.',
  'We are pre-revenue.',
  'We have paying customers.',
  'Grid flexibility and heat pumps.',
  'Crypto wallets and stablecoins.',
  "We don't do crypto.",
  'No hardware.',
  'We avoid consumer businesses.',
  'We invest globally.',
  'Usage-based pricing.',
  'Product-led growth with self-serve signups.',
  'Deep tech from university research.',
  'Cloud security and identity.',
  'Climate and decarbonisation.',
];
const LOCATIONS = [
  'London, UK',
  'Manchester, UK',
  'Berlin, Germany',
  'Munich, Germany',
  'Paris, France',
  'San Francisco, CA',
  'New York, NY',
  'Boston, MA',
  'Toronto, Canada',
  'Lagos, Nigeria',
  'Singapore',
  'Remote',
  'Europe',
  'Nordics',
  'United States',
  'Atlantis',
  '',
];

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });
const prose = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.constantFrom(...PHRASES), { maxLength: 4 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const location = optional(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...LOCATIONS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }));
const label = <T extends string>(labels: readonly T[], extra: string[]) =>
  optional(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...labels) },
      { weight: 1, arbitrary: fc.constantFrom(...extra) },
      { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    ),
  );
const labels = <T extends string>(all: readonly T[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.subarray([...all], { maxLength: 4 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const money = fc.oneof(
  fc.constantFrom(...FUNDING_GOAL_OPTIONS.map((option) => option.value)),
  fc.integer({ min: 0, max: 30_000_000 }),
  fc.constantFrom(Number.NaN, -1, Number.POSITIVE_INFINITY),
);

const rawStartup = (id: number): fc.Arbitrary<RawStartupProfile> =>
  fc.record({
    id: fc.constant(id),
    location,
    stage: label(STAGES, ['pre seed', 'Series D', 'late stage', 'Series Z']),
    industry: label(INDUSTRIES, ['crypto', 'ai', 'climate', 'Space']),
    description: optional(prose),
    fundingGoal: optional(money),
    businessModel: fc.oneof(fc.constant(null), fc.record({ model: prose }), fc.jsonValue({ maxDepth: 2 })),
    financials: fc.oneof(
      fc.constant(null),
      fc.record({ arr: fc.integer({ min: -10, max: 5_000_000 }) }),
      fc.record({ ebitda: fc.integer({ min: -10, max: 10 }) }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    investorPreferences: fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 4, arbitrary: fc.record({ stages: labels(STAGES), checkSizes: labels(FUNDING_BUCKETS), industries: labels(INDUSTRIES), location }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ),
  });

const rawInvestor = (id: number): fc.Arbitrary<RawInvestorProfile> =>
  fc.record({
    id: fc.constant(id),
    location,
    description: optional(prose),
    investmentThesis: optional(prose),
    industryFocus: labels(INDUSTRIES),
    stagePreference: labels(STAGES),
    investmentRange: labels(FUNDING_BUCKETS),
    portfolioSize: optional(fc.oneof(fc.nat({ max: 200 }), between(-5, 500), fc.double())),
  });

/** Learned per-user adjustments as learning.ts hands them over: weights summing to 1, implicit tables in [0, 1]. */
const table = (size: number) => fc.array(between(0, 1), { minLength: size, maxLength: size }).map((values) => Float32Array.from(values));
const personalArb: fc.Arbitrary<PersonalAdjustments | null> = fc.option(
  fc.record({
    weights: fc.option(
      weightsArb
        .filter((w) => w.some((x) => x > 0))
        .map((w) => {
          const total = w.reduce((a, b) => a + b, 0);
          return Float64Array.from(w, (x) => x / total);
        }),
      { nil: null },
    ),
    implicit: fc.option(fc.record({ beta: between(0, 0.99), industry: table(15), stage: table(7), check: table(7), continent: table(6) }), { nil: null }),
  }),
  { nil: null, freq: 2 },
);
const personalListArb = fc.array(personalArb, { minLength: 3, maxLength: 3 });

/** 1–3 startups and 1–3 investors with distinct ids. */
const populationArb = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }))
  .chain(([nS, nI]) =>
    fc.tuple(fc.tuple(...Array.from({ length: nS }, (_, n) => rawStartup(n + 1))), fc.tuple(...Array.from({ length: nI }, (_, n) => rawInvestor(100 + n)))),
  );

// ---------------------------------------------------------------------------------------------

describe('component tables (docs/matching.md §2)', () => {
  it('φ and ψ follow the documented tables', () => {
    expect([0, 1, 2, 3, 4, 6].map(stagePhi)).toEqual([1, 0.5, 0.15, 0, 0, 0]);
    expect([0, -1, 1, -2, 2, -3, 3].map(checkPsi)).toEqual([1, 0.7, 0.4, 0.3, 0, 0, 0]);
  });

  it('the prior weight tables are the documented ones and each sums to 1', () => {
    expect(INVESTOR_SIDE_WEIGHTS).toEqual({ sector: 0.25, stage: 0.2, check: 0.15, text: 0.2, bizModel: 0.15, geo: 0.05 });
    expect(STARTUP_SIDE_WEIGHTS).toEqual({ sector: 0.2, stage: 0.2, check: 0.25, text: 0.1, geo: 0.1, experience: 0.15 });
    expect(INVESTOR_W.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(STARTUP_W.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('scoreFromComponents: properties of the fused score', () => {
  it('is always an integer in 0–100, with both fits in [0, 1], for any values (incl. unknowns), weights and fusion', () => {
    fc.assert(
      fc.property(componentValues, componentValues, weightsArb, weightsArb, fusionArb, fc.boolean(), (iv, sv, iw, sw, fusion, gated) => {
        const result = scoreFromComponents(iv, sv, { investorWeights: iw, startupWeights: sw, fusion, gated });
        expect(Number.isInteger(result.score)).toBe(true);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        for (const fit of [result.investorFit, result.startupFit]) {
          expect(fit).toBeGreaterThanOrEqual(0);
          expect(fit).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('matches the documented formula written literally (κ·raw + (1 − κ)·0.5, then harmonic or geometric fusion)', () => {
    fc.assert(
      fc.property(componentValues, componentValues, weightsArb, weightsArb, fusionArb, (iv, sv, iw, sw, fusion) => {
        const result = scoreFromComponents(iv, sv, { investorWeights: iw, startupWeights: sw, fusion });
        const p = referenceFit(iv, iw).fit;
        const q = referenceFit(sv, sw).fit;
        expect(result.investorFit).toBeCloseTo(p, 10);
        expect(result.startupFit).toBeCloseTo(q, 10);
        // The reference may round the other way only when 100·fused sits on a .5 boundary.
        expect(Math.abs(result.score - 100 * referenceFuse(p, q, fusion))).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(componentValues, componentValues, fusionArb, (iv, sv, fusion) => {
        expect(scoreFromComponents(iv, sv, { fusion })).toEqual(scoreFromComponents([...iv], [...sv], { fusion }));
      }),
    );
  });

  it('never goes down when one component improves (any side, any weights, either fusion)', () => {
    fc.assert(
      fc.property(
        componentValues,
        componentValues,
        weightsArb,
        weightsArb,
        fusionArb,
        fc.constantFrom<Side>('investor', 'startup'),
        fc.nat({ max: COMPONENT_COUNT - 1 }),
        between(0, 1),
        between(0, 1),
        (iv, sv, iw, sw, fusion, side, k, a, b) => {
          // Improving = a known value going up, or an unknown (worth 0.5) becoming a known value ≥ 0.5.
          const values = side === 'investor' ? iv : sv;
          const before = values[k] ?? null;
          const after = before === null ? 0.5 + Math.max(a, b) / 2 : Math.max(before, a);
          const improved = values.map((v, n) => (n === k ? after : v));
          const options = { investorWeights: iw, startupWeights: sw, fusion };
          const old = scoreFromComponents(iv, sv, options);
          const next = side === 'investor' ? scoreFromComponents(improved, sv, options) : scoreFromComponents(iv, improved, options);
          expect(next.investorFit).toBeGreaterThanOrEqual(old.investorFit);
          expect(next.startupFit).toBeGreaterThanOrEqual(old.startupFit);
          expect(next.score).toBeGreaterThanOrEqual(old.score);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a gated pair scores 0 whatever its components', () => {
    fc.assert(
      fc.property(componentValues, componentValues, fusionArb, (iv, sv, fusion) => {
        expect(scoreFromComponents(iv, sv, { gated: true, fusion })).toEqual({ score: 0, investorFit: 0, startupFit: 0 });
      }),
    );
  });

  it('a fit of 0 on either side gives 0 (harmonic and geometric), however good the other side is', () => {
    const allZero = new Array<number>(COMPONENT_COUNT).fill(0);
    fc.assert(
      fc.property(componentValues, fusionArb, fc.boolean(), (other, fusion, investorIsZero) => {
        const result = investorIsZero ? scoreFromComponents(allZero, other, { fusion }) : scoreFromComponents(other, allZero, { fusion });
        expect(investorIsZero ? result.investorFit : result.startupFit).toBe(0);
        expect(result.score).toBe(0);
      }),
    );
    expect(scoreFromComponents(allZero, new Array<number>(COMPONENT_COUNT).fill(1)).score).toBe(0);
  });

  it('shrinks an incomplete side toward 0.5: P − 0.5 = κ·(raw − 0.5), so |P − 0.5| ≤ |raw − 0.5|', () => {
    fc.assert(
      fc.property(componentValues, weightsArb, (values, weights) => {
        const filled = new Float64Array(values.map((v) => v ?? Number.NaN));
        const { raw, kappa } = referenceFit(values, weights);
        const fit = sideFit(filled, 0, weights);
        expect(knownShare(filled, 0, weights)).toBeCloseTo(kappa, 12);
        expect(fit - 0.5).toBeCloseTo(kappa * (raw - 0.5), 12);
        expect(Math.abs(fit - 0.5)).toBeLessThanOrEqual(Math.abs(raw - 0.5) + 1e-12);
      }),
    );
    // Concretely: everything known at 1 → 1; the same with only the stage known → 0.6 (.2·1 + .8·.5).
    const ones = new Array<number>(COMPONENT_COUNT).fill(1);
    expect(scoreFromComponents(ones, ones).investorFit).toBe(1);
    const onlyStage = COMPONENT_KEYS.map((key) => (key === 'stage' ? 1 : null));
    expect(scoreFromComponents(onlyStage, onlyStage).investorFit).toBeCloseTo(0.6, 12);
    expect(scoreFromComponents(onlyStage, onlyStage).score).toBe(60);
    // Nothing known at all: both sides 0.5 → 50.
    const none = new Array<null>(COMPONENT_COUNT).fill(null);
    expect(scoreFromComponents(none, none)).toEqual({ score: 50, investorFit: 0.5, startupFit: 0.5 });
  });

  it('fuses as specified: harmonic 2PQ/(P+Q) ≤ geometric √(PQ) ≤ arithmetic, equal when P = Q', () => {
    const fit = between(0, 1);
    fc.assert(
      fc.property(fit, fit, (p, q) => {
        const harmonic = fuse(p, q, 'harmonic');
        const geometric = fuse(p, q, 'geometric');
        expect(harmonic).toBeCloseTo(referenceFuse(p, q, 'harmonic'), 12);
        expect(geometric).toBeCloseTo(referenceFuse(p, q, 'geometric'), 12);
        expect(harmonic).toBeLessThanOrEqual(geometric + 1e-12);
        expect(geometric).toBeLessThanOrEqual((p + q) / 2 + 1e-12);
        expect(fuse(p, p, 'harmonic')).toBeCloseTo(p, 12);
        expect(fuse(p, p, 'geometric')).toBeCloseTo(p, 12);
      }),
    );
    // The card's example (docs/matching.md §9): their fit for you 74 · your fit for them 82 → 78.
    expect(Math.round(100 * fuse(0.74, 0.82, 'harmonic'))).toBe(78);
    expect(Math.round(100 * fuse(0.4, 0.9, 'geometric'))).toBe(60);
    expect(Math.round(100 * fuse(0.4, 0.9, 'harmonic'))).toBe(55);
  });
});

// ---------------------------------------------------------------------------------------------

/** Investor-side stage distance from the normalised features, independently of the precomputed masks. */
function stageDistanceOf(s: PreparedStartup, i: PreparedInvestor): number {
  if (s.features.stage < 0 || i.features.stages.length === 0) return -1;
  return Math.min(...i.features.stages.map((stage) => Math.abs(stage - s.features.stage)));
}

describe('scorePair and PairScorer over arbitrary raw profiles (normalize → prepare → score)', () => {
  it('scores every pair as an integer in 0–100; fast, batch and explained paths agree (with and without learned adjustments); gates close to 0; explanations are consistent', () => {
    fc.assert(
      fc.property(populationArb, fusionArb, personalListArb, personalListArb, ([rawStartups, rawInvestors], fusion, startupPersonal, investorPersonal) => {
        const { startups, investors, context } = build(rawStartups, rawInvestors, fusion);
        // Learned adjustments (weights, RECON tables) on some profiles: both paths must apply them alike.
        startups.forEach((s, n) => (s.personal = startupPersonal[n] ?? null));
        investors.forEach((i, n) => (i.personal = investorPersonal[n] ?? null));
        const scorer = new PairScorer(context);
        const byInvestor = new Float64Array(investors.length);
        const byStartup = new Float64Array(startups.length);
        const reversedInvestors = Int32Array.from(investors.keys()).reverse();
        const reversedOut = new Float64Array(investors.length);
        startups.forEach((s) => {
          scorer.scoreInvestorsFor(s, investors, byInvestor);
          scorer.scoreInvestorsFor(s, investors, reversedOut, reversedInvestors);
          investors.forEach((i, iPos) => {
            const explained = scorePair(s, i, context);
            const fast = scorer.score(s, i);
            expect(Number.isInteger(explained.score)).toBe(true);
            expect(explained.score).toBeGreaterThanOrEqual(0);
            expect(explained.score).toBeLessThanOrEqual(100);
            expect(fast).toBeGreaterThanOrEqual(0);
            expect(fast).toBeLessThanOrEqual(100);
            // The two paths share one component function: same score, same fits, same gate.
            expect(Math.round(fast)).toBe(explained.score);
            expect(scorer.gated).toBe(explained.gated);
            expect(explained.investorFit).toBe(Math.round(scorer.investorFit * 1000) / 1000);
            expect(explained.startupFit).toBe(Math.round(scorer.startupFit * 1000) / 1000);
            // The batch paths (dense text products, optional positions) give the very same numbers.
            expect(byInvestor[iPos]).toBe(fast);
            expect(reversedOut[investors.length - 1 - iPos]).toBe(fast);
            checkExplanation(explained, scorer);
            // Gates (docs/matching.md §3): an exclusion tag hit or a stage distance ≥ 3 closes the pair.
            const shouldGate = (i.features.exclusionTags & s.features.tags) !== 0 || stageDistanceOf(s, i) >= 3;
            expect(explained.gated).toBe(shouldGate);
            if (shouldGate) {
              expect(explained.score).toBe(0);
              expect(fast).toBe(0);
              expect(explained.gateReason).not.toBeNull();
            } else {
              expect(explained.gateReason).toBeNull();
            }
          });
        });
        investors.forEach((i) => {
          scorer.scoreStartupsFor(i, startups, byStartup);
          startups.forEach((s, sPos) => expect(byStartup[sPos]).toBe(scorer.score(s, i)));
        });
      }),
      { numRuns: 50 },
    );
  });

  it('is deterministic: rebuilding from the same rows gives the same scores and the same explanations', () => {
    fc.assert(
      fc.property(populationArb, ([rawStartups, rawInvestors]) => {
        const first = build(rawStartups, rawInvestors);
        const second = build(structuredClone(rawStartups), structuredClone(rawInvestors));
        first.startups.forEach((s, sPos) =>
          first.investors.forEach((i, iPos) => {
            const explained = scorePair(s, i, first.context);
            expect(scorePair(s, i, first.context)).toEqual(explained);
            expect(scorePair(second.startups[sPos]!, second.investors[iPos]!, second.context)).toEqual(explained);
          }),
        );
      }),
      { numRuns: 15 },
    );
  });
});

/** The explanation invariants of docs/matching.md §4, for any pair. */
function checkExplanation(e: MatchExplanation, scorer: PairScorer): void {
  for (const side of ['investor', 'startup'] as const) {
    const parts = componentsOf(e, side);
    expect(parts.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 3);
    if (!e.gated) {
      // 100·w·c/Σw per component (unknowns at their shrinkage 0.5), each rounded to 0.1.
      const sum = parts.reduce((total, c) => total + c.contribution, 0);
      const fit = side === 'investor' ? scorer.investorFit : scorer.startupFit;
      expect(Math.abs(sum - 100 * fit)).toBeLessThanOrEqual(0.05 * parts.length + 1e-9);
    }
  }
  for (const viewer of VIEWERS) {
    const top = e.topReasons[viewer];
    expect(top.length).toBeLessThanOrEqual(3);
    const strong = e.components.filter((c) => c.value !== null && c.value >= 0.5);
    for (const reason of top) expect(strong.map((c) => c.reason[viewer])).toContain(reason);
    // One reason per component key (its best contribution), best first, and none left out that
    // would beat one shown: as many as there are strong keys, up to 3.
    const bestOf = (reason: string) => Math.max(...strong.filter((c) => c.reason[viewer] === reason).map((c) => c.contribution));
    const keys = top.map((reason) => strong.find((c) => c.reason[viewer] === reason)!.key);
    expect(new Set(keys).size).toBe(top.length);
    const strongKeys = new Set(strong.map((c) => c.key));
    expect(top.length).toBe(Math.min(3, strongKeys.size));
    for (let k = 1; k < top.length; k++) expect(bestOf(top[k - 1]!)).toBeGreaterThanOrEqual(bestOf(top[k]!));
    if (top.length > 0) {
      const weakestShown = bestOf(top[top.length - 1]!);
      for (const c of strong) if (!keys.includes(c.key)) expect(c.contribution).toBeLessThanOrEqual(weakestShown);
    }

    // The biggest shortfall: the weak (< .5) component losing the most points, 100·w·(1 − c), if
    // that is more than a rounding matter (2 points), among those whose line is not already a top
    // reason; none when no such component costs that much. Never a repeat of a top reason.
    const shortfall = e.biggestShortfall[viewer];
    const weak = e.components.filter((c) => c.value !== null && c.value < 0.5 && !top.includes(c.reason[viewer]));
    const lost = (c: (typeof weak)[number]) => 100 * c.weight * (1 - c.value!);
    const mostLost = Math.max(0, ...weak.map(lost));
    if (shortfall === null) expect(mostLost).toBeLessThanOrEqual(2);
    else {
      expect(weak.map((c) => c.reason[viewer])).toContain(shortfall);
      expect(Math.max(...weak.filter((c) => c.reason[viewer] === shortfall).map(lost))).toBe(mostLost);
      expect(mostLost).toBeGreaterThan(2);
      expect(top).not.toContain(shortfall);
    }

    const unknownReasons = new Set(e.components.filter((c) => c.value === null).map((c) => c.reason[viewer]));
    expect(new Set(e.unknowns[viewer])).toEqual(unknownReasons);
    for (const line of e.unknowns[viewer]) expect(line).toMatch(/^Unknown: /);
  }
  // Both viewers see the same number of lines; only the voice differs.
  expect(e.topReasons.startup.length).toBe(e.topReasons.investor.length);
  expect(e.unknowns.startup.length).toBe(e.unknowns.investor.length);
}

// ---------------------------------------------------------------------------------------------
// Concrete profiles for the wording and the gates.

const fintechStartup: RawStartupProfile = {
  id: 1,
  location: 'London, UK',
  stage: 'Seed',
  industry: 'FinTech',
  fundingGoal: 1_000_000,
  description: 'We automate bookkeeping, payments and lending for small businesses.',
  businessModel: { model: 'B2B subscription', pricing: 'per seat' },
  financials: { arr: 420_000 },
  investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$1M - $3M'], industries: ['FinTech', 'SaaS'], location: 'Europe' },
};
const fintechInvestor: RawInvestorProfile = {
  id: 100,
  location: 'London, UK',
  description: 'We back European fintech and B2B software from seed to Series A.',
  investmentThesis: 'Software for small businesses: payments, lending and accounting, with recurring revenue.',
  industryFocus: ['FinTech', 'SaaS'],
  stagePreference: ['Pre-seed', 'Seed'],
  investmentRange: ['$500K - $1M'],
  portfolioSize: 48,
};
const healthInvestor: RawInvestorProfile = {
  id: 101,
  location: 'Boston, MA',
  investmentThesis: 'Remote monitoring and clinical workflow software for hospitals.',
  industryFocus: ['HealthTech'],
  stagePreference: ['Series A', 'Series B'],
  investmentRange: ['$3M - $5M'],
  portfolioSize: 20,
};
const bareStartup: RawStartupProfile = { id: 2, stage: 'Seed' };
// The investor states its cheques, so the unknown check is blamed on the startup's missing goal.
const bareInvestor: RawInvestorProfile = { id: 102, stagePreference: ['Seed'], investmentRange: ['$500K - $1M'] };

function explainOne(
  startup: RawStartupProfile,
  investor: RawInvestorProfile,
  fusion: Fusion = 'harmonic',
  extra: { startups?: RawStartupProfile[]; investors?: RawInvestorProfile[] } = {},
) {
  const built = build([startup, ...(extra.startups ?? [])], [investor, ...(extra.investors ?? [])], fusion);
  const s = built.startups[0]!;
  const i = built.investors[0]!;
  const scorer = new PairScorer(built.context);
  scorer.score(s, i);
  return { e: scorePair(s, i, built.context), scorer, s, i };
}
const component = (e: MatchExplanation, side: Side, key: ComponentKey) => e.components.find((c) => c.side === side && c.key === key)!;

describe('scorePair on concrete profiles', () => {
  const pair = explainOne(fintechStartup, fintechInvestor, 'harmonic', {
    startups: [{ id: 9, industry: 'HealthTech', description: 'Remote monitoring for hospitals.' }],
    investors: [healthInvestor],
  });
  const { e } = pair;

  it('computes the components of docs/matching.md §2', () => {
    expect(component(e, 'investor', 'sector').value).toBe(1);
    expect(component(e, 'investor', 'stage').value).toBe(1);
    // The investor writes $500K–$1M; the startup raises $1M–$3M: ψ(−1) = .7.
    expect(component(e, 'investor', 'check').value).toBe(0.7);
    expect(component(e, 'investor', 'geo').value).toBe(1);
    // The startup wants Seed–Series A investors: the investor's Seed is a hit.
    expect(component(e, 'startup', 'stage').value).toBe(1);
    expect(component(e, 'startup', 'experience').value).toBeCloseTo(Math.min(1, Math.log(49) / Math.log(51)), 3);
    expect(e.components.filter((c) => c.side === 'investor').map((c) => c.key)).toEqual(['sector', 'stage', 'check', 'geo', 'text', 'bizModel']);
    expect(e.components.filter((c) => c.side === 'startup').map((c) => c.key)).toEqual(['sector', 'stage', 'check', 'geo', 'text', 'experience']);
    checkExplanation(e, pair.scorer);
  });

  it('speaks to the startup as "you raise …; they invest …" and to the investor in the mirror voice', () => {
    const stage = component(e, 'investor', 'stage').reason;
    expect(stage.startup).toBe('Stage: you raise Seed; they invest Pre-seed–Seed');
    expect(stage.investor).toBe('Stage: they raise Seed; you invest Pre-seed–Seed');
    const check = component(e, 'investor', 'check').reason;
    expect(check.startup).toBe('Check: they write $500K–$1M, your raise is $1M–$3M (partial)');
    expect(check.investor).toBe('Check: you write $500K–$1M, their raise is $1M–$3M (partial)');
    expect(component(e, 'investor', 'sector').reason).toEqual({ startup: 'Sector: FinTech is in their focus', investor: 'Sector: FinTech is in your focus' });
    expect(component(e, 'investor', 'text').reason.startup).toMatch(/^Shared themes: /);
    // The viewer-specific breakdown stored with a match picks one voice.
    expect(toMatchBreakdown(e, 'startup').topReasons).toEqual(e.topReasons.startup);
    expect(toMatchBreakdown(e, 'investor').components.find((c) => c.key === 'stage' && c.side === 'investor')!.reason).toBe(stage.investor);
  });

  it('lists the top three reasons from strong components and names a weak shortfall', () => {
    expect(e.topReasons.startup).toHaveLength(3);
    expect(e.topReasons.startup[0]).toBe('Sector: FinTech is in their focus');
    expect(e.unknowns).toEqual({ startup: [], investor: [] });
  });

  it('names the biggest shortfall: the weak component that costs the most points', () => {
    // Health investor vs fintech startup: sector 0 is the big loss on the investor side (25 points).
    const { e: far } = explainOne(fintechStartup, { ...healthInvestor, stagePreference: ['Seed'] });
    expect(far.gated).toBe(false);
    expect(component(far, 'investor', 'sector').value).toBe(0);
    expect(far.biggestShortfall.startup).toBe('Sector: FinTech is outside their focus (HealthTech)');
    expect(far.biggestShortfall.investor).toBe('Sector: FinTech is outside your focus (HealthTech)');
  });

  it('lists missing inputs as unknowns and shrinks the incomplete pair toward 0.5', () => {
    const { e: bare } = explainOne(bareStartup, bareInvestor);
    expect(bare.unknowns.startup).toEqual(
      expect.arrayContaining([
        'Unknown: your industry is not given',
        'Unknown: your funding goal is not given',
        'Unknown: their location is not given',
        'Unknown: no description to compare',
      ]),
    );
    expect(bare.unknowns.investor).toEqual(
      expect.arrayContaining(['Unknown: their industry is not given', 'Unknown: your location is not given', 'Unknown: your portfolio size is not given']),
    );
    // Blamed on whoever lacks the input: here the startup's location is missing, the investor's given.
    const { e: noStartupPlace } = explainOne(bareStartup, { ...bareInvestor, location: 'London, UK' });
    expect(noStartupPlace.unknowns.startup).toContain('Unknown: your location is not given');
    expect(noStartupPlace.unknowns.investor).toContain('Unknown: their location is not given');
    expect(explainOne({ ...bareStartup, location: 'Atlantis' }, { ...bareInvestor, location: 'London, UK' }).e.unknowns.startup).toContain(
      'Unknown: your location is not recognised',
    );
    // Only the stage is known on each side (weight .2, value 1): P = .2·1 + .8·.5 = .6 on both sides.
    expect(bare.investorFit).toBe(0.6);
    expect(bare.startupFit).toBe(0.6);
    expect(bare.score).toBe(60);
    // Contributions: the known stage gives 20 points, each unknown its shrinkage 100·w·0.5.
    expect(component(bare, 'investor', 'stage').contribution).toBe(20);
    expect(component(bare, 'investor', 'sector')).toMatchObject({ value: null, contribution: 12.5 });
  });

  it('pulls a profile toward 0.5 when it loses inputs: a strong pair scores lower, a weak one higher', () => {
    const strong = explainOne(fintechStartup, fintechInvestor).e;
    const strongIncomplete = explainOne(
      { ...fintechStartup, location: null, description: null, businessModel: null, financials: null },
      { ...fintechInvestor, location: null },
    ).e;
    expect(strong.investorFit).toBeGreaterThan(0.5);
    expect(strongIncomplete.investorFit).toBeLessThan(strong.investorFit);
    expect(strongIncomplete.investorFit).toBeGreaterThan(0.5);

    const weakInvestor: RawInvestorProfile = { ...healthInvestor, stagePreference: ['Series A'], investmentRange: ['$5M - $10M'] };
    const weak = explainOne(fintechStartup, weakInvestor).e;
    const weakIncomplete = explainOne(fintechStartup, { ...weakInvestor, industryFocus: null, investmentRange: null }).e;
    expect(weak.investorFit).toBeLessThan(0.5);
    expect(weakIncomplete.investorFit).toBeGreaterThan(weak.investorFit);
    expect(weakIncomplete.investorFit).toBeLessThanOrEqual(0.5);
  });

  it('gates a pair to 0 on an exclusion tag, with the reason in both voices', () => {
    const { e: gated, scorer } = explainOne(
      { id: 3, stage: 'Seed', industry: 'Blockchain', description: 'Wallets for traders.' },
      { id: 103, stagePreference: ['Seed'], investmentThesis: "Fintech infrastructure. We don't do crypto." },
    );
    expect(gated.gated).toBe(true);
    expect(gated.score).toBe(0);
    expect(scorer.score(pair.s, pair.i)).toBeGreaterThan(0);
    expect([gated.investorFit, gated.startupFit]).toEqual([0, 0]);
    expect(gated.gateReason).toEqual({ startup: 'Excluded: their thesis rules out crypto', investor: 'Excluded: your thesis rules out crypto' });
  });

  it('gates a pair 3+ stages apart, but not one 2 stages apart', () => {
    const investor: RawInvestorProfile = { id: 104, industryFocus: ['FinTech'], stagePreference: ['Series B'] };
    const three = explainOne({ ...fintechStartup, stage: 'Pre-seed' }, investor).e;
    expect(three.gated).toBe(true);
    expect(three.score).toBe(0);
    expect(three.gateReason?.startup).toBe('Excluded: you raise Pre-seed; they invest Series B (3+ stages apart)');
    const two = explainOne({ ...fintechStartup, stage: 'Seed' }, investor).e;
    expect(two.gated).toBe(false);
    expect(two.score).toBeGreaterThan(0);
    expect(component(two, 'investor', 'stage').value).toBe(0.15);
    // An unknown stage never gates.
    expect(explainOne({ ...fintechStartup, stage: null }, investor).e.gated).toBe(false);
  });

  it('fuses with the configured operator (harmonic by default, geometric on request)', () => {
    const harmonic = explainOne(fintechStartup, healthInvestor, 'harmonic');
    const geometric = explainOne(fintechStartup, healthInvestor, 'geometric');
    expect(geometric.e.investorFit).toBe(harmonic.e.investorFit);
    expect(geometric.e.startupFit).toBe(harmonic.e.startupFit);
    const p = harmonic.scorer.investorFit;
    const q = harmonic.scorer.startupFit;
    expect(p).not.toBeCloseTo(q, 2);
    expect(harmonic.e.score).toBe(Math.round((100 * 2 * p * q) / (p + q)));
    expect(geometric.e.score).toBe(Math.round(100 * Math.sqrt(p * q)));
    expect(geometric.e.score).toBeGreaterThan(harmonic.e.score);
  });
});
