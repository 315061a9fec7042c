// The hook features use to follow profile saves (matching queues a re-score), so profiles never
// imports them: the reacting feature registers here when its module loads.
import { createReactions } from '../../reactions';
import type { ServiceContext } from '../../service-context';

/**
 * Work another feature does after a profile is saved and committed. Its context is the save's:
 * `ctx.actor` is the user whose profile changed, and `ctx.db` is outside the save's transaction.
 */
export type ProfileSavedReaction = (ctx: ServiceContext) => Promise<unknown>;

const profileSaved = createReactions<[ctx: ServiceContext]>();

/** Registers a reaction to profile saves. */
export const onProfileSaved: (reaction: ProfileSavedReaction) => void = profileSaved.register;

/** Runs the registered reactions; the profile service calls it after each save has committed. */
export const runProfileSavedReactions: (ctx: ServiceContext) => Promise<void> = profileSaved.run;
