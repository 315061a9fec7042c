// npm run eval:matching — offline evaluation of the matching engine on a seeded synthetic
// marketplace with planted hidden truth (docs/matching.md, "Quality"). Startups are the users: half are a
// training split whose simulated decisions feed learning; the other half are held out, and every
// metric is computed on their top-10 investor lists. Relevance = a mutual accept, drawn once per
// pair from σ(4(U − τ)) with the hidden utilities, so every ranker faces the same outcomes.
import { CandidateIndex } from '../src/server/features/matching/engine/candidates';
import {
  congestionAdjusted,
  createUserState,
  fitGlobalModel,
  personalAdjustments,
  rankingWeights,
  recordDecision,
  startupAttributes,
  statedPriors,
  uncertainty,
  withExploration,
  type Decision,
  type UserLearningState,
} from '../src/server/features/matching/engine/learning';
import { normalizeInvestor, normalizeStartup } from '../src/server/features/matching/engine/normalize';
import { createScoringContext, knownShare, PairScorer, type ScoringContext } from '../src/server/features/matching/engine/pair-scorer';
import { prepareInvestors, prepareStartups, type PreparedInvestor, type PreparedStartup } from '../src/server/features/matching/engine/prepared-profiles';
import { COMPONENT_COUNT } from '../src/server/features/matching/engine/score-components';
import { buildTextIndex } from '../src/server/features/matching/engine/text-index';
import { createRandom, decisions, generatePopulation } from './lib/synthetic-population';
import { formatTable, gini, mean, ndcgAt, precisionAt, reciprocalRankAt, topK } from './lib/ranking-metrics';

const STARTUPS = Number(process.env.EVAL_STARTUPS ?? 4000);
const INVESTORS = Number(process.env.EVAL_INVESTORS ?? 800);
const SEED = Number(process.env.EVAL_SEED ?? 42);
const K = 10;
/** Exploration slots per ten in the learning ranker (1–2 of every 10 go to uncertain candidates). */
const EXPLORATION_SLOTS = 1;
/** Suggestions per user in the simulated training round (the engine's default list length). */
const ROUND_ONE_SIZE = 20;
/**
 * Congestion cap, in average loads: an investor with this many times the average number of
 * pending suggestions is ranked at value/√2. The guide leaves the cap open; 4× lets the popular
 * stay popular while no one is flooded.
 */
const CONGESTION_CAP_LOADS = 4;

const started = performance.now();
const population = generatePopulation({ startups: STARTUPS, investors: INVESTORS, seed: SEED });
const startupFeatures = population.startups.map((s) => normalizeStartup(s.raw));
const investorFeatures = population.investors.map((i) => normalizeInvestor(i.raw));
const built = buildTextIndex(
  startupFeatures.map((f) => f.document),
  investorFeatures.map((f) => f.document),
  { seed: SEED },
);
const startups = prepareStartups(startupFeatures, built.startupVectors);
const investors = prepareInvestors(investorFeatures, built.investorVectors);
const baseContext = createScoringContext(built.index);

// A seeded 50/50 split of the startups (the users).
const splitRandom = createRandom(SEED + 1);
const isTest = population.startups.map(() => splitRandom() < 0.5);
const testPositions = population.startups.map((_, n) => n).filter((n) => isTest[n]);
const trainPositions = population.startups.map((_, n) => n).filter((n) => !isTest[n]);

// Ground truth for every held-out pair (and lazily for training pairs).
const nI = investors.length;
const mutual = new Uint8Array(testPositions.length * nI);
const mutualCount = new Int32Array(testPositions.length);
testPositions.forEach((sPos, row) => {
  for (let iPos = 0; iPos < nI; iPos++) {
    const outcome = decisions(population.startups[sPos]!, population.investors[iPos]!);
    if (outcome.investorAccepts && outcome.startupAccepts) {
      mutual[row * nI + iPos] = 1;
      mutualCount[row]! += 1;
    }
  }
});

interface Scored {
  score: Float32Array;
  investorFit: Float32Array;
  startupFit: Float32Array;
}

/** Scores every held-out startup against every investor (brute force, so rankers differ only in model). */
function scoreTestPairs(context: ScoringContext): Scored {
  const scorer = new PairScorer(context);
  const scored: Scored = { score: new Float32Array(mutual.length), investorFit: new Float32Array(mutual.length), startupFit: new Float32Array(mutual.length) };
  testPositions.forEach((sPos, row) => {
    const s = startups[sPos]!;
    for (let iPos = 0; iPos < nI; iPos++) {
      scored.score[row * nI + iPos] = scorer.score(s, investors[iPos]!);
      scored.investorFit[row * nI + iPos] = scorer.investorFit;
      scored.startupFit[row * nI + iPos] = scorer.startupFit;
    }
  });
  return scored;
}

interface Metrics {
  precision: number;
  ndcg: number;
  mrr: number;
  hitRate: number;
  coverage: number;
  gini: number;
}

function evaluate(lists: number[][]): Metrics {
  const exposure = new Int32Array(nI);
  const precision: number[] = [];
  const ndcg: number[] = [];
  const mrr: number[] = [];
  const hits: number[] = [];
  lists.forEach((list, row) => {
    const relevant = list.map((iPos) => mutual[row * nI + iPos] === 1);
    for (const iPos of list) exposure[iPos]! += 1;
    precision.push(precisionAt(relevant, K));
    ndcg.push(ndcgAt(relevant, K, mutualCount[row]!));
    mrr.push(reciprocalRankAt(relevant, K));
    hits.push(relevant.some(Boolean) ? 1 : 0);
  });
  return {
    precision: mean(precision),
    ndcg: mean(ndcg),
    mrr: mean(mrr),
    hitRate: mean(hits),
    coverage: exposure.filter((count) => count > 0).length / nI,
    gini: gini(exposure),
  };
}

const listsBy = (values: Float32Array) => testPositions.map((_, row) => topK(values.subarray(row * nI, (row + 1) * nI), K));

// --- Rankers without learning -------------------------------------------------------------------
const base = scoreTestPairs(baseContext);
const randomValues = new Float32Array(mutual.length);
const shuffle = createRandom(SEED + 2);
for (let n = 0; n < randomValues.length; n++) randomValues[n] = shuffle();
const results: Array<[string, Metrics]> = [
  ['random', evaluate(listsBy(randomValues))],
  ['investor side only (P_I)', evaluate(listsBy(base.investorFit))],
  ['startup side only (P_S)', evaluate(listsBy(base.startupFit))],
  ['two-sided (harmonic)', evaluate(listsBy(base.score))],
];

// --- One round of learning on the training split -------------------------------------------------
// Round 1: each training startup is shown its top 10 investors and each investor its top 10
// training startups (two-sided score); both parties decide. Decisions carry the deciding side's
// component snapshot, as match_decisions.components_snapshot will.
const scorer = new PairScorer(baseContext);
const investorDecisions: Array<{ iPos: number; sPos: number; decision: Decision }> = [];
const startupDecisions: Decision[] = [];
const shown = new Set<number>();
function show(sPos: number, iPos: number): void {
  const key = sPos * nI + iPos;
  if (shown.has(key)) return;
  shown.add(key);
  scorer.score(startups[sPos]!, investors[iPos]!);
  const values = scorer.lastComponents;
  const investorSide = Array.from(values.subarray(0, COMPONENT_COUNT));
  const startupSide = Array.from(values.subarray(COMPONENT_COUNT));
  const outcome = decisions(population.startups[sPos]!, population.investors[iPos]!);
  investorDecisions.push({ iPos, sPos, decision: { components: investorSide, accepted: outcome.investorAccepts } });
  startupDecisions.push({ components: startupSide, accepted: outcome.startupAccepts });
}
const trainScores = new Float64Array(nI);
for (const sPos of trainPositions) {
  scorer.scoreInvestorsFor(startups[sPos]!, investors, trainScores);
  for (const iPos of topK(trainScores, ROUND_ONE_SIZE)) show(sPos, iPos);
}
const trainStartups = trainPositions.map((sPos) => startups[sPos]!);
const perInvestorScores = new Float64Array(trainStartups.length);
investors.forEach((investor, iPos) => {
  scorer.scoreStartupsFor(investor, trainStartups, perInvestorScores);
  for (const row of topK(perInvestorScores, ROUND_ONE_SIZE)) show(trainPositions[row]!, iPos);
});

// Fit the global models, then each investor's δ online, in decision order, and RECON counts.
const investorModel = fitGlobalModel(
  'investor',
  investorDecisions.map((d) => d.decision),
);
const startupModel = fitGlobalModel('startup', startupDecisions);
const states: UserLearningState[] = investors.map(() => createUserState('investor'));
for (const { iPos, sPos, decision } of investorDecisions) {
  states[iPos] = recordDecision(states[iPos]!, investorModel, decision, startupAttributes(startups[sPos]!));
}
const learnedInvestors: PreparedInvestor[] = investors.map((investor, iPos) => ({
  ...investor,
  personal: personalAdjustments(states[iPos]!, investorModel, statedPriors({ kind: 'investor', investor })),
}));
const learnedContext: ScoringContext = { ...baseContext, startupWeights: rankingWeights(startupModel, new Array<number>(COMPONENT_COUNT).fill(0)) };
const decisionsPerInvestor = new Int32Array(nI);
for (const { iPos } of investorDecisions) decisionsPerInvestor[iPos]! += 1;

// Held-out ranking with the learned model, congestion-aware (pending suggestions per investor,
// cap = the average load) and one exploration slot in ten for uncertain investors.
function learnedLists(withCongestion: boolean, explorationSlots: 0 | 1 | 2): number[][] {
  const learnedScorer = new PairScorer(learnedContext);
  const pending = new Int32Array(nI);
  const cap = (CONGESTION_CAP_LOADS * testPositions.length * K) / nI;
  const values = new Float64Array(nI);
  return testPositions.map((sPos) => {
    const s: PreparedStartup = startups[sPos]!;
    learnedScorer.scoreInvestorsFor(s, learnedInvestors, values);
    const ranked = Float64Array.from(values, (score, iPos) => (withCongestion ? congestionAdjusted(score, pending[iPos]!, cap) : score));
    const pool = topK(ranked, K * 5);
    let list = pool.slice(0, K);
    if (explorationSlots > 0) {
      const uncertainOf = (iPos: number) => {
        learnedScorer.score(s, learnedInvestors[iPos]!);
        const known =
          (knownShare(learnedScorer.lastComponents, 0, learnedContext.investorWeights) +
            knownShare(learnedScorer.lastComponents, COMPONENT_COUNT, learnedContext.startupWeights)) /
          2;
        return uncertainty(known, decisionsPerInvestor[iPos]!);
      };
      // Exploration candidates: decent scores (the rest of the top 50), most uncertain first.
      const exploration = pool.slice(K).sort((a, b) => uncertainOf(b) - uncertainOf(a) || a - b);
      list = withExploration(list, exploration, explorationSlots === 2 ? 2 : 1);
    }
    for (const iPos of list) pending[iPos]! += 1;
    return list;
  });
}
// The learning ranker is the whole learning loop (refit w, δ, RECON, congestion-aware ranking);
// the rows around it show what congestion buys (coverage) and what exploration costs this round
// (its payoff, information for the next round, is outside a one-round offline eval).
const LEARNED = 'two-sided + learning (congestion-aware)';
results.push(['two-sided + learning, without congestion', evaluate(learnedLists(false, 0))]);
results.push([LEARNED, evaluate(learnedLists(true, 0))]);
results.push([`${LEARNED} + ${EXPLORATION_SLOTS} explore/10`, evaluate(learnedLists(true, EXPLORATION_SLOTS))]);

// --- Report ------------------------------------------------------------------------------------
const f3 = (value: number) => value.toFixed(3);
console.log(
  `Matching eval: ${STARTUPS} startups × ${INVESTORS} investors, seed ${SEED}; ${testPositions.length} held-out startups, ${trainPositions.length} training`,
);
console.log(
  `Text index: ${built.index.vocabulary.size} terms, c50 = ${f3(built.index.c50)}, c99 = ${f3(built.index.c99)}; round-1 decisions: ${investorDecisions.length} pairs\n`,
);
console.log(
  formatTable(
    ['ranker', 'P@10', 'NDCG@10', 'MRR@10', 'recip. hit@10', 'inv. coverage@10', 'exposure Gini'],
    results.map(([name, m]) => [name, f3(m.precision), f3(m.ndcg), f3(m.mrr), f3(m.hitRate), f3(m.coverage), f3(m.gini)]),
  ),
);

// Calibration: the mutual rate per decile of the two-sided score over all held-out pairs.
const order = Array.from(base.score.keys()).sort((a, b) => base.score[a]! - base.score[b]!);
const deciles: string[] = [];
for (let d = 0; d < 10; d++) {
  const slice = order.slice(Math.floor((d * order.length) / 10), Math.floor(((d + 1) * order.length) / 10));
  deciles.push(f3(slice.reduce((sum, pair) => sum + mutual[pair]!, 0) / slice.length));
}
console.log(`\nCalibration (two-sided): mutual rate by score decile, lowest → highest\n${deciles.join('  ')}`);

// Blocking recall: how much of each held-out startup's brute-force top 10 survives blocking.
const blocking = new CandidateIndex(startups, investors);
let kept = 0;
let candidateTotal = 0;
testPositions.forEach((sPos, row) => {
  const candidates = new Set(blocking.investorsFor(startups[sPos]!));
  candidateTotal += candidates.size;
  for (const iPos of topK(base.score.subarray(row * nI, (row + 1) * nI), K)) if (candidates.has(iPos)) kept++;
});
console.log(
  `\nBlocking: ${f3(candidateTotal / testPositions.length / nI)} of investors scored per startup; recall of the brute-force top 10: ${f3(kept / (testPositions.length * K))}`,
);

// Targets: two-sided beats the best one-sided ranker by ≥ 10%; learning improves P@10 without
// dropping investor coverage below .85.
const precisionOf = (name: string) => results.find(([n]) => n === name)![1].precision;
const bestOneSided = Math.max(precisionOf('investor side only (P_I)'), precisionOf('startup side only (P_S)'));
const twoSided = precisionOf('two-sided (harmonic)');
const learned = results.find(([n]) => n === LEARNED)![1];
const lift = twoSided / bestOneSided - 1;
const checks = [
  [`two-sided P@10 ≥ 1.10 × best one-sided (${f3(twoSided)} vs ${f3(bestOneSided)}: ${(100 * lift).toFixed(1)}%)`, lift >= 0.1],
  [`learning improves P@10 (${f3(learned.precision)} vs ${f3(twoSided)})`, learned.precision > twoSided],
  [`learning keeps investor coverage@10 ≥ 0.85 (${f3(learned.coverage)})`, learned.coverage >= 0.85],
] as const;
console.log('\nTargets:');
for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}`);
console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
