// Matches under mutual consent (docs/decisions/0028-mutual-consent.md), for tests. A test that puts
// a pair in a state directly writes the columns exactly as decideMatch would leave them (both
// decisions and the status derived from them); a test about how people get there goes through the
// API with connectPair, as the two users would.
import { expect } from 'vitest';
import type { MatchStatus, UserType } from '../../src/shared/enums';
import type { TestClient } from './test-app';

/** A match row's decision columns for a status: accepted by both, declined by `decliner`, or answered by nobody. */
export function matchState(status: MatchStatus, decliner: UserType = 'investor') {
  if (status === 'accepted') return { status, startupDecision: 'accepted', investorDecision: 'accepted' } as const;
  if (status === 'pending') return { status, startupDecision: 'pending', investorDecision: 'pending' } as const;
  return {
    status,
    startupDecision: decliner === 'startup' ? 'rejected' : 'pending',
    investorDecision: decliner === 'investor' ? 'rejected' : 'pending',
  } as const;
}

/** A match one side accepted and the other has not answered: still pending, not a connection. */
export function oneSidedAccept(accepter: UserType) {
  return {
    status: 'pending',
    startupDecision: accepter === 'startup' ? 'accepted' : 'pending',
    investorDecision: accepter === 'investor' ? 'accepted' : 'pending',
  } as const;
}

/** Connects a pair through the API: the startup accepts, then the investor (each answer must succeed). */
export async function connectPair(startup: TestClient, investor: TestClient, matchId: number): Promise<void> {
  for (const client of [startup, investor]) {
    const response = await client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** A stored explanation in the engine's form, each text worded for both sides. */
export const explanation = (tag: string) => ({
  score: 70,
  investorFit: 0.8,
  startupFit: 0.6,
  components: [
    {
      key: 'stage',
      side: 'investor',
      value: 1,
      weight: 2,
      contribution: 20,
      reason: { startup: `${tag}: your stage fits`, investor: `${tag}: their stage fits` },
    },
  ],
  topReasons: { startup: [`${tag}: your stage fits`], investor: [`${tag}: their stage fits`] },
  biggestShortfall: { startup: `${tag}: you are early`, investor: `${tag}: they are early` },
  unknowns: { startup: ['traction'], investor: ['check size'] },
  gated: false,
  gateReason: null,
});
