// Saved searches (issue #19, docs/discovery.md): the directory's filters kept under a name, at most
// SAVED_SEARCHES_PER_USER per account, names unique per account whatever their case. Only the owner
// sees or changes one; to anyone else it does not exist (404), and the where clause says so.
//
// Alerts: an hourly durable job counts, for each saved search with alerts on, the profiles that
// match it and became visible (profile created_at) since its last check, and notifies the owner
// when there are any (in-app, and by email through their notification preferences). The check
// moves `alerts_checked_at` to the run's "now" in the same transaction as the notification, so
// each window (last check, now] is counted once, whichever instance runs it.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  DiscoverFilters,
  SAVED_SEARCHES_PER_USER,
  type CreateSavedSearchBody,
  type SavedSearch,
  type UpdateSavedSearchBody,
} from '../../../shared/contracts/discovery';
import type { UserType } from '../../../shared/enums';
import { conflict, notFound } from '../../app-error';
import { queryRows } from '../../db/client';
import { savedSearches, users } from '../../db/schema';
import { inTransaction, type ServiceContext, type SystemContext } from '../../service-context';
import { notify } from '../notifications';
import { counterpartTable, directoryConditions } from './directory-filters';

export const SAVED_SEARCH_ALERTS_JOB = 'discovery.saved-search-alerts';

const DUPLICATE_NAME = 'You already have a saved search with that name';
const TOO_MANY = `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches. Delete one to save another.`;
const NOT_FOUND = 'This saved search does not exist.';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * The stored filters, read back through the contract: a row written by an older version keeps
 * what still parses, so a list never fails on one old search.
 */
function storedFilters(value: unknown): DiscoverFilters {
  const parsed = DiscoverFilters.safeParse(value);
  return parsed.success ? parsed.data : {};
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return { id: row.id, name: row.name, filters: storedFilters(row.filters), alertsEnabled: row.alertsEnabled, createdAt: row.createdAt.toISOString() };
}

/** A unique-name violation from the database (two saves of one name at once). */
function isDuplicateName(error: unknown): boolean {
  for (let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

async function hasNameTaken(ctx: ServiceContext, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.userId, ctx.actor.id),
        sql`lower(${savedSearches.name}) = lower(${name})`,
        exceptId ? sql`${savedSearches.id} <> ${exceptId}` : undefined,
      ),
    );
  return row !== undefined;
}

/** GET /api/saved-searches: the caller's saved searches, oldest first (the order they were made). */
export async function listSavedSearches(ctx: ServiceContext): Promise<SavedSearch[]> {
  const rows = await ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, ctx.actor.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * POST /api/saved-searches. Alerts count from now: profiles already listed are not "new". The
 * account row is locked for the count, so two saves at once cannot both be the 20th.
 */
export async function createSavedSearch(ctx: ServiceContext, input: CreateSavedSearchBody & { alertsEnabled: boolean }): Promise<SavedSearch> {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.actor.id)).for('update');
      const [existing] = await tx.select({ value: count() }).from(savedSearches).where(eq(savedSearches.userId, ctx.actor.id));
      if ((existing?.value ?? 0) >= SAVED_SEARCHES_PER_USER) throw conflict(TOO_MANY);
      if (await hasNameTaken(txCtx, input.name)) throw conflict(DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
      const [row] = await tx
        .insert(savedSearches)
        .values({
          userId: ctx.actor.id,
          name: input.name,
          filters: input.filters,
          alertsEnabled: input.alertsEnabled,
          alertsCheckedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toSavedSearch(row!);
    });
  } catch (error) {
    if (isDuplicateName(error)) throw conflict(DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
    throw error;
  }
}

/**
 * PATCH /api/saved-searches/:id: rename, or switch alerts. Switching them back on starts counting
 * from now, so a search silent for a month does not announce the month at once.
 */
export async function updateSavedSearch(ctx: ServiceContext, input: UpdateSavedSearchBody & { id: number }): Promise<SavedSearch> {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      // Only the owner's row: anyone else's id does not exist for them.
      const [current] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.id, input.id), eq(savedSearches.userId, ctx.actor.id)))
        .for('update');
      if (!current) throw notFound(NOT_FOUND);
      if (input.name !== undefined && (await hasNameTaken(txCtx, input.name, current.id))) throw conflict(DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
      const turnsAlertsOn = input.alertsEnabled === true && !current.alertsEnabled;
      const [row] = await tx
        .update(savedSearches)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.alertsEnabled !== undefined ? { alertsEnabled: input.alertsEnabled } : {}),
          ...(turnsAlertsOn ? { alertsCheckedAt: now } : {}),
          updatedAt: now,
        })
        .where(and(eq(savedSearches.id, current.id), eq(savedSearches.userId, ctx.actor.id)))
        .returning();
      return toSavedSearch(row!);
    });
  } catch (error) {
    if (isDuplicateName(error)) throw conflict(DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
    throw error;
  }
}

/** DELETE /api/saved-searches/:id: the owner's only (404 otherwise). */
export async function deleteSavedSearch(ctx: ServiceContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, ctx.actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
}

// --- Alerts ----------------------------------------------------------------------------------

/** Saved searches checked per transaction batch of the alert job. */
const ALERT_BATCH = 100;

/**
 * The hourly alert check (SAVED_SEARCH_ALERTS_JOB). Each due search is locked (skip locked: another
 * instance's run takes the others), counted over (alerts_checked_at, now], notified when the count
 * is positive, and moved to now, in one transaction. Returns how many notifications it raised.
 */
export async function checkSavedSearchAlerts(ctx: SystemContext): Promise<number> {
  const now = ctx.clock();
  let notified = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const due = await tx
        .select({ search: savedSearches, userType: users.userType })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(and(eq(savedSearches.alertsEnabled, true), sql`${savedSearches.alertsCheckedAt} < ${now.toISOString()}::timestamptz`, isNull(users.deletedAt)))
        .orderBy(asc(savedSearches.alertsCheckedAt), asc(savedSearches.id))
        .limit(ALERT_BATCH)
        .for('update', { of: savedSearches, skipLocked: true });
      for (const { search, userType } of due) {
        const viewer = { id: search.userId, userType: userType as UserType };
        const [counted] = await queryRows<{ count: number | string }>(
          tx,
          sql`select count(*) as count from ${counterpartTable(viewer)} p join users u on u.id = p.user_id
               where ${directoryConditions(viewer, storedFilters(search.filters))}
                 and p.created_at > ${search.alertsCheckedAt.toISOString()}::timestamptz and p.created_at <= ${now.toISOString()}::timestamptz`,
        );
        const found = Number(counted?.count ?? 0);
        if (found > 0) {
          await notify(txCtx, { recipientId: search.userId, type: 'saved_search_matches', payload: { savedSearchId: search.id, count: found } });
          notified += 1;
        }
        await tx.update(savedSearches).set({ alertsCheckedAt: now }).where(eq(savedSearches.id, search.id));
      }
      return due.length;
    });
    if (batch < ALERT_BATCH) break;
  }
  return notified;
}
