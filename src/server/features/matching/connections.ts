// Connections: the one answer to "may these two act together". A startup and an investor are
// connected while their match is accepted, which takes both sides' accept (matches.status is
// derived from both decisions: docs/decisions/0028-mutual-consent.md). That unlocks messages,
// document shares, a shared milestone plan and adding the startup to the investor's portfolio.
// Other features ask here (through features/matching/index.ts) and never query `matches`
// themselves. Every question is asked for the context's actor: "may I act with them", "who are my
// connections".
import { and, eq, isNotNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { investorProfiles, matches, startupProfiles } from '../../db/schema';
import type { ServiceContext } from '../../service-context';

/** What a connection question needs: whose connections, and where to look (a transaction's `db` sees its own writes). */
export type ConnectionsContext = Pick<ServiceContext, 'db' | 'actor'>;

/** What an SQL fragment about the actor needs: their id, or a placeholder for it in a prepared statement. */
export interface ActorSqlContext {
  actor: { id: number | Placeholder };
}

const isAccepted = eq(matches.status, 'accepted');

/** Whether the actor is connected with this user, whichever of them is the startup. */
export async function areConnected(ctx: ConnectionsContext, partnerId: number): Promise<boolean> {
  const me = ctx.actor.id;
  const [row] = await ctx.db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(isAccepted, or(and(eq(matches.startupId, me), eq(matches.investorId, partnerId)), and(eq(matches.startupId, partnerId), eq(matches.investorId, me)))),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the actor and this user were connected and one of them ended it (a disconnect): what they
 * built together stays readable to both, frozen. A blocked pair has no match left, so no.
 */
export async function wereConnected(ctx: ConnectionsContext, partnerId: number): Promise<boolean> {
  const me = ctx.actor.id;
  const [row] = await ctx.db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        isNotNull(matches.connectionEndedAt),
        or(and(eq(matches.startupId, me), eq(matches.investorId, partnerId)), and(eq(matches.startupId, partnerId), eq(matches.investorId, me))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The ids of everyone the actor is connected with, as a parenthesised subquery, so a feature can
 * filter by connection inside its own statement: `inArray(column, connectedPartnerIds(ctx))`, or
 * `in ${…}` / `union ${…}` in raw SQL. The actor's id may be a placeholder, for a prepared statement.
 */
export function connectedPartnerIds(ctx: ActorSqlContext): SQL {
  const me = ctx.actor.id;
  return sql`(select case when ${matches.startupId} = ${me} then ${matches.investorId} else ${matches.startupId} end
                from ${matches}
               where (${matches.startupId} = ${me} or ${matches.investorId} = ${me}) and ${isAccepted})`;
}

/**
 * The actor's matches as a parenthesised subquery with one row per partner (`partner_id`, `match_id`,
 * `match_status`, `connection_ended_by`), so a feature can show where it stands with each person
 * inside its own statement: `left join ${pairMatchesOfActor(ctx)} pair on pair.partner_id = …`
 * (the actor's id may be a placeholder).
 */
export function pairMatchesOfActor(ctx: ActorSqlContext): SQL {
  const me = ctx.actor.id;
  return sql`(select case when ${matches.startupId} = ${me} then ${matches.investorId} else ${matches.startupId} end as partner_id,
                     ${matches.id} as match_id, ${matches.status} as match_status, ${matches.connectionEndedBy} as connection_ended_by
                from ${matches}
               where ${matches.startupId} = ${me} or ${matches.investorId} = ${me})`;
}

/** Everyone the actor is connected with, named by their firm or company, in name order. */
export async function listConnections(ctx: ConnectionsContext): Promise<Array<{ userId: number; name: string }>> {
  const isStartup = ctx.actor.userType === 'startup';
  const [own, partner] = isStartup ? [matches.startupId, matches.investorId] : [matches.investorId, matches.startupId];
  const profile = isStartup
    ? { table: investorProfiles, userId: investorProfiles.userId, name: investorProfiles.firmName }
    : { table: startupProfiles, userId: startupProfiles.userId, name: startupProfiles.companyName };
  return ctx.db
    .select({ userId: partner, name: profile.name })
    .from(matches)
    .innerJoin(profile.table, eq(profile.userId, partner))
    .where(and(eq(own, ctx.actor.id), isAccepted))
    .orderBy(profile.name);
}
