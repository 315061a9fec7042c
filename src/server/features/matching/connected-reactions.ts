// When a pair connects (the second side accepts), the reactions other features registered with
// onConnected run inside the transaction that connects them (the data room shares the startup's
// auto-share categories): what they write commits with the connection, and their live events go
// out after that commit. That is how a feature reacts to a connection without matching importing it.
import type { Actor } from '../../actor';
import { createReactions } from '../../reactions';
import type { ServiceContext } from '../../service-context';

/** The two parties of a connection. */
export interface ConnectedPair {
  startupId: number;
  investorId: number;
}

/**
 * Work another feature does when a pair connects. Its context is the decision's, inside the
 * decision's transaction (`ctx.db` is that transaction, `ctx.actor` whoever accepted second): what it
 * writes commits or rolls back with the decision.
 */
export type ConnectedReaction = (ctx: ServiceContext<Actor | null>, pair: ConnectedPair) => Promise<unknown>;

const connected = createReactions<[ctx: ServiceContext<Actor | null>, pair: ConnectedPair]>();

/** Registers a reaction to a pair connecting. */
export const onConnected: (reaction: ConnectedReaction) => void = connected.register;

/** Runs the registered reactions; matching calls it inside the transaction of the accept that connects a pair. */
export const runConnectedReactions: (ctx: ServiceContext<Actor | null>, pair: ConnectedPair) => Promise<void> = connected.run;

// When a connection ends (a disconnect, or a block that ends one), the reactions registered with
// onDisconnected run inside that transaction (the data room revokes every grant between the pair),
// so nothing the pair shared outlives the connection.
const disconnected = createReactions<[ctx: ServiceContext<Actor | null>, pair: ConnectedPair]>();

/** Registers a reaction to a pair's connection ending. */
export const onDisconnected: (reaction: ConnectedReaction) => void = disconnected.register;

/** Runs the registered reactions; matching calls it inside the transaction that ends a connection. */
export const runDisconnectedReactions: (ctx: ServiceContext<Actor | null>, pair: ConnectedPair) => Promise<void> = disconnected.run;
