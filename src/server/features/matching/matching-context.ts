// What matching's services receive beyond the shared context: this instance's matching engine.
// The field has the app's name for it (app-context.ts), so a route's `ctx` satisfies this type.
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';
import type { MatchingEngineStore } from './engine-store';

export interface MatchingContext<A extends Actor | null = Actor> extends ServiceContext<A> {
  /** The in-memory engine, synced from the database before each use (engine-store.ts). */
  matchingEngines: MatchingEngineStore;
}
