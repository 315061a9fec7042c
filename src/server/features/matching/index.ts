// The matching feature's public API: the only file other features (and http/, the app, the demo)
// import. Connections answer "may these two act together" for messaging, milestones, the data room
// and the portfolio; the rest is for the dashboard, the job handlers and the demo seed.
export { blockedByActorIds, blockedEitherWayIds, isBlockedEitherWay } from './blocks';
export { onConnected, onDisconnected, type ConnectedPair, type ConnectedReaction } from './connected-reactions';
export { areConnected, connectedPartnerIds, listConnections, pairMatchesOfActor, wereConnected, type ConnectionsContext } from './connections';
export { createMatchingEngineStore, type MatchingEngineStore } from './engine-store';
export { directoryScoring, ensureDirectoryMatch, type DirectoryMatchState, type DirectoryScoring } from './directory-scores';
// The gazetteer reads free-text locations; the directory derives each profile's country with it.
export { parseLocation } from './engine/gazetteer';
// The engine's seeded generator: the demo seed draws its population with it (src/server/demo).
export { mulberry32 } from './engine/text-index';
export { generateMatches, learnFromDecision, MATCHING_JOBS, rescorePendingMatches, type DecisionToLearn } from './generation.service';
export { disconnectMatch, separatePair } from './disconnect.service';
export type { MatchingContext } from './matching-context';
export { decideMatch, summarizeMatches } from './matching.service';
export { isQueuedRequestFor } from './match-decisions';
export { expireUnansweredRequests, INTAKE_JOBS, releaseQueuedRequests } from './intake.service';
export { intakeExposureFactors } from './intake-exposure';
