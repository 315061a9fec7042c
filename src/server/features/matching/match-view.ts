// A match as one party sees it: the row in the viewer's voice (both answers, the shared decline
// reason, who ended the last connection) with the counterpart's public card.
import { and, eq, or } from 'drizzle-orm';
import type {
  InvestorSideMatch,
  InvestorSideMatchDetail,
  MatchBreakdown,
  MatchBreakdownSummary,
  StartupSideMatch,
  StartupSideMatchDetail,
} from '../../../shared/contracts/matches';
import type { UserType } from '../../../shared/enums';
import { CONNECTION_REQUEST_EXPIRY_DAYS } from '../../../shared/contracts/intake';
import type { Actor } from '../../actor';
import { notFound } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matches, startupProfiles, users } from '../../db/schema';
import { emailVerifiedOfProfile, toInvestorCard, toStartupCard } from '../profiles';
import { toMatchBreakdown } from './engine/match-explanation';
import type { Side } from './engine/score-components';
import type { StoredExplanation } from './generation.service';
import { perspectiveOf } from './match-decisions';

type MatchRow = typeof matches.$inferSelect;

/**
 * The match, locked for this transaction, when the actor is one of its parties; to anyone else it
 * does not exist (404). Authorization is in the query, and the row lock orders two answers given
 * at once, so the second always sees the first.
 */
export async function lockPartyMatch(tx: DbExecutor, actor: Actor, matchId: number): Promise<MatchRow> {
  const [row] = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), or(eq(matches.startupId, actor.id), eq(matches.investorId, actor.id))))
    .for('update');
  if (!row) throw notFound('This match does not exist.');
  return row;
}

/** The stored explanation in the viewer's voice ("you raise Seed" for the startup, "they raise Seed" for the investor). */
function breakdownFor(row: MatchRow, viewer: Side): MatchBreakdown | null {
  const stored = row.breakdown as StoredExplanation | null;
  return stored ? toMatchBreakdown(stored, viewer) : null;
}

/** The card's part of the explanation: everything but the per-component detail. */
function summaryOf(breakdown: MatchBreakdown | null): MatchBreakdownSummary | null {
  if (!breakdown) return null;
  const { components: _detail, ...summary } = breakdown;
  return summary;
}

/**
 * Where an open connection request stands for the viewer (fair intake, ADR 0045): queued only for
 * the side that asked, and an expiry once it reached the other side.
 */
function requestStateOf(row: Omit<MatchRow, 'breakdown'>, viewer: Side): { requestQueued: boolean; requestExpiresAt: string | null } {
  const mine = viewer === 'startup' ? row.startupDecision : row.investorDecision;
  const isOpen = row.status === 'pending' && row.requestedAt !== null;
  const deliveredAt = isOpen && row.requestQueuedUntil === null ? row.requestDeliveredAt : null;
  return {
    requestQueued: isOpen && row.requestQueuedUntil !== null && mine === 'accepted',
    requestExpiresAt: deliveredAt ? new Date(deliveredAt.getTime() + CONNECTION_REQUEST_EXPIRY_DAYS * 24 * 60 * 60_000).toISOString() : null,
  };
}

/** A match as lists and answers show it: the explanation's summary (GET /api/matches/:id has the detail). */
export function matchFields(row: MatchRow, viewer: Side) {
  return matchFieldsWithSummary(row, summaryOf(breakdownFor(row, viewer)), viewer);
}

/** matchFields for a row read without its stored explanation, with the summary the query built (match-list.ts). */
export function matchFieldsWithSummary(row: Omit<MatchRow, 'breakdown'>, summary: MatchBreakdownSummary | null, viewer: Side) {
  return {
    id: row.id,
    startupId: row.startupId,
    investorId: row.investorId,
    score: row.score,
    ...perspectiveOf(row, viewer),
    breakdown: summary,
    connectionEndedAt: row.connectionEndedAt ? row.connectionEndedAt.toISOString() : null,
    connectionEndedBy: (row.connectionEndedBy as UserType | null) ?? null,
    ...requestStateOf(row, viewer),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadMatchView(db: DbExecutor, actor: Actor, matchId: number): Promise<StartupSideMatch | InvestorSideMatch> {
  if (actor.userType === 'startup') {
    const [row] = await db
      .select({ match: matches, investor: investorProfiles, emailVerified: emailVerifiedOfProfile('investor_profiles') })
      .from(matches)
      .innerJoin(investorProfiles, eq(investorProfiles.userId, matches.investorId))
      .where(eq(matches.id, matchId));
    return { ...matchFields(row!.match, 'startup'), investor: toInvestorCard(row!.investor, row!.emailVerified) };
  }
  const [row] = await db
    .select({ match: matches, startup: startupProfiles, emailVerified: emailVerifiedOfProfile('startup_profiles') })
    .from(matches)
    .innerJoin(startupProfiles, eq(startupProfiles.userId, matches.startupId))
    .where(eq(matches.id, matchId));
  return { ...matchFields(row!.match, 'investor'), startup: toStartupCard(row!.startup, row!.emailVerified) };
}

/**
 * GET /api/matches/:id: one match with every component of its explanation, for "Show score
 * details". Only its two parties see it; to anyone else it does not exist (404).
 */
export async function loadMatchDetail(db: DbExecutor, actor: Actor, matchId: number): Promise<StartupSideMatchDetail | InvestorSideMatchDetail> {
  const [row] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), or(eq(matches.startupId, actor.id), eq(matches.investorId, actor.id))));
  if (!row) throw notFound('This match does not exist.');
  const view = await loadMatchView(db, actor, matchId);
  return { ...view, breakdown: breakdownFor(row, actor.userType) };
}

export const counterpartName = (view: StartupSideMatch | InvestorSideMatch) => ('investor' in view ? view.investor.firmName : view.startup.companyName);

/** How the other side knows the actor: their company or firm name, else their own name. */
export async function ownName(db: DbExecutor, actor: Actor): Promise<string> {
  const profile =
    actor.userType === 'startup'
      ? { table: startupProfiles, userId: startupProfiles.userId, name: startupProfiles.companyName }
      : { table: investorProfiles, userId: investorProfiles.userId, name: investorProfiles.firmName };
  const [row] = await db
    .select({ name: profile.name, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(profile.table, eq(profile.userId, users.id))
    .where(eq(users.id, actor.id));
  return row?.name ?? (row ? `${row.firstName} ${row.lastName}` : 'Someone');
}
