// Fair intake over time (issue #19, docs/intake.md): the hourly release of startup requests that
// waited in an investor's weekly queue, the daily expiry of requests nobody answered, and each
// side's intake settings (GET/PUT /api/intake-settings). The rules a request meets when it is made
// are in intake.ts.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { CONNECTION_REQUEST_EXPIRY_DAYS, OUTGOING_REQUEST_LIMIT, type IntakeSettings, type UpdateIntakeSettingsBody } from '../../../shared/contracts/intake';
import type { Actor } from '../../actor';
import { conflict, invalid } from '../../app-error';
import { queryRows, type DbExecutor } from '../../db/client';
import { investorProfiles, matches, startupProfiles, users } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { deliveredThisWeek, investorIntakeOf, lockInvestorIntake, nextWeekStartOf, openRequestsOf, queuedRequestsOf } from './intake';

export const INTAKE_JOBS = {
  releaseQueuedRequests: 'matching.release-queued-requests',
  expireUnansweredRequests: 'matching.expire-unanswered-requests',
} as const;

/** What the release and the expiry need: the time, where, how to announce and notify. Jobs pass theirs; a settings change its own. */
export type IntakeJobContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'events' | 'jobs'>;

/** How a startup is named in the investor's feed: the company, else the founder. */
async function startupName(db: DbExecutor, startupId: number): Promise<string> {
  const [row] = await db
    .select({ company: startupProfiles.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
    .where(eq(users.id, startupId));
  return row?.company ?? (row ? `${row.firstName} ${row.lastName}` : 'A startup');
}

/**
 * Releases one investor's queued startup requests in their own transaction: oldest request first,
 * as many as this week's cap still has room for while they are open to new deals; each is then
 * delivered as if just made (the notification, the "wants to connect" entry, a live update to both).
 * The rest wait for next Monday. `dueOnly`: only the requests whose queue time has come (the hourly
 * job); otherwise every queued one (the investor opened up or raised their cap). Returns how many
 * were delivered.
 */
async function releaseForInvestor(ctx: IntakeJobContext, input: { investorId: number; dueOnly: boolean }): Promise<number> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const txCtx: IntakeJobContext = { ...ctx, db: tx };
    await lockInvestorIntake(tx, input.investorId);
    // SKIP LOCKED: a request whose match is being answered right now is left to that answer (and
    // this job never waits on a row lock while holding the investor's, see intake.ts).
    const queued = await tx
      .select({ id: matches.id, startupId: matches.startupId })
      .from(matches)
      .where(
        and(
          eq(matches.investorId, input.investorId),
          eq(matches.status, 'pending'),
          isNotNull(matches.requestQueuedUntil),
          input.dueOnly ? lte(matches.requestQueuedUntil, now) : undefined,
        ),
      )
      .orderBy(asc(matches.requestedAt), asc(matches.id))
      .for('update', { skipLocked: true });
    if (queued.length === 0) return 0;
    const intake = await investorIntakeOf(tx, input.investorId);
    const room = intake.openToNewDeals ? Math.max(0, intake.weeklyRequestCap - (await deliveredThisWeek(tx, input.investorId, now))) : 0;
    const released = queued.slice(0, room);
    const waiting = queued.slice(room);
    for (const request of released) {
      await tx.update(matches).set({ requestDeliveredAt: now, requestQueuedUntil: null, updatedAt: now }).where(eq(matches.id, request.id));
      const name = await startupName(tx, request.startupId);
      await recordActivity(txCtx, {
        userId: input.investorId,
        activityType: 'interest_received',
        entityId: request.id,
        description: `${name} wants to connect with you`,
      });
      await notify(txCtx, { recipientId: input.investorId, type: 'connection_requested', payload: { matchId: request.id, partnerId: request.startupId } });
      await ctx.events.publish(tx, [request.startupId, input.investorId], { type: 'match_updated', matchId: request.id, status: 'pending' });
    }
    if (waiting.length > 0) {
      const nextWeek = nextWeekStartOf(now);
      for (const request of waiting) await tx.update(matches).set({ requestQueuedUntil: nextWeek }).where(eq(matches.id, request.id));
    }
    return released.length;
  });
}

/**
 * The hourly job: every queued request whose week has come is released up to its investor's cap
 * (or waits another week). Each investor in their own transaction, so one failure holds back only
 * theirs. Returns how many were delivered.
 */
export async function releaseQueuedRequests(ctx: IntakeJobContext): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.db
    .selectDistinct({ investorId: matches.investorId })
    .from(matches)
    .where(and(eq(matches.status, 'pending'), lte(matches.requestQueuedUntil, now)));
  let delivered = 0;
  for (const { investorId } of due) delivered += await releaseForInvestor(ctx, { investorId, dueOnly: true });
  return delivered;
}

/**
 * The daily job: a request delivered CONNECTION_REQUEST_EXPIRY_DAYS ago or more and still
 * unanswered expires. The asker's answer goes back to pending (they may ask again), the request
 * clears, and they are told (`connection_request_expired`); both sides' lists update. One
 * statement claims and changes the rows, so a second run finds nothing left to expire. Returns how
 * many expired.
 */
export async function expireUnansweredRequests(ctx: IntakeJobContext): Promise<number> {
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - CONNECTION_REQUEST_EXPIRY_DAYS * 24 * 60 * 60_000);
  return ctx.db.transaction(async (tx) => {
    const txCtx: IntakeJobContext = { ...ctx, db: tx };
    // Open requests only: pending with exactly one side's accept (the asker's), delivered, not queued.
    const expired = await queryRows<{ id: number; startup_id: number; investor_id: number; startup_asked: boolean }>(
      tx,
      sql`with due as (
            select id, startup_decision = 'accepted' as startup_asked from ${matches}
             where status = 'pending' and requested_at is not null and request_queued_until is null
               and request_delivered_at <= ${cutoff}
               and (startup_decision = 'accepted') <> (investor_decision = 'accepted')
             for update skip locked)
          update ${matches} m
             set startup_decision = case when due.startup_asked then 'pending' else m.startup_decision end,
                 investor_decision = case when due.startup_asked then m.investor_decision else 'pending' end,
                 requested_at = null, request_delivered_at = null, request_queued_until = null,
                 request_expired_at = ${now}, updated_at = ${now}
            from due
           where m.id = due.id
       returning m.id, m.startup_id, m.investor_id, due.startup_asked`,
    );
    for (const row of expired) {
      const [askerId, partnerId] = row.startup_asked ? [row.startup_id, row.investor_id] : [row.investor_id, row.startup_id];
      await notify(txCtx, { recipientId: askerId, type: 'connection_request_expired', payload: { matchId: row.id, partnerId } });
      await ctx.events.publish(tx, [row.startup_id, row.investor_id], { type: 'match_updated', matchId: row.id, status: 'pending' });
    }
    return expired.length;
  });
}

/** GET /api/intake-settings: the caller's own intake, in their role's shape. */
export async function getIntakeSettings(ctx: ServiceContext): Promise<IntakeSettings> {
  const { db, actor } = ctx;
  if (actor.userType === 'startup') {
    const [profile] = await db.select({ raisingNow: startupProfiles.raisingNow }).from(startupProfiles).where(eq(startupProfiles.userId, actor.id));
    return {
      userType: 'startup',
      raisingNow: profile?.raisingNow ?? true,
      openRequests: await openRequestsOf(db, actor.id),
      openRequestLimit: OUTGOING_REQUEST_LIMIT,
    };
  }
  const now = ctx.clock();
  const intake = await investorIntakeOf(db, actor.id);
  return {
    userType: 'investor',
    ...intake,
    requestsThisWeek: await deliveredThisWeek(db, actor.id, now),
    queuedRequests: await queuedRequestsOf(db, actor.id),
    weekEndsAt: nextWeekStartOf(now).toISOString(),
  };
}

const ONLY_INVESTORS = 'Only investors set whether they are open to new deals and a weekly limit.';
const ONLY_STARTUPS = 'Only startups set whether they are raising now.';
const PROFILE_FIRST = 'Save your profile first: these settings are part of it.';

/**
 * PUT /api/intake-settings: the caller's own fields only (another role's field is a 400). The
 * settings live on the profile row (migration 0016), which must exist. An investor who opens up
 * or raises their cap gets their queued requests at once, up to the cap: the queue exists for
 * their capacity, and they just said they have more (docs/intake.md).
 */
export async function updateIntakeSettings(ctx: ServiceContext, input: UpdateIntakeSettingsBody): Promise<IntakeSettings> {
  const { db, actor } = ctx;
  if (actor.userType === 'startup') {
    if (input.openToNewDeals !== undefined || input.weeklyRequestCap !== undefined) throw invalid(ONLY_INVESTORS);
    if (input.raisingNow !== undefined) {
      // The settings are intake's; they are stored on the profile row, which only its owner writes (where clause).
      const saved = await db
        .update(startupProfiles)
        .set({ raisingNow: input.raisingNow })
        .where(eq(startupProfiles.userId, actor.id))
        .returning({ id: startupProfiles.id });
      if (saved.length === 0) throw conflict(PROFILE_FIRST);
    }
    return getIntakeSettings(ctx);
  }
  if (input.raisingNow !== undefined) throw invalid(ONLY_STARTUPS);
  const changes = {
    ...(input.openToNewDeals !== undefined ? { openToNewDeals: input.openToNewDeals } : {}),
    ...(input.weeklyRequestCap !== undefined ? { weeklyRequestCap: input.weeklyRequestCap } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const saved = await db.update(investorProfiles).set(changes).where(eq(investorProfiles.userId, actor.id)).returning({ id: investorProfiles.id });
    if (saved.length === 0) throw conflict(PROFILE_FIRST);
    const released = await releaseForInvestor(ctx, { investorId: actor.id, dueOnly: false });
    if (released > 0) ctx.log.info({ released }, 'queued connection requests released by a settings change');
  }
  return getIntakeSettings(ctx);
}
