// The two match lists as one shape, and the match screens' settings. Both screens and their
// cards read MatchView, so the rules (where a match stands, which fit is whose, where links go)
// are written once and unit-tested without a browser. The filtering, ordering and counting are
// the server's (issue #16): a page of 20 is the right 20 only if it filters before it pages.
import {
  MATCH_STATUS_TABS,
  type InvestorSideMatch,
  type MatchBreakdown,
  type MatchBreakdownSummary,
  type MatchStatusTab,
  type StartupSideMatch,
} from '@shared/contracts/matches';
import {
  DECLINE_REASONS,
  FUNDING_GOAL_OPTIONS,
  INDUSTRIES,
  TEAM_SIZE_OPTIONS,
  bucketLabel,
  type MatchDecision,
  type MatchStatus,
  type UserType,
} from '@shared/enums';
import { paths } from '@/app/paths';

export interface CounterpartFact {
  label: string;
  value: string;
}

/** Who is on the other side of a match, in the words the card shows. */
export interface Counterpart {
  userId: number;
  name: string;
  /** Their account's email address is verified: the card shows a "Verified" badge. */
  emailVerified: boolean;
  location: string | null;
  description: string | null;
  /** The card's facts (location, stage, check sizes, …) as label/value pairs; empty ones are left out. */
  facts: CounterpartFact[];
  /** Industry focus (investors) or the industry (startups), shown as chips. */
  industries: string[];
  profileHref: string;
  messageHref: string;
  /** Investors only: the portfolio's Add Company dialog, prefilled from this startup. */
  addToPortfolioHref: string | null;
}

/**
 * Where a match stands for the viewer (mutual consent; docs/connections.md):
 * - `open`: nobody has answered yet;
 * - `requested`: only the other side accepted ("Wants to connect with you");
 * - `waiting`: the viewer accepted, the other side has not answered ("Waiting for {name}");
 * - `connected`: both accepted (status accepted);
 * - `declined`: either side declined (status rejected).
 */
export type Standing = 'open' | 'requested' | 'waiting' | 'connected' | 'declined';

export interface MatchView {
  id: number;
  score: number;
  /** Both answers combined: accepted means connected. */
  status: MatchStatus;
  myDecision: MatchDecision;
  theirDecision: MatchDecision;
  standing: Standing;
  /** The card's summary; "Show score details" fetches every component (GET /api/matches/:id). */
  breakdown: MatchBreakdownSummary | null;
  /** The other side declined: only they can take that back, so Accept is not offered. */
  isDeclinedByThem: boolean;
  /** The label of the other side's decline reason, when they chose to share it. */
  theirDeclineReason: string | null;
  /** Who ended the pair's last connection while they are not connected again ("{name} ended the connection"). */
  connectionEndedBy: 'me' | 'them' | null;
  /** Fair intake: the viewer's own request waits in the investor's weekly queue ("Request queued"). */
  requestQueued: boolean;
  /** When the open request expires unanswered (ISO), once it reached the other side; null otherwise. */
  requestExpiresAt: string | null;
  counterpart: Counterpart;
}

type Decisions = Pick<
  StartupSideMatch,
  'status' | 'myDecision' | 'theirDecision' | 'theirDeclineReason' | 'connectionEndedBy' | 'requestQueued' | 'requestExpiresAt'
>;

export function standingOf({ status, myDecision, theirDecision }: Pick<Decisions, 'status' | 'myDecision' | 'theirDecision'>): Standing {
  if (status === 'accepted') return 'connected';
  if (status === 'rejected' || myDecision === 'rejected' || theirDecision === 'rejected') return 'declined';
  if (myDecision === 'accepted') return 'waiting';
  return theirDecision === 'accepted' ? 'requested' : 'open';
}

/** The decision fields every view shares, whichever side the viewer is on. */
function decisionFields(match: Decisions, viewer: UserType) {
  const isDeclinedByThem = match.theirDecision === 'rejected';
  const reason = isDeclinedByThem ? DECLINE_REASONS.find((candidate) => candidate.value === match.theirDeclineReason) : undefined;
  return {
    status: match.status,
    myDecision: match.myDecision,
    theirDecision: match.theirDecision,
    standing: standingOf(match),
    isDeclinedByThem,
    theirDeclineReason: reason?.label ?? null,
    connectionEndedBy:
      match.status === 'accepted' || !match.connectionEndedBy ? null : match.connectionEndedBy === viewer ? ('me' as const) : ('them' as const),
    requestQueued: match.requestQueued,
    requestExpiresAt: match.requestExpiresAt,
  };
}

const present = (facts: Array<CounterpartFact | null>): CounterpartFact[] =>
  facts.filter((fact): fact is CounterpartFact => fact !== null && fact.value !== '');
const fact = (label: string, value: string | null | undefined): CounterpartFact | null => (value ? { label, value } : null);

/** A startup's view of one match: the investor it was matched with. */
export function fromStartupSide(match: StartupSideMatch): MatchView {
  const investor = match.investor;
  return {
    id: match.id,
    score: match.score,
    ...decisionFields(match, 'startup'),
    breakdown: match.breakdown,
    counterpart: {
      userId: match.investorId,
      name: investor.firmName,
      emailVerified: investor.emailVerified,
      location: investor.location,
      description: investor.investmentThesis ?? investor.description,
      facts: present([
        fact('Stages', investor.stagePreference.join(', ')),
        fact('Check size', investor.investmentRange.join(', ')),
        fact('Portfolio', investor.portfolioSize === null ? null : `${investor.portfolioSize} ${investor.portfolioSize === 1 ? 'company' : 'companies'}`),
      ]),
      industries: investor.industryFocus,
      profileHref: paths.publicInvestor(match.investorId),
      // The communications screen opens the conversation named by ?partner= (a user id).
      messageHref: paths.communications({ partner: match.investorId }),
      addToPortfolioHref: null,
    },
  };
}

/** An investor's view of one match: the startup it was matched with. */
export function fromInvestorSide(match: InvestorSideMatch): MatchView {
  const startup = match.startup;
  return {
    id: match.id,
    score: match.score,
    ...decisionFields(match, 'investor'),
    breakdown: match.breakdown,
    counterpart: {
      userId: match.startupId,
      name: startup.companyName,
      emailVerified: startup.emailVerified,
      location: startup.location,
      description: startup.description,
      facts: present([
        fact('Stage', startup.stage),
        fact('Raising', bucketLabel(FUNDING_GOAL_OPTIONS, startup.fundingGoal)),
        fact('Team', bucketLabel(TEAM_SIZE_OPTIONS, startup.teamSize)),
      ]),
      industries: startup.industry ? [startup.industry] : [],
      profileHref: paths.publicStartup(match.startupId),
      messageHref: paths.messages({ partner: match.startupId }),
      addToPortfolioHref: paths.portfolio({ add: match.startupId }),
    },
  };
}

/** The investor's industry filter offers only the first 8 industries. */
export const INDUSTRY_FILTER_OPTIONS = INDUSTRIES.slice(0, 8);

/** The tabs, in order; the server filters by them (ListMatchesQuery.status). */
export const STATUS_FILTERS = MATCH_STATUS_TABS;
export type StatusFilter = MatchStatusTab;

/** The settings besides the tab; the server applies them (search is trimmed there and here). */
export interface MatchFilters {
  search: string;
  /** A match is kept if score >= minScore. */
  minScore: number;
  /** '' means all industries. Only the investor screen sets it. */
  industry: string;
}

export const DEFAULT_FILTERS: MatchFilters = { search: '', minScore: 0, industry: '' };

/**
 * The sentence that says where the match stands, or null when there is nothing to wait for
 * (open, connected, or declined by the viewer alone).
 */
export function standingLine(match: MatchView): string | null {
  if (match.isDeclinedByThem) return `Declined by ${match.counterpart.name}`;
  if (match.standing === 'requested') return 'Wants to connect with you';
  if (match.standing === 'waiting') return `Waiting for ${match.counterpart.name}`;
  return null;
}

/** Who ended the pair's connection, while they have not connected again; null otherwise. */
export function connectionEndedLine(match: MatchView): string | null {
  if (match.connectionEndedBy === 'them') return `${match.counterpart.name} ended the connection`;
  if (match.connectionEndedBy === 'me') return 'You ended the connection';
  return null;
}

/** Accept and Decline: only while the viewer has not answered and the other side has not declined. */
export const canAnswer = (match: MatchView) => match.myDecision === 'pending' && !match.isDeclinedByThem;

/** Reconsider: only the viewer's own decline can be taken back. */
export const canReconsider = (match: MatchView) => match.myDecision === 'rejected';

export function hasActiveFilters(filters: MatchFilters): boolean {
  return filters.search.trim() !== '' || filters.minScore !== DEFAULT_FILTERS.minScore || filters.industry !== DEFAULT_FILTERS.industry;
}

/**
 * The two one-sided fits in the viewer's terms ("their fit for you 74 · your fit for them 82 →
 * 78"; docs/matching.md, "Explanations"). `investorFit` is the investor's view of the startup and `startupFit`
 * the startup's view of the investor, so "their fit for you" is always the viewer's own side.
 */
export function fitsFor(viewer: UserType, breakdown: MatchBreakdownSummary): { theirFitForYou: number; yourFitForThem: number } {
  const own = viewer === 'startup' ? breakdown.startupFit : breakdown.investorFit;
  const other = viewer === 'startup' ? breakdown.investorFit : breakdown.startupFit;
  return { theirFitForYou: Math.round(own * 100), yourFitForThem: Math.round(other * 100) };
}

/** The components behind each fit, in the same terms as fitsFor. */
export function componentsFor(viewer: UserType, breakdown: MatchBreakdown) {
  return {
    theirFitForYou: breakdown.components.filter((component) => component.side === viewer),
    yourFitForThem: breakdown.components.filter((component) => component.side !== viewer),
  };
}

export const STATUS_LABELS: Record<MatchStatus, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };
