// The engine's front door for the matching service: raw profile rows in, ranked and explained
// suggestions out. It wires normalize → text index → prepared profiles → blocking → fast scoring
// → explanations for the top N, and applies learned per-user state when given. Pure and
// in-memory: the service loads rows and stores results; nothing here touches the database.
import { byInvestorBlockingKey, byStartupBlockingKey, CandidateIndex, rankCandidates, type RankedCandidate } from './candidates';
import {
  congestionAdjusted,
  investorAttributes,
  personalAdjustments,
  startupAttributes,
  statedPriors,
  uncertainty,
  withExploration,
  type CounterpartAttributes,
  type GlobalModel,
  type UserLearningState,
} from './learning';
import { normalizeInvestor, normalizeStartup, type RawInvestorProfile, type RawStartupProfile } from './normalize';
import { scorePair, type MatchExplanation } from './match-explanation';
import { createScoringContext, knownShare, PairScorer, type Fusion, type ScoringContext } from './pair-scorer';
import { prepareInvestor, prepareInvestors, prepareStartup, prepareStartups, type PreparedInvestor, type PreparedStartup } from './prepared-profiles';
import { buildRevealedProfile, type TrackRecordDeal } from './revealed-preferences';
import { checkFit, stageDistance, STAGE_GATE_DISTANCE, type Side } from './score-components';
import { buildTextIndex, vectorize, type TextIndex } from './text-index';

export interface MatchingEngineOptions {
  fusion?: Fusion;
  /** Seed for the text index's cosine-percentile sample. */
  seed?: number;
}

export interface SuggestedMatch {
  startupId: number;
  investorId: number;
  /** 0–100 integer, the value to store in matches.score. */
  score: number;
  explanation: MatchExplanation;
  /** True when this suggestion fills an exploration slot rather than ranking on its score. */
  isExploration: boolean;
}

export interface MatchListOptions {
  /** How many suggestions (default 20). */
  limit?: number;
  /** Minimum unrounded score (default 30). */
  floor?: number;
  /** Counterpart ids never to suggest (already decided, already pending, blocked). */
  excludeIds?: ReadonlySet<number>;
  /** Congestion-aware ranking: pending suggestions per counterpart id, and the cap. */
  pendingByCounterpartId?: ReadonlyMap<number, number>;
  congestionCap?: number;
  /** Exploration slots per ten (default 0: off); needs decisionsByCounterpartId to be useful. */
  explorationSlotsPerTen?: 0 | 1 | 2;
  decisionsByCounterpartId?: ReadonlyMap<number, number>;
}

/**
 * Why a counterpart would not be suggested on the pair's merits alone (decisions and blocks aside):
 * the closed gates first (docs/matching.md §3), then a score under the floor, with a check size
 * outside the startup's round named as its own reason; 'outside_focus' scores well enough but is
 * outside the sectors and stages blocking scores (§8); 'eligible' competes for a place.
 */
export type CounterpartVerdict = 'gated_exclusion' | 'gated_stage' | 'gated_check_size' | 'below_threshold' | 'outside_focus' | 'eligible';

export interface LearnedStates {
  models: { investor: GlobalModel; startup: GlobalModel };
  /** Per-user states by profile id, for the side that state.side names. */
  states: Iterable<{ id: number; state: UserLearningState }>;
}

export class MatchingEngine {
  readonly index: TextIndex;
  readonly context: ScoringContext;
  readonly startups: PreparedStartup[];
  readonly investors: PreparedInvestor[];
  private candidateIndex: CandidateIndex | null = null;
  private readonly scorer: PairScorer;
  private readonly startupPositions = new Map<number, number>();
  private readonly investorPositions = new Map<number, number>();

  constructor(rows: { startups: readonly RawStartupProfile[]; investors: readonly RawInvestorProfile[] }, options: MatchingEngineOptions = {}) {
    // Blocking-key order: each key's profiles contiguous in memory (see byStartupBlockingKey).
    const startupFeatures = rows.startups.map(normalizeStartup).sort(byStartupBlockingKey);
    const investorFeatures = rows.investors.map(normalizeInvestor).sort(byInvestorBlockingKey);
    const built = buildTextIndex(
      startupFeatures.map((f) => f.document),
      investorFeatures.map((f) => f.document),
      { seed: options.seed ?? 1 },
    );
    this.index = built.index;
    this.context = createScoringContext(built.index, { fusion: options.fusion });
    this.startups = prepareStartups(startupFeatures, built.startupVectors);
    this.investors = prepareInvestors(investorFeatures, built.investorVectors);
    this.startups.forEach((s, position) => this.startupPositions.set(s.features.id, position));
    this.investors.forEach((i, position) => this.investorPositions.set(i.features.id, position));
    this.scorer = new PairScorer(this.context);
  }

  /** The blocking index, rebuilt lazily after profiles change (linear in the population). */
  get candidates(): CandidateIndex {
    this.candidateIndex ??= new CandidateIndex(this.startups, this.investors);
    return this.candidateIndex;
  }

  /**
   * Adds or replaces one startup after a profile save, against the frozen text index (docs/matching.md §8:
   * re-score only that profile's pairs; the idf moves only at the next full rebuild). Follow with
   * matchesForStartup to get its new suggestions.
   */
  upsertStartup(row: RawStartupProfile): void {
    const features = normalizeStartup(row);
    const prepared = prepareStartup(features, vectorize(this.index, features.document));
    const position = this.startupPositions.get(row.id);
    if (position === undefined) {
      this.startupPositions.set(row.id, this.startups.length);
      this.startups.push(prepared);
    } else {
      prepared.personal = this.startups[position]!.personal;
      this.startups[position] = prepared;
    }
    this.candidateIndex = null;
  }

  /** The investor counterpart of upsertStartup. */
  upsertInvestor(row: RawInvestorProfile): void {
    const features = normalizeInvestor(row);
    const prepared = prepareInvestor(features, vectorize(this.index, features.document));
    const position = this.investorPositions.get(row.id);
    if (position === undefined) {
      this.investorPositions.set(row.id, this.investors.length);
      this.investors.push(prepared);
    } else {
      prepared.personal = this.investors[position]!.personal;
      prepared.revealed = this.investors[position]!.revealed;
      this.investors[position] = prepared;
    }
    this.candidateIndex = null;
  }

  /** Attaches learned per-user adjustments (weights and implicit preferences) to the profiles. */
  applyLearning(learned: LearnedStates): void {
    for (const { id, state } of learned.states) {
      // A state with no decisions has learned nothing (a track-record change creates one to stamp
      // the investor, engine-store.ts): the profile keeps the prior table, as without a state.
      if (state.decisions === 0) continue;
      if (state.side === 'investor') {
        const investor = this.investors[this.investorPositions.get(id) ?? -1];
        if (investor) investor.personal = personalAdjustments(state, learned.models.investor, statedPriors({ kind: 'investor', investor }));
      } else {
        const startup = this.startups[this.startupPositions.get(id) ?? -1];
        if (startup) startup.personal = personalAdjustments(state, learned.models.startup, statedPriors({ kind: 'startup', startup }));
      }
    }
  }

  /**
   * Sets investors' track records as revealed preferences (docs/matching.md §2b), weighed on
   * `asOf` (recency is measured from it; the caller passes its clock, so the engine stays pure). An
   * empty list clears an investor's; investors not named keep theirs.
   */
  setTrackRecords(records: Iterable<[investorId: number, deals: readonly TrackRecordDeal[]]>, asOf: Date): void {
    for (const [id, deals] of records) {
      const investor = this.investors[this.investorPositions.get(id) ?? -1];
      if (investor) investor.revealed = buildRevealedProfile(deals, asOf);
    }
  }

  /** How many profiles the engine holds, both sides together. */
  get population(): number {
    return this.startups.length + this.investors.length;
  }

  /** Whether a profile of this side and id is loaded. */
  has(side: Side, id: number): boolean {
    return (side === 'startup' ? this.startupPositions : this.investorPositions).has(id);
  }

  /**
   * What learning records about a profile when someone decides on it (its industry, stage, check
   * bucket and continent), or null if the engine does not hold it.
   */
  attributesOf(side: Side, id: number): CounterpartAttributes | null {
    if (side === 'startup') {
      const startup = this.startups[this.startupPositions.get(id) ?? -1];
      return startup ? startupAttributes(startup) : null;
    }
    const investor = this.investors[this.investorPositions.get(id) ?? -1];
    return investor ? investorAttributes(investor) : null;
  }

  /** The full explanation of one pair, or null if either id is unknown to this engine. */
  explain(startupId: number, investorId: number): MatchExplanation | null {
    const s = this.startups[this.startupPositions.get(startupId) ?? -1];
    const i = this.investors[this.investorPositions.get(investorId) ?? -1];
    return s && i ? scorePair(s, i, this.context) : null;
  }

  /** Ranked, explained investor suggestions for a startup (blocked candidates only). */
  matchesForStartup(startupId: number, options: MatchListOptions = {}): SuggestedMatch[] {
    const s = this.startups[this.startupPositions.get(startupId) ?? -1];
    if (!s) return [];
    const positions = this.candidates.investorsFor(s);
    const ranked = this.rank({ kind: 'startup', startup: s }, this.investors, positions, (position) => this.investors[position]!.features.id, options);
    return ranked.map(({ position, isExploration }) => this.suggestion(s, this.investors[position]!, isExploration));
  }

  /** Ranked, explained startup suggestions for an investor (blocked candidates only). */
  matchesForInvestor(investorId: number, options: MatchListOptions = {}): SuggestedMatch[] {
    const i = this.investors[this.investorPositions.get(investorId) ?? -1];
    if (!i) return [];
    const positions = this.candidates.startupsFor(i);
    const ranked = this.rank({ kind: 'investor', investor: i }, this.startups, positions, (position) => this.startups[position]!.features.id, options);
    return ranked.map(({ position, isExploration }) => this.suggestion(this.startups[position]!, i, isExploration));
  }

  /**
   * Every profile of the other side with its verdict for this profile, for the generation result's
   * "why so few" (docs/matching.md §5). It scores all of them (linear, once per run) with the same
   * fast path and floor as ranking, so a counterpart 'eligible' here is one ranking could pick.
   */
  screenCounterparts(side: Side, id: number, floor: number): Array<{ counterpartId: number; verdict: CounterpartVerdict }> {
    if (side === 'startup') {
      const s = this.startups[this.startupPositions.get(id) ?? -1];
      if (!s) return [];
      const scores = new Float64Array(this.investors.length);
      this.scorer.scoreInvestorsFor(s, this.investors, scores);
      const candidates = new Set(this.candidates.investorsFor(s));
      return this.investors.map((i, position) => ({
        counterpartId: i.features.id,
        verdict: verdictOf(s, i, scores[position]!, floor, candidates.has(position)),
      }));
    }
    const i = this.investors[this.investorPositions.get(id) ?? -1];
    if (!i) return [];
    const scores = new Float64Array(this.startups.length);
    this.scorer.scoreStartupsFor(i, this.startups, scores);
    const candidates = new Set(this.candidates.startupsFor(i));
    return this.startups.map((s, position) => ({
      counterpartId: s.features.id,
      verdict: verdictOf(s, i, scores[position]!, floor, candidates.has(position)),
    }));
  }

  private suggestion(s: PreparedStartup, i: PreparedInvestor, isExploration: boolean): SuggestedMatch {
    const explanation = scorePair(s, i, this.context);
    return { startupId: s.features.id, investorId: i.features.id, score: explanation.score, explanation, isExploration };
  }

  private rank(
    subject: { kind: 'startup'; startup: PreparedStartup } | { kind: 'investor'; investor: PreparedInvestor },
    counterparts: readonly PreparedInvestor[] | readonly PreparedStartup[],
    candidatePositions: Int32Array,
    idOf: (position: number) => number,
    options: MatchListOptions,
  ): Array<{ position: number; isExploration: boolean }> {
    const limit = options.limit ?? 20;
    const excluded = options.excludeIds;
    const positions = excluded && excluded.size > 0 ? candidatePositions.filter((position) => !excluded.has(idOf(position))) : candidatePositions.slice();
    const pending = options.pendingByCounterpartId;
    const cap = options.congestionCap ?? 20;
    const rankValue = pending ? (position: number, score: number) => congestionAdjusted(score, pending.get(idOf(position)) ?? 0, cap) : undefined;
    const slots = options.explorationSlotsPerTen ?? 0;
    // Rank a wider pool when exploring, so exploration candidates come from beyond the top N.
    const pool = rankCandidates(this.scorer, subject, counterparts, positions, { limit: slots > 0 ? limit * 5 : limit, floor: options.floor ?? 30, rankValue });
    const top = pool.slice(0, limit);
    if (slots === 0) return top.map(({ position }) => ({ position, isExploration: false }));
    const decisions = options.decisionsByCounterpartId ?? new Map<number, number>();
    const uncertainOf = (candidate: RankedCandidate) => {
      const [s, i] =
        subject.kind === 'startup' ? [subject.startup, this.investors[candidate.position]!] : [this.startups[candidate.position]!, subject.investor];
      this.scorer.score(s, i);
      const values = this.scorer.lastComponents;
      const known = (knownShare(values, 0, this.context.investorWeights) + knownShare(values, 7, this.context.startupWeights)) / 2;
      return uncertainty(known, decisions.get(idOf(candidate.position)) ?? 0);
    };
    const exploration = pool
      .slice(limit)
      .map((candidate) => ({ candidate, uncertainty: uncertainOf(candidate) }))
      .sort((a, b) => b.uncertainty - a.uncertainty || a.candidate.position - b.candidate.position)
      .map(({ candidate }) => candidate);
    const mixed = withExploration(top, exploration, slots, (a, b) => a.position === b.position);
    const exploring = new Set(exploration.map((candidate) => candidate.position));
    return mixed.map(({ position }) => ({ position, isExploration: exploring.has(position) }));
  }
}

/**
 * One pair's verdict from its unrounded score (rankCandidates drops what is under the floor or 0).
 * The check size counts as outside the round where ψ is 0 (docs/matching.md §2): the investor's
 * checks against the startup's round, or against the checks the startup asks for.
 */
function verdictOf(s: PreparedStartup, i: PreparedInvestor, score: number, floor: number, isCandidate: boolean): CounterpartVerdict {
  if ((i.exclusionTags & s.tags) !== 0) return 'gated_exclusion';
  if (stageDistance(i.stageMask, s.stageMask) >= STAGE_GATE_DISTANCE) return 'gated_stage';
  if (score >= floor && score > 0) return isCandidate ? 'eligible' : 'outside_focus';
  if (checkFit(i.checkMask, s.bucketMask) === 0 || checkFit(i.checkMask, s.wantedCheckMask) === 0) return 'gated_check_size';
  return 'below_threshold';
}

export function createMatchingEngine(
  rows: { startups: readonly RawStartupProfile[]; investors: readonly RawInvestorProfile[] },
  options?: MatchingEngineOptions,
): MatchingEngine {
  return new MatchingEngine(rows, options);
}
