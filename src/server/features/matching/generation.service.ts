// Match generation and everything that keeps stored scores true (docs/matching.md §5, §6):
// - generateMatches: score the caller against the other side (blocked candidates), rank with
//   congestion and exploration, upsert the best as pending suggestions, refresh pending ones;
// - rescorePendingMatches: after a profile save, re-score that profile's pending pairs;
// - learnFromDecision: after a decision, update the decider's learned state.
// Decided pairs (accepted or rejected) are never regenerated or overwritten, and a pending pair keeps
// both sides' decisions (one side may already have accepted): only its score and breakdown refresh.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GENERATION_SKIP_REASONS, type GenerateMatchesResult, type GenerationSkipReason } from '../../../shared/contracts/matches';
import type { UserType } from '../../../shared/enums';
import { conflict } from '../../app-error';
import { queryRows, type DbExecutor } from '../../db/client';
import { investorProfiles, matches, matchingUserState, startupProfiles, users } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { onProfileSaved } from '../profiles';
import { onTrackRecordChanged } from '../track-record';
import { blockedByActorIds, blockedEitherWayIds } from './blocks';
import { markTrackRecordChanged, sideComponentValues } from './engine-store';
import type { MatchingContext } from './matching-context';
import { intakeExposureFactors } from './intake-exposure';
import { congestionAdjusted, createUserState, recordDecision, uncertainty, withExploration, type UserLearningState } from './engine/learning';
import type { MatchingEngine, SuggestedMatch } from './engine/matching-engine';
import type { MatchExplanation } from './engine/match-explanation';
import type { Side } from './engine/score-components';

/** The durable jobs matching runs (registered in app-jobs.ts). */
export const MATCHING_JOBS = {
  rescorePending: 'matching.rescore-pending',
  learnFromDecision: 'matching.learn-from-decision',
} as const;

/**
 * Queues a re-score of the user's pending matches (after a profile save). Saves in quick
 * succession coalesce into one queued job; it runs after the response, and after a restart if the
 * process dies first.
 */
async function queuePendingRescore(ctx: ServiceContext): Promise<void> {
  const { id, userType } = ctx.actor;
  await ctx.jobs.enqueue(ctx.db, MATCHING_JOBS.rescorePending, { userId: id, userType }, { dedupeKey: `rescore:${id}` });
}
/**
 * After a profile save: everyone matched with this user sees their name and details on a card or
 * in a conversation, whatever the match's status, and so does the user's own list; those lists'
 * cached answers go (http/answer-cache.ts). The save has committed, so this announces at once.
 */
async function announceProfileSaved(ctx: ServiceContext): Promise<void> {
  const { id, userType } = ctx.actor;
  const counterparts = await ctx.db
    .select({ userId: counterpartColumn(userType) })
    .from(matches)
    .where(eq(ownColumn(userType), id));
  await ctx.events.publish(ctx.db, [id, ...counterparts.map((row) => row.userId)], { type: 'reads_changed' });
}

// Matching follows profiles (profiles never imports matching); loading this module registers them.
onProfileSaved(queuePendingRescore);
onProfileSaved(announceProfileSaved);
// An investor's track record is read as revealed preferences: a change re-scores them too.
onTrackRecordChanged(queuePendingRescore);

/** Suggestions kept per generation run (issue #4: the top 50 above a floor). */
export const GENERATED_MATCH_LIMIT = 50;
/** Scores below this are not worth suggesting: one side would barely consider the other. */
export const MATCH_SCORE_FLOOR = 30;
/** Ranked before congestion and exploration pick the final 50. */
const CANDIDATE_POOL = 150;
/** A counterpart with this many pending suggestions is ranked at score/√2 (docs/matching.md §5, congestion). */
const CONGESTION_CAP = 25;
/** 1–2 of every 10 new suggestions go to high-uncertainty candidates (docs/matching.md §5). */
const EXPLORATION_SLOTS_PER_TEN = 1;

/** What a match row stores in `breakdown`: the full explanation, in both voices. */
export type StoredExplanation = MatchExplanation;

const counterpartSide = (side: UserType): Side => (side === 'startup' ? 'investor' : 'startup');
const ownColumn = (side: UserType) => (side === 'startup' ? matches.startupId : matches.investorId);
const counterpartColumn = (side: UserType) => (side === 'startup' ? matches.investorId : matches.startupId);
const counterpartOf = (side: UserType, suggestion: { startupId: number; investorId: number }) =>
  side === 'startup' ? suggestion.investorId : suggestion.startupId;

/** How much of the pair's inputs are known, 0–1: the mean over both sides of the known components' weight. */
function knownShareOf(explanation: MatchExplanation): number {
  let known = 0;
  for (const component of explanation.components) if (component.value !== null) known += component.weight;
  return known / 2;
}

/**
 * Which of these accounts still exist. A deleted account's profile stays in this instance's engine
 * until its next rebuild, so its candidates are checked here. The rows are share-locked until
 * commit: an account deletion (which locks its row first, then removes the account's matches)
 * either waits for this run and removes what it wrote, or has committed and is skipped here.
 */
async function liveAccountIds(tx: DbExecutor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

async function counterpartLoads(db: DbExecutor, side: UserType, counterpartIds: number[]) {
  const column = counterpartColumn(side);
  const rows =
    counterpartIds.length === 0
      ? []
      : await db
          .select({
            id: column,
            pending: sql<number>`count(*) filter (where ${matches.status} = 'pending')`.mapWith(Number),
            decided: sql<number>`count(*) filter (where ${matches.status} <> 'pending')`.mapWith(Number),
          })
          .from(matches)
          .where(inArray(column, counterpartIds))
          .groupBy(column);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Picks the suggestions to store from a score-ranked pool: congestion-aware order (popular
 * counterparts are not flooded), with one slot in ten for the pool's most uncertain candidates.
 */
function pickSuggestions(
  side: UserType,
  pool: SuggestedMatch[],
  loads: Map<number, { pending: number; decided: number }>,
  intakeFactors: Map<number, number>,
): SuggestedMatch[] {
  const byRankValue = pool
    .map((suggestion) => ({
      suggestion,
      // Investors at their weekly intake capacity rank lower too (intake-exposure.ts); 1 otherwise.
      value:
        congestionAdjusted(suggestion.score, loads.get(counterpartOf(side, suggestion))?.pending ?? 0, CONGESTION_CAP) *
        (intakeFactors.get(counterpartOf(side, suggestion)) ?? 1),
    }))
    .sort((a, b) => b.value - a.value || b.suggestion.score - a.suggestion.score || counterpartOf(side, a.suggestion) - counterpartOf(side, b.suggestion))
    .map(({ suggestion }) => suggestion);
  const exploit = byRankValue.slice(0, GENERATED_MATCH_LIMIT);
  const explore = byRankValue
    .slice(GENERATED_MATCH_LIMIT)
    .map((suggestion) => ({
      suggestion,
      uncertainty: uncertainty(knownShareOf(suggestion.explanation), loads.get(counterpartOf(side, suggestion))?.decided ?? 0),
    }))
    .sort((a, b) => b.uncertainty - a.uncertainty || b.suggestion.score - a.suggestion.score)
    .map(({ suggestion }) => suggestion);
  return withExploration(exploit, explore, EXPLORATION_SLOTS_PER_TEN, (a, b) => a.startupId === b.startupId && a.investorId === b.investorId);
}

/** Writes fresh scores to pending rows only, in one statement. Returns how many changed. */
async function refreshPendingRows(
  db: DbExecutor,
  rows: Array<{ id: number; score: number; explanation: MatchExplanation }>,
  now: Date,
): Promise<Array<{ startupId: number; investorId: number }>> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::int, ${row.score}::int, ${JSON.stringify(row.explanation)}::jsonb)`),
    sql`, `,
  );
  return queryRows<{ startupId: number; investorId: number }>(
    db,
    sql`
    update ${matches} set score = fresh.score, breakdown = fresh.breakdown, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as fresh(id, score, breakdown)
    where ${matches.id} = fresh.id and ${matches.status} = 'pending'
    returning ${matches.startupId} as "startupId", ${matches.investorId} as "investorId"`,
  );
}

/**
 * Scores and reasons changed on these pairs: both sides' match lists show them, and no browser
 * event says so, so their cached answers go (http/answer-cache.ts).
 */
async function announceRescoredPairs(
  ctx: Pick<MatchingContext<Actor | null>, 'events'>,
  db: DbExecutor,
  pairs: Array<{ startupId: number; investorId: number }>,
  alsoUserId?: number,
): Promise<void> {
  const userIds = new Set(pairs.flatMap((pair) => [pair.startupId, pair.investorId]));
  if (alsoUserId !== undefined) userIds.add(alsoUserId);
  if (userIds.size > 0) await ctx.events.publish(db, [...userIds], { type: 'reads_changed' });
}

/**
 * POST /api/generate-matches: scores the caller against every profile of the other side (after
 * candidate blocking), and stores the best as pending suggestions. Existing pending pairs get
 * their score and breakdown refreshed; accepted and rejected pairs are never touched.
 */
export async function generateMatches(ctx: MatchingContext): Promise<GenerateMatchesResult> {
  const { actor } = ctx;
  const { engine } = await ctx.matchingEngines.get(ctx);
  if (!engine.has(actor.userType, actor.id)) throw conflict('Complete your profile first: matches are scored from it.');
  const side = actor.userType;
  const now = ctx.clock();

  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: matches.id, startupId: matches.startupId, investorId: matches.investorId, status: matches.status })
      .from(matches)
      .where(eq(ownColumn(side), actor.id));
    const decided = new Set(existing.filter((row) => row.status !== 'pending').map((row) => counterpartOf(side, row)));
    // A blocked pair, whoever blocked whom, is never suggested again (docs/decisions/0030-disconnect-and-block.md).
    const blockedEitherWay = await blockedEitherWayIds({ db: tx, actor });
    const excluded = new Set([...decided, ...blockedEitherWay]);

    const options = { limit: CANDIDATE_POOL, floor: MATCH_SCORE_FLOOR, excludeIds: excluded };
    const ranked = side === 'startup' ? engine.matchesForStartup(actor.id, options) : engine.matchesForInvestor(actor.id, options);
    const live = await liveAccountIds(
      tx,
      ranked.map((suggestion) => counterpartOf(side, suggestion)),
    );
    const pool = ranked.filter((suggestion) => live.has(counterpartOf(side, suggestion)));
    const loads = await counterpartLoads(
      tx,
      side,
      pool.map((suggestion) => counterpartOf(side, suggestion)),
    );
    // Only a startup's list ranks investors; an investor's intake says nothing about startups.
    const intakeFactors =
      side === 'startup' ? await intakeExposureFactors(tx, { investorIds: pool.map((suggestion) => suggestion.investorId), now }) : new Map<number, number>();
    const chosen = pickSuggestions(side, pool, loads, intakeFactors);

    let created = 0;
    let refreshedChosen = 0;
    const insertedIds = new Set<number>();
    const writtenPairs: Array<{ startupId: number; investorId: number }> = [];
    if (chosen.length > 0) {
      const written = await tx
        .insert(matches)
        .values(
          chosen.map((s) => ({
            startupId: s.startupId,
            investorId: s.investorId,
            score: s.score,
            status: 'pending',
            breakdown: s.explanation,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [matches.startupId, matches.investorId],
          set: { score: sql`excluded.score`, breakdown: sql`excluded.breakdown`, updatedAt: now },
          // A decision made since we read the rows wins: decided pairs are never overwritten.
          setWhere: sql`${matches.status} = 'pending'`,
        })
        // xmax is 0 only for a freshly inserted row version: it tells inserts from updates.
        .returning({
          id: matches.id,
          startupId: matches.startupId,
          investorId: matches.investorId,
          score: matches.score,
          isInserted: sql<boolean>`(xmax = 0)`,
        });
      writtenPairs.push(...written);
      const inserted = written.filter((row) => row.isInserted);
      for (const row of inserted) insertedIds.add(counterpartOf(side, row));
      created = inserted.length;
      refreshedChosen = written.length - created;
      // Each new counterpart's open match list refreshes (delivered at commit).
      for (const row of inserted) await ctx.events.publish(tx, [counterpartOf(side, row)], { type: 'match_updated', matchId: row.id, status: 'pending' });
      // Each counterpart hears of a new match scoring at least their own threshold (the delivery
      // compares it with their preferences); their unread notification of new matches adds it to
      // its count (collapsed), until they read it.
      for (const row of inserted) {
        await notify(inTransaction(ctx, tx), {
          recipientId: counterpartOf(side, row),
          type: 'new_matches',
          payload: { count: 1, latestId: row.id },
        });
      }
    }

    // Pending suggestions that did not make this run's list still get today's score.
    const chosenIds = new Set(chosen.map((s) => counterpartOf(side, s)));
    const stale = existing.filter((row) => row.status === 'pending' && !chosenIds.has(counterpartOf(side, row)));
    const rescored = stale.flatMap((row) => {
      const explanation = engine.explain(row.startupId, row.investorId);
      return explanation ? [{ id: row.id, score: explanation.score, explanation }] : [];
    });
    const refreshedPairs = await refreshPendingRows(tx, rescored, now);
    const refreshedOthers = refreshedPairs.length;
    // The caller's own list changed too (their browser reloads it from this answer, but other tabs and the cache do not know).
    await announceRescoredPairs(ctx, tx, [...writtenPairs, ...refreshedPairs], actor.id);

    const [total] = await tx
      .select({ value: count() })
      .from(matches)
      .where(eq(ownColumn(side), actor.id));
    const updated = refreshedChosen + refreshedOthers;
    await recordActivity(inTransaction(ctx, tx), {
      userId: actor.id,
      activityType: 'matches_generated',
      description:
        created > 0
          ? `Generated ${created} new ${created === 1 ? 'match' : 'matches'}${updated > 0 ? ` and refreshed ${updated}` : ''}`
          : updated > 0
            ? `Refreshed ${updated} ${updated === 1 ? 'match' : 'matches'}; no new ones this time`
            : 'Looked for matches; none above the threshold yet',
    });
    const skips = await skipBreakdown(inTransaction(ctx, tx), engine, {
      existing,
      blockedEitherWay,
      insertedIds,
      chosenIds: new Set(chosen.map((suggestion) => counterpartOf(side, suggestion))),
    });
    return {
      created,
      updated,
      total: total?.value ?? 0,
      counterpart: counterpartSide(side),
      ...skips,
      profileCompleteness: await profileCompletenessOf(tx, actor),
    };
  });
}

/**
 * Why the rest of the other side got no new match this run (docs/matching.md §5, "Why so few new
 * matches"): each profile is counted once, under the first reason that applies, in the order of
 * GENERATION_SKIP_REASONS. Someone who blocked the caller is left out altogether, so the answer
 * never reveals a block (only the caller's own blocks are counted, and nobody is named).
 */
async function skipBreakdown(
  ctx: MatchingContext,
  engine: MatchingEngine,
  run: {
    existing: ReadonlyArray<{ startupId: number; investorId: number; status: string }>;
    blockedEitherWay: ReadonlySet<number>;
    insertedIds: ReadonlySet<number>;
    chosenIds: ReadonlySet<number>;
  },
): Promise<Pick<GenerateMatchesResult, 'candidates' | 'skipped'>> {
  const { actor } = ctx;
  const side = actor.userType;
  const blockedByMe = new Set(
    (await queryRows<{ id: number }>(ctx.db, sql`select blocked.blocked_id as id from ${blockedByActorIds(ctx)} as blocked`)).map((row) => row.id),
  );
  const statusOf = new Map(run.existing.map((row) => [counterpartOf(side, row), row.status]));
  const counts = new Map<GenerationSkipReason, number>();
  let candidates = 0;
  for (const { counterpartId, verdict } of engine.screenCounterparts(side, actor.id, MATCH_SCORE_FLOOR)) {
    if (run.blockedEitherWay.has(counterpartId) && !blockedByMe.has(counterpartId)) continue;
    candidates++;
    if (run.insertedIds.has(counterpartId)) continue;
    const status = statusOf.get(counterpartId);
    const reason: GenerationSkipReason = blockedByMe.has(counterpartId)
      ? 'blocked'
      : status !== undefined && status !== 'pending'
        ? 'already_decided'
        : // Chosen but not inserted: it was pending already, or became so since the read above.
          status === 'pending' || run.chosenIds.has(counterpartId)
          ? 'already_suggested'
          : verdict === 'eligible'
            ? 'beyond_limit'
            : verdict;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const order = (reason: GenerationSkipReason) => GENERATION_SKIP_REASONS.indexOf(reason);
  const skipped = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || order(a.reason) - order(b.reason));
  return { candidates, skipped };
}

/** The caller's stored profile completeness (the engine holds their profile, so the row exists). */
async function profileCompletenessOf(db: DbExecutor, actor: Actor): Promise<number> {
  const table = actor.userType === 'startup' ? startupProfiles : investorProfiles;
  const [row] = await db.select({ value: table.profileCompleteness }).from(table).where(eq(table.userId, actor.id));
  return row?.value ?? 0;
}

/**
 * After a profile save or a track-record change: re-scores the pending pairs that involve this
 * user, so the stored scores and reasons follow the profile. Runs in the background; the save does
 * not wait for it.
 */
export async function rescorePendingMatches(ctx: MatchingContext<Actor | null>, user: { id: number; userType: UserType }): Promise<number> {
  // An investor's track record may be what changed (track-record changes queue this job too): the
  // stamp makes every instance's engine re-read it, this one's in the sync just below.
  if (user.userType === 'investor') await markTrackRecordChanged(ctx.db, user.id);
  const { engine } = await ctx.matchingEngines.get(ctx);
  const pending = await ctx.db
    .select({ id: matches.id, startupId: matches.startupId, investorId: matches.investorId })
    .from(matches)
    .where(and(eq(ownColumn(user.userType), user.id), eq(matches.status, 'pending')));
  const rescored = pending.flatMap((row) => {
    const explanation = engine.explain(row.startupId, row.investorId);
    return explanation ? [{ id: row.id, score: explanation.score, explanation }] : [];
  });
  const refreshed = await refreshPendingRows(ctx.db, rescored, ctx.clock());
  await announceRescoredPairs(ctx, ctx.db, refreshed);
  return refreshed.length;
}

export interface DecisionToLearn {
  userId: number;
  side: UserType;
  counterpartId: number;
  accepted: boolean;
  /** The decider's side of the stored explanation at decision time. */
  components: ReadonlyArray<{ key: string; side: string; value: number | null }>;
}

/**
 * Learning from one decision (docs/matching.md §6): the online update of the decider's weight offsets δ and
 * the RECON counts of what they accept. The row is locked while it is updated, so two quick
 * decisions by one user never overwrite each other's update.
 */
export async function learnFromDecision(ctx: MatchingContext<Actor | null>, decision: DecisionToLearn): Promise<void> {
  const { engine, models } = await ctx.matchingEngines.get(ctx);
  const attributes = engine.attributesOf(counterpartSide(decision.side), decision.counterpartId) ?? { industry: [], stage: [], check: [], continent: [] };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(matchingUserState)
      .values({ userId: decision.userId, state: createUserState(decision.side), decisionCount: 0 })
      .onConflictDoNothing();
    const [row] = await tx.select().from(matchingUserState).where(eq(matchingUserState.userId, decision.userId)).for('update');
    const state = row!.state as UserLearningState;
    const next = recordDecision(
      state,
      models[decision.side],
      { accepted: decision.accepted, components: sideComponentValues(decision.components, decision.side) },
      attributes,
    );
    await tx
      .update(matchingUserState)
      // The database clock, which the engine syncs on (see engine-store.ts).
      .set({ state: next, decisionCount: next.decisions, updatedAt: sql`now()` })
      .where(eq(matchingUserState.userId, decision.userId));
  });
}
