// npm run bench:matching — how fast the matching engine scores (docs/matching.md, "Speed"). Every figure
// is the median of several repetitions and comes with a ratio against a baseline measured in the
// same run, so a loaded or slower machine shifts both alike:
// - a trivial typed-array loop of the same length (the machine's "speed of light");
// - brute force against blocked candidates;
// - the explained path (reasons built) against the numeric fast path.
// Sections are plain functions returning rows; append new ones (the end-to-end HTTP section
// belongs to the server, see the end of the file) without touching the engine ones.
import { byInvestorBlockingKey, byStartupBlockingKey, CandidateIndex, rankCandidates } from '../src/server/features/matching/engine/candidates';
import { normalizeInvestor, normalizeStartup } from '../src/server/features/matching/engine/normalize';
import { scorePair } from '../src/server/features/matching/engine/match-explanation';
import { createScoringContext, PairScorer, type ScoringContext } from '../src/server/features/matching/engine/pair-scorer';
import { prepareInvestors, prepareStartups, type PreparedInvestor, type PreparedStartup } from '../src/server/features/matching/engine/prepared-profiles';
import { buildTextIndex } from '../src/server/features/matching/engine/text-index';
import { benchGenerateRequests } from './lib/generate-request';
import { generatePopulation } from './lib/synthetic-population';
import { formatTable, median } from './lib/ranking-metrics';

const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 9);
const SEED = 7;

type Row = [label: string, median: string, baseline: string, ratio: string, note: string];
interface Section {
  title: string;
  run: () => Row[];
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;

/** Median wall time (ms) of `repetitions` runs of `body(repetition)`, after one warm-up run. */
function time(body: (repetition: number) => void, repetitions = REPETITIONS): number {
  body(-1);
  const samples: number[] = [];
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const started = performance.now();
    body(repetition);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

// A loop over typed arrays doing about what one pair costs in memory traffic, minus the model:
// the floor any scorer of `pairs` profiles pays on this machine, measured now.
const trivialA = new Float64Array(100_000).map((_, k) => (k % 7) / 7);
const trivialB = new Float64Array(100_000).map((_, k) => (k % 5) / 5);
let sink = 0;
function trivialLoop(pairs: number): void {
  let sum = 0;
  for (let k = 0; k < pairs; k++) sum += trivialA[k % 100_000]! * trivialB[(k * 7) % 100_000]!;
  sink += sum;
}

// --- Populations ---------------------------------------------------------------------------------
interface Population {
  startups: PreparedStartup[];
  investors: PreparedInvestor[];
  context: ScoringContext;
  setup: string;
}

/** Generates, normalises, indexes and prepares a population, in blocking-key order as MatchingEngine does. */
function buildPopulation(startupCount: number, investorCount: number, seed: number): Population {
  const started = performance.now();
  const population = generatePopulation({ startups: startupCount, investors: investorCount, seed });
  const generated = performance.now();
  const startupFeatures = population.startups.map((s) => normalizeStartup(s.raw)).sort(byStartupBlockingKey);
  const investorFeatures = population.investors.map((i) => normalizeInvestor(i.raw)).sort(byInvestorBlockingKey);
  const normalized = performance.now();
  const built = buildTextIndex(
    startupFeatures.map((f) => f.document),
    investorFeatures.map((f) => f.document),
    { seed },
  );
  const indexed = performance.now();
  const startups = prepareStartups(startupFeatures, built.startupVectors);
  const investors = prepareInvestors(investorFeatures, built.investorVectors);
  const prepared = performance.now();
  const profiles = startupCount + investorCount;
  const setup =
    `generate ${ms(generated - started)}, normalise ${ms(normalized - generated)} (${((1000 * (normalized - generated)) / profiles).toFixed(0)} µs/profile), ` +
    `TF-IDF index ${ms(indexed - normalized)} (${built.index.vocabulary.size} terms), prepare ${ms(prepared - indexed)}`;
  return { startups, investors, context: createScoringContext(built.index), setup };
}

const large = buildPopulation(100_000, 20_000, SEED);
const { startups, investors, context } = large;
const scorer = new PairScorer(context);
console.log(
  `Matching bench: ${startups.length.toLocaleString('en')} startups × ${investors.length.toLocaleString('en')} investors (seed ${SEED}), median of ${REPETITIONS} runs`,
);
console.log(`Setup (once per rebuild, not per request): ${large.setup}\n`);

const sections: Section[] = [];

sections.push({
  title: 'One startup against 20,000 investors (brute force, fast path)',
  run: () => {
    const scores = new Float64Array(investors.length);
    const subject = (r: number) => startups[(r + 1) * 7_919]!;
    const fast = time((r) => scorer.scoreInvestorsFor(subject(r), investors, scores));
    const trivial = time(() => trivialLoop(investors.length));
    const explainedSample = 2_000;
    const explained =
      time((r) => {
        const s = subject(r);
        for (let n = 0; n < explainedSample; n++) scorePair(s, investors[n * 10]!, context);
      }, 3) *
      (investors.length / explainedSample);
    const ranked = time((r) => rankCandidates(scorer, { kind: 'startup', startup: subject(r) }, investors, null, { limit: 20 }));
    return [
      [
        'score 20k pairs',
        ms(fast),
        `trivial loop ${ms(trivial)}`,
        ratio(fast, trivial),
        `target < 100 ms; ${(((investors.length / fast) * 1000) / 1e6).toFixed(2)} M pairs/s`,
      ],
      ['score + top 20 (rankCandidates)', ms(ranked), `fast path ${ms(fast)}`, ratio(ranked, fast), 'bounded heap, no full sort'],
      [
        'explained path (reasons), 20k',
        ms(explained),
        `fast path ${ms(fast)}`,
        ratio(explained, fast),
        `extrapolated from ${explainedSample.toLocaleString('en')} pairs: build reasons for the top N only`,
      ],
    ];
  },
});

sections.push({
  title: 'One investor against 100,000 startups (blocked vs brute force)',
  run: () => {
    const blocking = new CandidateIndex(startups, investors);
    const pick = (r: number) => investors[(r + 1) * 1_999]!;
    let candidates = 0;
    const blocked = time((r) => {
      const investor = pick(r);
      const positions = blocking.startupsFor(investor);
      candidates += positions.length;
      rankCandidates(scorer, { kind: 'investor', investor }, startups, positions, { limit: 20 });
    });
    const brute = time((r) => rankCandidates(scorer, { kind: 'investor', investor: pick(r) }, startups, null, { limit: 20 }));
    const share = candidates / (REPETITIONS + 1) / startups.length;
    return [
      [
        'blocked: candidates + score + top 20',
        ms(blocked),
        `brute force ${ms(brute)}`,
        ratio(blocked, brute),
        `${(100 * share).toFixed(1)}% of startups scored; guide ~40 ms`,
      ],
    ];
  },
});

sections.push({
  title: 'Full re-score, 10,000 startups × 10,000 investors (blocked)',
  run: () => {
    const square = buildPopulation(10_000, 10_000, SEED + 1);
    const someStartups = square.startups;
    const someInvestors = square.investors;
    const squareScorer = new PairScorer(square.context);
    let blockedPairs = 0;
    let blocking: CandidateIndex | null = null;
    const buildIndex = time(() => {
      blocking = new CandidateIndex(someStartups, someInvestors);
    }, 3);
    const scores = new Float64Array(someStartups.length);
    const blocked = time(() => {
      blockedPairs = 0;
      for (const investor of someInvestors) {
        const positions = blocking!.startupsFor(investor);
        blockedPairs += positions.length;
        squareScorer.scoreStartupsFor(investor, someStartups, scores, positions);
      }
    }, 3);
    // Brute force on a tenth of the investors, scaled up: the full 10^8 pairs would only repeat it.
    const sampleInvestors = someInvestors.filter((_, n) => n % 10 === 0);
    const bruteSample = time(() => {
      for (const investor of sampleInvestors) squareScorer.scoreStartupsFor(investor, someStartups, scores);
    }, 3);
    const brute = bruteSample * (someInvestors.length / sampleInvestors.length);
    const perCore = (sampleInvestors.length * someStartups.length) / (bruteSample / 1000);
    const trivial = time(() => trivialLoop(sampleInvestors.length * someStartups.length), 3);
    return [
      [
        'blocked re-score (10k × 10k)',
        ms(blocked),
        `brute force ${ms(brute)} (est.)`,
        ratio(blocked, brute),
        `${(blockedPairs / 1e6).toFixed(1)} M of 100 M pairs scored; index build ${ms(buildIndex)}`,
      ],
      [
        'pairs per second per core',
        `${(perCore / 1e6).toFixed(2)} M/s`,
        `trivial loop ${((sampleInvestors.length * someStartups.length) / (trivial / 1000) / 1e6).toFixed(0)} M/s`,
        ratio(trivial, bruteSample),
        'target ≥ 3 M/s (single thread, brute force)',
      ],
    ];
  },
});

for (const section of sections) {
  console.log(`## ${section.title}`);
  console.log(formatTable(['measure', 'median', 'baseline', 'ratio', 'note'], section.run()));
  console.log('');
}
if (sink === Number.POSITIVE_INFINITY) console.log(sink); // keeps the trivial loop from being optimised away

// --- End-to-end HTTP (POST /api/generate-matches) --------------------------------------------------
const requestStartups = Number(process.env.BENCH_REQUEST_STARTUPS ?? 20_000);
const requestInvestors = Number(process.env.BENCH_REQUEST_INVESTORS ?? 20_000);
console.log(
  `## POST /api/generate-matches end to end (real HTTP, ${requestStartups.toLocaleString('en')} startups × ${requestInvestors.toLocaleString('en')} investors in the database)`,
);
const requestRows = await benchGenerateRequests({ startups: requestStartups, investors: requestInvestors, repetitions: REPETITIONS, seed: SEED + 2 });
console.log(formatTable(['measure', 'median', 'baseline', 'ratio', 'note'], requestRows));
