// Reactions: how one feature follows another's events without the other importing it (profiles
// never imports matching, yet a profile save re-scores). The feature with the event keeps a list;
// the reacting feature registers with it when its module loads; the event's owner runs the list
// where its comment says (after a commit, or inside the transaction, so what a reaction writes
// commits with the change).
export interface Reactions<Args extends unknown[]> {
  /** Registers a reaction (once: registering the same function again does nothing). */
  register(reaction: (...args: Args) => Promise<unknown>): void;
  /** Runs every registered reaction, in the order they registered, one after another. */
  run(...args: Args): Promise<void>;
}

export function createReactions<Args extends unknown[]>(): Reactions<Args> {
  const reactions = new Set<(...args: Args) => Promise<unknown>>();
  return {
    register: (reaction) => void reactions.add(reaction),
    run: async (...args) => {
      for (const reaction of reactions) await reaction(...args);
    },
  };
}
