// When an account's address becomes verified (its verification link opened, or a reset link, which
// proves the address too), the reactions other features registered with onEmailVerified run inside
// that transaction: the data room gives the account the history its address made through secure
// links (docs/data-room.md, "Secure links"). That is how a feature follows a verification without
// auth importing it.
import type { Actor } from '../../actor';
import { createReactions } from '../../reactions';
import type { ServiceContext } from '../../service-context';

/** The account and the address it has just proven (lowercased). */
export interface VerifiedAddress {
  userId: number;
  email: string;
}

const emailVerified = createReactions<[ctx: ServiceContext<Actor | null>, verified: VerifiedAddress]>();

/** Registers a reaction to an address being verified; it runs in the verification's transaction. */
export const onEmailVerified: (reaction: (ctx: ServiceContext<Actor | null>, verified: VerifiedAddress) => Promise<unknown>) => void = emailVerified.register;

/** Runs the registered reactions; auth calls it inside the transaction that marks an address verified. */
export const runEmailVerifiedReactions: (ctx: ServiceContext<Actor | null>, verified: VerifiedAddress) => Promise<void> = emailVerified.run;
