// Keeps one in-memory matching engine per app instance, in step with the database.
//
// Building the engine (normalise every profile, build the TF-IDF index, prepare typed arrays) is
// linear in the population and takes seconds at 100k profiles, while scoring one profile against
// everyone takes milliseconds. So the engine is built once and then synced before each use:
// - profiles saved since the last sync are re-read and upserted against the frozen text index
//   (re-score only what changed; the idf moves only at the next rebuild);
// - learned per-user state saved since the last sync is re-applied;
// - investors' track records (revealed preferences, docs/matching.md §2b) are read at each build,
//   and again for an investor whose profile or matching state changed since the last sync (a
//   track-record change stamps the investor's matching state: see markTrackRecordChanged);
// - a full rebuild (fresh vocabulary and idf, a refit of the global learning models) happens when
//   the changes since the last build reach a tenth of the population, or the build is an hour old.
// Every instance syncs from the database, so several instances on one database agree without
// talking to each other. Syncs are serialised: one at a time per instance.
import { desc, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import { queryRows, type DbExecutor } from '../../db/client';
import { investorProfiles, matchDecisions, matchingUserState, startupProfiles, users } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { listTrackRecordsFor } from '../track-record';
import { createUserState, fitGlobalModel, priorModel, type Decision, type GlobalModel, type UserLearningState } from './engine/learning';
import { createMatchingEngine, type MatchingEngine } from './engine/matching-engine';
import type { RawInvestorProfile, RawStartupProfile } from './engine/normalize';
import { COMPONENT_KEYS, type Side } from './engine/score-components';

/**
 * Rows stamped within this window before the last sync are read again: `now()` is a transaction's
 * start time, so a short transaction may commit after a sync that began later than its stamp.
 * Every stamp and the sync's own time come from the database clock, so instances never disagree.
 */
const SYNC_OVERLAP_MS = 10_000;
const REBUILD_SHARE = 0.1;
const REBUILD_AFTER_MS = 60 * 60_000;
/** The global learning models are fitted on at most this many recent decisions per side. */
const MODEL_FIT_DECISIONS = 20_000;

export interface LearningModels {
  investor: GlobalModel;
  startup: GlobalModel;
}

export interface SyncedEngine {
  engine: MatchingEngine;
  models: LearningModels;
}

/** What a sync reads: the database, and the clock track records are weighed from (else the database's). */
export type EngineSyncContext = Pick<ServiceContext<Actor | null>, 'db'> & Partial<Pick<ServiceContext<Actor | null>, 'clock'>>;

export interface MatchingEngineStore {
  /** The engine, synced with the context's database first. Concurrent callers share one sync. */
  get(ctx: EngineSyncContext): Promise<SyncedEngine>;
  /** Forces a full rebuild at the next get (after bulk imports, or in tests). */
  invalidate(): void;
}

const startupColumns = {
  id: startupProfiles.userId,
  location: startupProfiles.location,
  stage: startupProfiles.stage,
  industry: startupProfiles.industry,
  description: startupProfiles.description,
  fundingGoal: startupProfiles.fundingGoal,
  teamSize: startupProfiles.teamSize,
  businessModel: startupProfiles.businessModel,
  financials: startupProfiles.financials,
  investorPreferences: startupProfiles.investorPreferences,
  updatedAt: startupProfiles.updatedAt,
};

const investorColumns = {
  id: investorProfiles.userId,
  location: investorProfiles.location,
  description: investorProfiles.description,
  investmentThesis: investorProfiles.investmentThesis,
  industryFocus: investorProfiles.industryFocus,
  stagePreference: investorProfiles.stagePreference,
  investmentRange: investorProfiles.investmentRange,
  portfolioSize: investorProfiles.portfolioSize,
  updatedAt: investorProfiles.updatedAt,
};

/** One side's component values (COMPONENT_KEYS order, null unknown) from a stored components list. */
export function sideComponentValues(components: ReadonlyArray<{ key: string; side: string; value: number | null }>, side: Side): Array<number | null> {
  return COMPONENT_KEYS.map((key) => components.find((component) => component.key === key && component.side === side)?.value ?? null);
}

async function fitModels(db: DbExecutor): Promise<LearningModels> {
  const fitSide = async (side: Side) => {
    const rows = await db
      .select({ decision: matchDecisions.decision, snapshot: matchDecisions.componentsSnapshot })
      .from(matchDecisions)
      .where(sql`${matchDecisions.side} = ${side} and ${matchDecisions.componentsSnapshot} is not null`)
      .orderBy(desc(matchDecisions.decidedAt))
      .limit(MODEL_FIT_DECISIONS);
    const decisions: Decision[] = rows.map((row) => ({
      accepted: row.decision === 'accepted',
      components: sideComponentValues(row.snapshot as Array<{ key: string; side: string; value: number | null }>, side),
    }));
    return fitGlobalModel(side, decisions);
  };
  return { investor: await fitSide('investor'), startup: await fitSide('startup') };
}

/** Investors per track-record read: keeps each statement's parameter list well under PostgreSQL's limit. */
const TRACK_RECORD_BATCH = 5_000;

/** Loads these investors' track records into the engine (an investor without one gets none). */
async function loadTrackRecords(db: DbExecutor, engine: MatchingEngine, investorIds: readonly number[], asOf: Date): Promise<void> {
  for (let start = 0; start < investorIds.length; start += TRACK_RECORD_BATCH) {
    const batch = investorIds.slice(start, start + TRACK_RECORD_BATCH);
    const records = await listTrackRecordsFor({ db }, batch);
    engine.setTrackRecords(
      batch.map((id) => [id, records.get(id) ?? []] as const),
      asOf,
    );
  }
}

/**
 * After an investor's track record changed (the re-score job a track-record change queues runs
 * this): stamps their matching state, which every instance's next sync reads, so each re-reads the
 * record (engines sync from the database, never from each other). A state row is created if the
 * investor has none; with no decisions in it, it changes nothing else (applyLearning).
 */
export async function markTrackRecordChanged(db: DbExecutor, investorId: number): Promise<void> {
  await db
    .insert(matchingUserState)
    .values({ userId: investorId, state: createUserState('investor'), decisionCount: 0 })
    .onConflictDoUpdate({ target: matchingUserState.userId, set: { updatedAt: sql`now()` } });
}

/** The database's clock, in ms: the one every updated_at stamp comes from. */
async function databaseNow(db: DbExecutor): Promise<number> {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now).getTime();
}

export function createMatchingEngineStore(): MatchingEngineStore {
  let current: { engine: MatchingEngine; models: LearningModels; builtAt: number; changesSinceBuild: number } | null = null;
  /** Last seen updated_at (ms) per profile ('s:12', 'i:7') and learned state ('l:12'). */
  let versions = new Map<string, number>();
  let syncedUpTo = 0;
  // Syncs run one at a time. A caller joins the sync that is queued but not yet started (it will
  // see the caller's committed writes); once a sync has started, the next caller queues another.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<SyncedEngine> | null = null;

  const rebuild = async ({ db, clock }: EngineSyncContext) => {
    const syncStartedAt = await databaseNow(db);
    const [startups, investors, states, models] = await Promise.all([
      db.select(startupColumns).from(startupProfiles),
      db.select(investorColumns).from(investorProfiles),
      db.select().from(matchingUserState),
      fitModels(db),
    ]);
    const engine = createMatchingEngine({ startups, investors });
    engine.applyLearning({ models, states: states.map((row) => ({ id: row.userId, state: row.state as UserLearningState })) });
    await loadTrackRecords(
      db,
      engine,
      investors.map((row) => row.id),
      clock?.() ?? new Date(syncStartedAt),
    );
    versions = new Map();
    for (const row of startups) versions.set(`s:${row.id}`, row.updatedAt.getTime());
    for (const row of investors) versions.set(`i:${row.id}`, row.updatedAt.getTime());
    for (const row of states) versions.set(`l:${row.userId}`, row.updatedAt.getTime());
    syncedUpTo = syncStartedAt;
    current = { engine, models, builtAt: syncStartedAt, changesSinceBuild: 0 };
  };

  const syncChanges = async (ctx: EngineSyncContext) => {
    const { db } = ctx;
    const state = current!;
    const syncStartedAt = await databaseNow(db);
    const since = new Date(syncedUpTo - SYNC_OVERLAP_MS);
    const [startups, investors, states, deleted] = await Promise.all([
      db.select(startupColumns).from(startupProfiles).where(gt(startupProfiles.updatedAt, since)),
      db.select(investorColumns).from(investorProfiles).where(gt(investorProfiles.updatedAt, since)),
      db.select().from(matchingUserState).where(gt(matchingUserState.updatedAt, since)),
      db.select({ id: users.id }).from(users).where(gt(users.deletedAt, since)),
    ]);
    // The engine cannot drop one profile: a deleted account it still holds means a rebuild (rare;
    // until it happens, generation skips deleted candidates itself).
    if (deleted.some((row) => versions.has(`s:${row.id}`) || versions.has(`i:${row.id}`))) {
      await rebuild(ctx);
      return;
    }
    const isNew = (key: string, updatedAt: Date) => versions.get(key) !== updatedAt.getTime();
    const changedStartups = startups.filter((row) => isNew(`s:${row.id}`, row.updatedAt));
    const changedInvestors = investors.filter((row) => isNew(`i:${row.id}`, row.updatedAt));
    const changedStates = states.filter((row) => isNew(`l:${row.userId}`, row.updatedAt));
    state.changesSinceBuild += changedStartups.length + changedInvestors.length;
    if (state.changesSinceBuild >= Math.max(1, REBUILD_SHARE * state.engine.population) || syncStartedAt - state.builtAt >= REBUILD_AFTER_MS) {
      await rebuild(ctx);
      return;
    }
    for (const row of changedStartups) {
      state.engine.upsertStartup(row satisfies RawStartupProfile);
      versions.set(`s:${row.id}`, row.updatedAt.getTime());
    }
    for (const row of changedInvestors) {
      state.engine.upsertInvestor(row satisfies RawInvestorProfile);
      versions.set(`i:${row.id}`, row.updatedAt.getTime());
    }
    // Re-applied after the upserts: an upsert keeps the old personal adjustments, learning replaces them.
    if (changedStates.length > 0) {
      state.engine.applyLearning({ models: state.models, states: changedStates.map((row) => ({ id: row.userId, state: row.state as UserLearningState })) });
      for (const row of changedStates) versions.set(`l:${row.userId}`, row.updatedAt.getTime());
    }
    // A new or saved investor, or a stamped state (a track-record change), re-reads the track record.
    const recordsToRead = new Set([...changedInvestors.map((row) => row.id), ...changedStates.map((row) => row.userId)]);
    const investorIds = [...recordsToRead].filter((id) => state.engine.has('investor', id));
    if (investorIds.length > 0) await loadTrackRecords(db, state.engine, investorIds, ctx.clock?.() ?? new Date(syncStartedAt));
    syncedUpTo = syncStartedAt;
  };

  return {
    get(ctx) {
      if (queued) return queued;
      const sync = tail
        .catch(() => undefined)
        .then(async () => {
          queued = null;
          if (current) await syncChanges(ctx);
          else await rebuild(ctx);
          return { engine: current!.engine, models: current!.models };
        });
      queued = sync;
      tail = sync;
      return sync;
    },
    invalidate() {
      current = null;
    },
  };
}

/** The untrained models, for code paths that score without a store (tools, tests). */
export const PRIOR_MODELS: LearningModels = { investor: priorModel('investor'), startup: priorModel('startup') };
