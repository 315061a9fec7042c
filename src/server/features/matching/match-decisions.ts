// Mutual consent (docs/decisions/0028-mutual-consent.md): each side answers a match for itself,
// and the match's status follows from both answers. Pure rules, shared by the decision service and
// the views, so "who may do what" is written once.
import type { MatchDecision, MatchStatus, UserType } from '../../../shared/enums';
import type { matches } from '../../db/schema';

// The decision columns; the stored explanation is not needed (lists read rows without it).
type MatchRow = Omit<typeof matches.$inferSelect, 'breakdown'>;

export const otherSide = (side: UserType): UserType => (side === 'startup' ? 'investor' : 'startup');

/** One side's stored answer, its private decline reason, and whether it chose to share that reason. */
export function sideOf(row: MatchRow, side: UserType): { decision: MatchDecision; declineReason: string | null; sharesReason: boolean } {
  return side === 'startup'
    ? { decision: row.startupDecision as MatchDecision, declineReason: row.startupDeclineReason, sharesReason: row.startupSharesReason }
    : { decision: row.investorDecision as MatchDecision, declineReason: row.investorDeclineReason, sharesReason: row.investorSharesReason };
}

/** Accepted only when both accepted (a connection), rejected when either declined, pending otherwise. */
export function combinedStatus(startup: MatchDecision, investor: MatchDecision): MatchStatus {
  if (startup === 'rejected' || investor === 'rejected') return 'rejected';
  return startup === 'accepted' && investor === 'accepted' ? 'accepted' : 'pending';
}

/**
 * Why the caller may not change their own answer from `mine` to `to` while the other side's is
 * `theirs`, as a sentence for a 409; null when they may. Allowed: Accept and Decline from pending,
 * and Reconsider (accept) by a side that declined. A side that has not declined cannot act on a
 * match the other side declined: only the decliner takes a "no" back.
 */
export function refusalOf(mine: MatchDecision, theirs: MatchDecision, to: 'accepted' | 'rejected'): string | null {
  if (mine === 'rejected') return to === 'accepted' ? null : 'You have already declined this match.';
  if (theirs === 'rejected')
    return to === 'accepted' ? 'The other side declined this match; only they can reconsider it.' : 'The other side has already declined this match.';
  if (mine === 'pending') return null;
  if (to === 'accepted')
    return theirs === 'accepted' ? 'You are already connected through this match.' : 'You have already accepted this match; it now waits for the other side.';
  return theirs === 'accepted'
    ? 'You are connected through this match; it can no longer be declined.'
    : 'You have accepted this match; it can no longer be declined.';
}

/**
 * A startup's request waiting in the investor's weekly queue (fair intake, docs/intake.md): the
 * investor does not see it as a request until it is released, so to them the startup's answer
 * still reads pending. Only a startup's request is ever queued, and the column is cleared by every
 * other change, so a set `requestQueuedUntil` on a pending match is exactly that.
 */
export const isQueuedRequestFor = (row: Pick<MatchRow, 'status' | 'requestQueuedUntil'>, viewer: UserType): boolean =>
  viewer === 'investor' && row.status === 'pending' && row.requestQueuedUntil !== null;

/** The match as one party sees it: both answers from their side, who declined, and a shared reason. */
export function perspectiveOf(row: MatchRow, viewer: UserType) {
  const mine = sideOf(row, viewer);
  const stored = sideOf(row, otherSide(viewer));
  const theirs = isQueuedRequestFor(row, viewer) ? { ...stored, decision: 'pending' as MatchDecision } : stored;
  // Both may have declined; each then sees their own side, the one whose Reconsider they hold.
  const decidedBy: UserType | null = mine.decision === 'rejected' ? viewer : theirs.decision === 'rejected' ? otherSide(viewer) : null;
  return {
    // The stored status, the one connections ask; every decision writes combinedStatus() to it.
    status: row.status as MatchStatus,
    myDecision: mine.decision,
    theirDecision: theirs.decision,
    theirDeclineReason: theirs.decision === 'rejected' && theirs.sharesReason ? theirs.declineReason : null,
    decidedBy,
  };
}
