// The hook features use to follow track-record changes (matching re-reads the record as revealed
// preferences and re-scores), so this feature never imports them: the reacting feature registers
// here when its module loads.
import { createReactions } from '../../reactions';
import type { ServiceContext } from '../../service-context';

/**
 * Work another feature does when an investor's track record changes. Its context is the change's,
 * inside the change's transaction (`ctx.actor` is the investor): work it queues commits with it.
 */
export type TrackRecordChangedReaction = (ctx: ServiceContext) => Promise<unknown>;

const trackRecordChanged = createReactions<[ctx: ServiceContext]>();

/** Registers a reaction to track-record changes. */
export const onTrackRecordChanged: (reaction: TrackRecordChangedReaction) => void = trackRecordChanged.register;

/** Runs the registered reactions; the track-record service calls it inside each change's transaction. */
export const runTrackRecordChangedReactions: (ctx: ServiceContext) => Promise<void> = trackRecordChanged.run;
