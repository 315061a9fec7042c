// What the directory (features/discovery, issue #19) needs from matching: the viewer's score with
// each listed profile, its top reason, the viewer's match with them, and a match created when
// someone connects from a card. Scores come from the same engine and the same fast path as
// generation (engine/pair-scorer.ts), so a profile ranks alike in both; a pair that already has a
// match shows its stored score and reasons, so the directory and the match list never disagree.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { MatchDecision, MatchStatus } from '../../../shared/enums';
import { conflict } from '../../app-error';
import { matches } from '../../db/schema';
import type { MatchingContext } from './matching-context';
import { matchFieldsWithSummary } from './match-view';
import { PairScorer } from './engine/pair-scorer';
import type { MatchingEngine } from './engine/matching-engine';
import type { MatchExplanation } from './engine/match-explanation';

/** The viewer's match with one profile, as a directory card shows it. */
export interface DirectoryMatchState {
  id: number;
  status: MatchStatus;
  myDecision: MatchDecision;
  theirDecision: MatchDecision;
  requestQueued: boolean;
  score: number;
}

export interface DirectoryScoring {
  /** False when the viewer has no profile the engine can score from (scores are then unknown). */
  isScorable: boolean;
  /** The viewer's matches by counterpart id (every one: a viewer has a few hundred at most). */
  matches: ReadonlyMap<number, DirectoryMatchState>;
  /**
   * The viewer's score with each of these counterparts, 0–100: the stored one where a match
   * exists, else the engine's. Empty when the viewer is not scorable. Counterparts the engine does
   * not hold (yet) are left out.
   */
  scores(counterpartIds: readonly number[]): Map<number, number>;
  /** The strongest reason behind each pair's score, in the viewer's voice (stored for matched pairs). */
  topReasons(counterpartIds: readonly number[]): Promise<Map<number, string | null>>;
}

const ownColumn = (ctx: MatchingContext) => (ctx.actor.userType === 'startup' ? matches.startupId : matches.investorId);
const counterpartColumn = (ctx: MatchingContext) => (ctx.actor.userType === 'startup' ? matches.investorId : matches.startupId);

/** Scores the viewer against the counterparts at `positions` (the engine's arrays) on the fast path. */
function fastScores(engine: MatchingEngine, ctx: MatchingContext, ids: readonly number[]): Map<number, number> {
  const result = new Map<number, number>();
  const scorer = new PairScorer(engine.context);
  const wanted = new Set(ids);
  if (ctx.actor.userType === 'startup') {
    const viewer = engine.startups.find((s) => s.features.id === ctx.actor.id);
    if (!viewer) return result;
    const positions: number[] = [];
    engine.investors.forEach((i, position) => wanted.has(i.features.id) && positions.push(position));
    const out = new Float64Array(positions.length);
    scorer.scoreInvestorsFor(viewer, engine.investors, out, positions);
    positions.forEach((position, n) => result.set(engine.investors[position]!.features.id, Math.round(out[n]!)));
  } else {
    const viewer = engine.investors.find((i) => i.features.id === ctx.actor.id);
    if (!viewer) return result;
    const positions: number[] = [];
    engine.startups.forEach((s, position) => wanted.has(s.features.id) && positions.push(position));
    const out = new Float64Array(positions.length);
    scorer.scoreStartupsFor(viewer, engine.startups, out, positions);
    positions.forEach((position, n) => result.set(engine.startups[position]!.features.id, Math.round(out[n]!)));
  }
  return result;
}

/** The engine synced, and the viewer's matches: what a directory page is scored and labelled from. */
export async function directoryScoring(ctx: MatchingContext): Promise<DirectoryScoring> {
  const { engine } = await ctx.matchingEngines.get(ctx);
  const side = ctx.actor.userType;
  const isScorable = engine.has(side, ctx.actor.id);
  const { breakdown: _breakdown, ...columns } = getTableColumns(matches);
  const rows = await ctx.db
    .select(columns)
    .from(matches)
    .where(eq(ownColumn(ctx), ctx.actor.id));
  const matchStates = new Map<number, DirectoryMatchState>();
  for (const row of rows) {
    // The match list's own reading of the row (match-view.ts), so whatever it hides from the viewer
    // (a queued request, for the investor) the directory hides too.
    const fields = matchFieldsWithSummary(row, null, side);
    matchStates.set(side === 'startup' ? row.investorId : row.startupId, {
      id: fields.id,
      status: fields.status,
      myDecision: fields.myDecision,
      theirDecision: fields.theirDecision,
      requestQueued: fields.requestQueued,
      score: fields.score,
    });
  }
  return {
    isScorable,
    matches: matchStates,
    scores(counterpartIds) {
      if (!isScorable) return new Map();
      const unmatched = counterpartIds.filter((id) => !matchStates.has(id));
      const scores = fastScores(engine, ctx, unmatched);
      for (const id of counterpartIds) {
        const stored = matchStates.get(id);
        if (stored) scores.set(id, stored.score);
      }
      return scores;
    },
    async topReasons(counterpartIds) {
      const reasons = new Map<number, string | null>();
      const matched = counterpartIds.filter((id) => matchStates.has(id));
      if (matched.length > 0) {
        // Only the first reason of the stored explanation, not the whole document.
        const stored = await ctx.db
          .select({ counterpartId: counterpartColumn(ctx), reason: sql<string | null>`${matches.breakdown} -> 'topReasons' -> ${side} ->> 0` })
          .from(matches)
          .where(and(eq(ownColumn(ctx), ctx.actor.id), inArray(counterpartColumn(ctx), matched)));
        for (const row of stored) reasons.set(row.counterpartId, row.reason ?? null);
      }
      for (const id of counterpartIds) {
        if (reasons.has(id)) continue;
        if (!isScorable) {
          reasons.set(id, null);
          continue;
        }
        const explanation = side === 'startup' ? engine.explain(ctx.actor.id, id) : engine.explain(id, ctx.actor.id);
        reasons.set(id, explanation?.topReasons[side][0] ?? null);
      }
      return reasons;
    },
  };
}

/**
 * The viewer's match with this counterpart, created as a pending suggestion when there is none
 * (origin `directory`): score and stored explanation from the engine exactly as generation stores
 * them. The caller has checked that the counterpart is visible to the viewer; it then decides on
 * the match through decideMatch, in the same transaction.
 */
export async function ensureDirectoryMatch(ctx: MatchingContext, counterpartId: number): Promise<number> {
  const pair =
    ctx.actor.userType === 'startup' ? { startupId: ctx.actor.id, investorId: counterpartId } : { startupId: counterpartId, investorId: ctx.actor.id };
  const existingId = async () => {
    const [row] = await ctx.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.startupId, pair.startupId), eq(matches.investorId, pair.investorId)));
    return row?.id;
  };
  const existing = await existingId();
  if (existing !== undefined) return existing;
  const { engine } = await ctx.matchingEngines.get(ctx);
  if (!engine.has(ctx.actor.userType, ctx.actor.id)) throw conflict('Complete your profile first: matches are scored from it.');
  const explanation: MatchExplanation | null = engine.explain(pair.startupId, pair.investorId);
  const now = ctx.clock();
  const [inserted] = await ctx.db
    .insert(matches)
    .values({
      ...pair,
      score: explanation?.score ?? 0,
      status: 'pending',
      breakdown: explanation,
      origin: 'directory',
      createdAt: now,
      updatedAt: now,
    })
    // Generation may have suggested the pair a moment ago: then that match is the one to decide on.
    .onConflictDoNothing({ target: [matches.startupId, matches.investorId] })
    .returning({ id: matches.id });
  return inserted?.id ?? (await existingId())!;
}
