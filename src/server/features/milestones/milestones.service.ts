// Shared milestones: both parties of a connection (a match both accepted) see and move the same
// plan. Every call checks the connection (403 when not connected) and that the milestone is the
// pair's (404).
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { CreateMilestoneBody, Milestone } from '../../../shared/contracts/milestones';
import type { MilestoneStatus } from '../../../shared/enums';
import { conflict, forbidden, invalid, notFound } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, milestones, startupProfiles, users } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { areConnected, connectedPartnerIds, wereConnected } from '../matching';

type MilestoneRow = typeof milestones.$inferSelect;

const NEXT_STATUS: Partial<Record<MilestoneStatus, MilestoneStatus>> = { pending: 'in_progress', in_progress: 'completed' };
const NOT_CONNECTED = 'Milestones are shared only between a startup and an investor who are connected: both must accept the match.';

const toMilestone = (row: MilestoneRow): Milestone => ({
  id: row.id,
  startupId: row.startupId,
  investorId: row.investorId,
  title: row.title,
  description: row.description,
  status: row.status as MilestoneStatus,
  date: row.date,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The other party of a pair the actor belongs to. */
const partnerIn = (actor: Actor, pair: { startupId: number; investorId: number }) => (actor.userType === 'startup' ? pair.investorId : pair.startupId);

/** The (startup, investor) pair for the actor and a partner, if they are connected. */
async function connectedPair(ctx: ServiceContext, partnerId: number): Promise<{ startupId: number; investorId: number }> {
  const { actor } = ctx;
  const pair = actor.userType === 'startup' ? { startupId: actor.id, investorId: partnerId } : { startupId: partnerId, investorId: actor.id };
  if (!(await areConnected(ctx, partnerId))) throw forbidden(NOT_CONNECTED);
  return pair;
}

/** A milestone of one of the actor's pairs (404 otherwise), and whether that pair is still connected (403). */
async function ownMilestone(ctx: ServiceContext, milestoneId: number): Promise<MilestoneRow> {
  const { actor } = ctx;
  const [row] = await ctx.db
    .select()
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), or(eq(milestones.startupId, actor.id), eq(milestones.investorId, actor.id))))
    .for('update');
  if (!row) throw notFound('This milestone does not exist.');
  if (!(await areConnected(ctx, partnerIn(actor, row)))) throw forbidden(NOT_CONNECTED);
  return row;
}

/**
 * How a feed names one party of a pair: the firm or company name, or the person's name before
 * they saved a profile. Read inside the same transaction as the change it describes.
 */
async function displayName(db: DbExecutor, userId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, firmName: investorProfiles.firmName, companyName: startupProfiles.companyName })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? (row.firmName ?? row.companyName ?? `${row.firstName} ${row.lastName}`) : 'your partner';
}

/**
 * Writes the change into both parties' feeds, the actor's ("{What} with {partner}") and the
 * partner's ("{Actor} {what}", linking to the plan with the actor), and tells both parties' open
 * screens, inside the change's transaction so none of it happens unless the change commits. Only a
 * connected pair reaches here (ownMilestone, connectedPair), so a blocked pair never does.
 */
async function recordAndAnnounce(
  txCtx: ServiceContext,
  change: {
    milestoneId: number;
    pair: { startupId: number; investorId: number };
    activityType: 'milestone_created' | 'milestone_updated';
    what: string;
    /** What the partner's notification says happened. */
    change: 'created' | 'started' | 'completed' | 'edited' | 'removed';
  },
): Promise<void> {
  const { actor } = txCtx;
  const { startupId, investorId } = change.pair;
  const partnerId = partnerIn(actor, change.pair);
  await recordActivity(txCtx, {
    userId: actor.id,
    activityType: change.activityType,
    entityId: change.milestoneId,
    description: `${change.what} with ${await displayName(txCtx.db, partnerId)}`,
  });
  // `what` starts with its verb ("Completed the milestone …"), which follows the name here.
  const what = change.what.charAt(0).toLowerCase() + change.what.slice(1);
  await recordActivity(txCtx, {
    userId: partnerId,
    activityType: 'partner_milestone_changed',
    entityId: actor.id,
    description: `${await displayName(txCtx.db, actor.id)} ${what}`,
  });
  await txCtx.events.publish(txCtx.db, [startupId, investorId], { type: 'milestone_updated', milestoneId: change.milestoneId, startupId, investorId });
  await notify(txCtx, {
    recipientId: partnerId,
    type: 'milestone_changed',
    payload: { milestoneId: change.milestoneId, partnerId: actor.id, change: change.change },
  });
}

/**
 * The pair's plan, for a connected pair; after one of them disconnected, the plan is frozen but
 * still readable by both (docs/connections.md, "Leaving and blocking"). Anyone else gets 403.
 */
export async function listMilestones(ctx: ServiceContext, partnerId: number): Promise<Milestone[]> {
  const { actor } = ctx;
  const pair = actor.userType === 'startup' ? { startupId: actor.id, investorId: partnerId } : { startupId: partnerId, investorId: actor.id };
  if (!(await wereConnected(ctx, partnerId))) await connectedPair(ctx, partnerId);
  const rows = await ctx.db
    .select()
    .from(milestones)
    .where(and(eq(milestones.startupId, pair.startupId), eq(milestones.investorId, pair.investorId)))
    .orderBy(sql`${milestones.date} asc nulls last`, asc(milestones.createdAt), asc(milestones.id));
  return rows.map(toMilestone);
}

export async function createMilestone(
  ctx: ServiceContext,
  input: CreateMilestoneBody & { description: string; date: string; status: MilestoneStatus },
): Promise<Milestone> {
  const { actor } = ctx;
  // The partner is investorId for a startup and startupId for an investor (docs/milestones.md).
  const partnerField = actor.userType === 'startup' ? 'investorId' : 'startupId';
  const wrongField = actor.userType === 'startup' ? 'startupId' : 'investorId';
  const partnerId = input[partnerField];
  if (input[wrongField] !== undefined || partnerId === undefined) {
    throw invalid(`Name your partner as ${partnerField}.`, { [partnerField]: ['Choose a connected partner'] });
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const pair = await connectedPair(txCtx, partnerId);
    const [row] = await tx
      .insert(milestones)
      .values({ ...pair, title: input.title, description: input.description || null, date: input.date || null, status: input.status })
      .returning();
    await recordAndAnnounce(txCtx, {
      milestoneId: row!.id,
      pair,
      activityType: 'milestone_created',
      what: `Added the milestone "${row!.title}"`,
      change: 'created',
    });
    return toMilestone(row!);
  });
}

export async function advanceMilestone(ctx: ServiceContext, input: { milestoneId: number; status: 'in_progress' | 'completed' }): Promise<Milestone> {
  const { status } = input;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await ownMilestone(txCtx, input.milestoneId);
    const from = row.status as MilestoneStatus;
    if (NEXT_STATUS[from] !== status) {
      throw conflict(
        from === 'completed'
          ? 'This milestone is already completed.'
          : `A milestone that is ${from.replace('_', ' ')} cannot move to ${status.replace('_', ' ')}.`,
      );
    }
    const [updated] = await tx.update(milestones).set({ status, updatedAt: ctx.clock() }).where(eq(milestones.id, row.id)).returning();
    const verb = status === 'in_progress' ? 'Started' : 'Completed';
    await recordAndAnnounce(txCtx, {
      milestoneId: row.id,
      pair: row,
      activityType: 'milestone_updated',
      what: `${verb} the milestone "${row.title}"`,
      change: status === 'in_progress' ? 'started' : 'completed',
    });
    return toMilestone(updated!);
  });
}

export async function editMilestone(
  ctx: ServiceContext,
  input: { milestoneId: number; title?: string; description?: string; date?: string },
): Promise<Milestone> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await ownMilestone(txCtx, input.milestoneId);
    const changes: Partial<typeof milestones.$inferInsert> = { updatedAt: ctx.clock() };
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.date !== undefined) changes.date = input.date || null;
    const [updated] = await tx.update(milestones).set(changes).where(eq(milestones.id, row.id)).returning();
    await recordAndAnnounce(txCtx, {
      milestoneId: row.id,
      pair: row,
      activityType: 'milestone_updated',
      what: `Edited the milestone "${updated!.title}"`,
      change: 'edited',
    });
    return toMilestone(updated!);
  });
}

export async function deleteMilestone(ctx: ServiceContext, milestoneId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await ownMilestone(txCtx, milestoneId);
    await tx.delete(milestones).where(eq(milestones.id, row.id));
    await recordAndAnnounce(txCtx, {
      milestoneId: row.id,
      pair: row,
      activityType: 'milestone_updated',
      what: `Removed the milestone "${row.title}"`,
      change: 'removed',
    });
  });
}

/**
 * Not-yet-completed milestones across all of the actor's partners, in progress first, then by
 * date (dashboard card). Like every other call, only pairs that are connected: the partner must be
 * one of the actor's connections.
 */
export async function listUpcomingMilestones(ctx: ServiceContext, options: { limit?: number } = {}) {
  const { actor } = ctx;
  const limit = options.limit ?? 5;
  const partnerColumn = actor.userType === 'startup' ? milestones.investorId : milestones.startupId;
  const rows = await ctx.db
    .select({
      milestone: milestones,
      firstName: users.firstName,
      lastName: users.lastName,
      firmName: investorProfiles.firmName,
      companyName: startupProfiles.companyName,
    })
    .from(milestones)
    .innerJoin(users, eq(users.id, partnerColumn))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, partnerColumn))
    .leftJoin(startupProfiles, eq(startupProfiles.userId, partnerColumn))
    .where(
      and(
        or(eq(milestones.startupId, actor.id), eq(milestones.investorId, actor.id)),
        inArray(partnerColumn, connectedPartnerIds(ctx)),
        ne(milestones.status, 'completed'),
      ),
    )
    .orderBy(sql`case when ${milestones.status} = 'in_progress' then 0 else 1 end`, sql`${milestones.date} asc nulls last`, asc(milestones.id))
    .limit(limit);
  return rows.map((row) => ({ ...toMilestone(row.milestone), partnerName: row.firmName ?? row.companyName ?? `${row.firstName} ${row.lastName}` }));
}
