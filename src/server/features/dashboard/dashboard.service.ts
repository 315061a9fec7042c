// The dashboard's numbers in one query (issue #16). Like the investor analytics
// (docs/decisions/0025-analytics-read-model.md) this is a read model: it reads the matching,
// messaging, data-room and portfolio tables directly, in one statement, where asking each
// feature's count function cost a round trip each (three or four per dashboard load, each load
// being one of several calls a screen makes). It never writes, and every part filters on the
// caller's id. Each part restates its feature's rule, named below; tests/api/dashboard-stats.test.ts
// checks the numbers against those features' own functions, so a rule that changes there fails it.
// "Now" is the context's clock. The statement is prepared (one per role).
import { sql } from 'drizzle-orm';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { UserType } from '../../../shared/enums';
import type { AppDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { documentAccess, documents, matches, messages, portfolioCompanies } from '../../db/schema';
import type { ServiceContext } from '../../service-context';

/** The statement for one role, with the caller's id and "now" as its parameters. */
function prepareStats(db: AppDatabase, role: UserType) {
  const actorId = sql.placeholder('actorId');
  const now = sql.placeholder('now');
  const isStartup = role === 'startup';
  const ownSide = isStartup ? matches.startupId : matches.investorId;
  const theirDecision = isStartup ? matches.investorDecision : matches.startupDecision;
  // matching's summarizeMatches: the caller's matches, pending ones, and requests awaiting their
  // answer (not a startup's request still in an investor's weekly queue: only startups' requests
  // are ever queued, so the condition changes nothing for a startup).
  const matchSummary = sql`
    select avg(${matches.score}) as mean,
           count(*) filter (where ${matches.status} = 'pending')::int as pending,
           count(*) filter (where ${matches.status} = 'pending' and ${theirDecision} = 'accepted' and ${matches.requestQueuedUntil} is null)::int as requests
      from ${matches}
     where ${ownSide} = ${actorId}`;
  // messaging's countActiveConversations: everyone the caller has exchanged a message with.
  const conversations = sql`(
    select count(distinct case when ${messages.senderId} = ${actorId} then ${messages.receiverId} else ${messages.senderId} end)::int
      from ${messages}
     where ${messages.senderId} = ${actorId} or ${messages.receiverId} = ${actorId})`;
  // data-room's countSharedDocuments (a startup's documents with a live grant: not revoked, not
  // expired) or portfolio's countPortfolioCompanies. `exists` stops at a document's first live
  // grant, where joining every grant and counting distinct documents sorted them all.
  const roleCount = isStartup
    ? sql`(
    select count(*)::int
      from ${documents}
     where ${documents.userId} = ${actorId}
       and exists (select 1 from ${documentAccess}
                    where ${documentAccess.documentId} = ${documents.id}
                      and ${documentAccess.revokedAt} is null
                      and (${documentAccess.expiresAt} is null or ${documentAccess.expiresAt} > ${now}::timestamptz)))`
    : sql`(select count(*)::int from ${portfolioCompanies} where ${portfolioCompanies.investorId} = ${actorId})`;
  // When that count next drops with nothing changed: the first expiry of a live grant it counts.
  // The answer cache keeps the answer no longer (http/answer-cache.ts).
  const countChangesAt = isStartup
    ? sql`(
    select min(${documentAccess.expiresAt})
      from ${documentAccess}
      join ${documents} on ${documents.id} = ${documentAccess.documentId}
     where ${documents.userId} = ${actorId}
       and ${documentAccess.revokedAt} is null
       and ${documentAccess.expiresAt} > ${now}::timestamptz)`
    : sql`null::timestamptz`;
  // Everything sits in the FROM clause: in a select list, drizzle leaves column names unqualified
  // (one table), which would turn the correlated `documents.id` above into `document_access.id`.
  return db
    .select({
      // numeric: a string from PostgreSQL, null without matches.
      mean: sql<string | null>`stats.mean`,
      pending: sql<number>`stats.pending`,
      requests: sql<number>`stats.requests`,
      conversations: sql<number>`stats.conversations`,
      roleCount: sql<number>`stats.role_count`,
      // timestamptz: a string or a Date, depending on the driver.
      countChangesAt: sql<string | Date | null>`stats.count_changes_at`,
    })
    .from(
      sql`(select summary.mean, summary.pending, summary.requests, ${conversations} as conversations, ${roleCount} as role_count,
                  ${countChangesAt} as count_changes_at
             from (${matchSummary}) as summary) as stats`,
    )
    .prepare(`dashboard_stats_${role}`);
}

const statsStatements = preparedOnce((db) => ({ startup: prepareStats(db, 'startup'), investor: prepareStats(db, 'investor') }));

/** The stat cards, and the first moment they would read differently with nothing changed (null: none). */
export interface DashboardStatsReading {
  stats: DashboardStats;
  changesAt: Date | null;
}

export async function getDashboardStats(ctx: ServiceContext): Promise<DashboardStatsReading> {
  const { actor } = ctx;
  const [row] = await statsStatements(ctx.db)[actor.userType].execute({ actorId: actor.id, now: ctx.clock().toISOString() });
  const averageMatchScore = row?.mean === null || row?.mean === undefined ? 0 : Math.round(Number(row.mean));
  const counts = { pending: Number(row?.pending ?? 0), requests: Number(row?.requests ?? 0), conversations: Number(row?.conversations ?? 0) };
  const roleValue = Number(row?.roleCount ?? 0);
  const changesAt = row?.countChangesAt ? new Date(row.countChangesAt) : null;
  if (actor.userType === 'startup') {
    return {
      stats: {
        kind: 'startup',
        averageMatchScore,
        potentialMatches: counts.pending,
        connectionRequests: counts.requests,
        sharedDocuments: roleValue,
        activeConversations: counts.conversations,
      },
      changesAt,
    };
  }
  return {
    stats: {
      kind: 'investor',
      averageMatchScore,
      potentialStartups: counts.pending,
      connectionRequests: counts.requests,
      portfolioCompanies: roleValue,
      activeConversations: counts.conversations,
    },
    changesAt,
  };
}
