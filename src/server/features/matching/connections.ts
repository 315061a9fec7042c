// Connections: the one answer to "may these two act together". A startup and an investor are
// connected while their match is accepted; that unlocks messages, document shares, a shared
// milestone plan and adding the startup to the investor's portfolio. Other features ask here
// (through features/matching/index.ts) and never query `matches` themselves.
//
// When a pair connects, the reactions other features registered with onConnected run inside the
// transaction that connects them (the data room shares the startup's auto-share categories). That
// is how a feature reacts to a connection without matching importing it.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { UserType } from '../../../shared/enums';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matches, startupProfiles } from '../../db/schema';

/** The two parties of a connection. */
export interface ConnectedPair {
  startupId: number;
  investorId: number;
}

const isAccepted = eq(matches.status, 'accepted');

/** Whether two users are connected, whichever of them is the startup. */
export async function areConnected(db: DbExecutor, userA: number, userB: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        isAccepted,
        or(and(eq(matches.startupId, userA), eq(matches.investorId, userB)), and(eq(matches.startupId, userB), eq(matches.investorId, userA))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The ids of everyone the user is connected with, as a parenthesised subquery, so a feature can
 * filter by connection inside its own statement: `inArray(column, connectedPartnerIds(id))`, or
 * `in ${…}` / `union ${…}` in raw SQL.
 */
export function connectedPartnerIds(userId: number): SQL {
  return sql`(select case when ${matches.startupId} = ${userId} then ${matches.investorId} else ${matches.startupId} end
                from ${matches}
               where (${matches.startupId} = ${userId} or ${matches.investorId} = ${userId}) and ${isAccepted})`;
}

/** Everyone the user is connected with, named by their firm or company, in name order. */
export async function listConnections(db: DbExecutor, user: { id: number; userType: UserType }): Promise<Array<{ userId: number; name: string }>> {
  const isStartup = user.userType === 'startup';
  const [own, partner] = isStartup ? [matches.startupId, matches.investorId] : [matches.investorId, matches.startupId];
  const profile = isStartup ? { table: investorProfiles, userId: investorProfiles.userId, name: investorProfiles.firmName } : { table: startupProfiles, userId: startupProfiles.userId, name: startupProfiles.companyName };
  return db
    .select({ userId: partner, name: profile.name })
    .from(matches)
    .innerJoin(profile.table, eq(profile.userId, partner))
    .where(and(eq(own, user.id), isAccepted))
    .orderBy(profile.name);
}

/** Work another feature does inside the transaction that connects a pair. */
export type ConnectedReaction = (tx: DbExecutor, pair: ConnectedPair, now: Date) => Promise<unknown>;

const connectedReactions = new Set<ConnectedReaction>();

/** Registers a reaction to a pair connecting (once: registering the same function again does nothing). */
export function onConnected(reaction: ConnectedReaction): void {
  connectedReactions.add(reaction);
}

/** Runs the registered reactions; matching calls it inside the transaction that accepts a match. */
export async function runConnectedReactions(tx: DbExecutor, pair: ConnectedPair, now: Date): Promise<void> {
  for (const reaction of connectedReactions) await reaction(tx, pair, now);
}
