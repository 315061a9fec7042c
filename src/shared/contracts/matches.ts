// Matches (issue #4; docs/matching.md): both sides' lists with the nested counterpart card and the
// score's explanation, decisions, and generation.
import { z } from 'zod';
import { DECLINE_REASONS, INDUSTRIES, MATCH_DECISIONS, MATCH_STATUSES, USER_TYPES } from '../enums';
import { boundedIntParam, idParam } from './common';
import { defineEndpoint } from './endpoint';
import { InvestorCard, StartupCard } from './profiles';

export const MatchComponent = z.object({
  key: z.string(),
  side: z.enum(['investor', 'startup']),
  value: z.number().nullable(),
  weight: z.number(),
  contribution: z.number(),
  /** The stated line; it is always shown, whatever the track record says. */
  reason: z.string(),
  /**
   * The investor's track record, where it refined this component as revealed preferences
   * (docs/matching.md §2b): the revealed value (0–1), the stated value before the blend, the blend
   * weight w, the deals behind it, whether the two disagree (by more than .3), and its line in the
   * viewer's voice ("Track record: 7 of their 9 past deals at Seed"). Absent when the track record
   * does not apply (and in explanations stored before it existed).
   */
  revealed: z
    .object({
      value: z.number(),
      stated: z.number(),
      weight: z.number(),
      deals: z.number(),
      differsFromStated: z.boolean(),
      text: z.string(),
    })
    .optional(),
});

/** Why the score is what it is; produced by the matching engine and stored with the match. */
export const MatchBreakdown = z.object({
  investorFit: z.number(),
  startupFit: z.number(),
  components: z.array(MatchComponent),
  topReasons: z.array(z.string()),
  biggestShortfall: z.string().nullable(),
  unknowns: z.array(z.string()),
  gated: z.boolean(),
  gateReason: z.string().nullable(),
});
export type MatchBreakdown = z.infer<typeof MatchBreakdown>;

/**
 * What a card shows before it is opened: both fits, the top reasons, the biggest shortfall and the
 * gate. The per-component detail comes from GET /api/matches/:id, so lists stay small.
 */
export const MatchBreakdownSummary = MatchBreakdown.omit({ components: true });
export type MatchBreakdownSummary = z.infer<typeof MatchBreakdownSummary>;

const matchBase = {
  id: z.number(),
  startupId: z.number(),
  investorId: z.number(),
  score: z.number().int().min(0).max(100),
  /** Both sides' answers combined: accepted only when both accepted (a connection), rejected when either declined. */
  status: z.enum(MATCH_STATUSES),
  /** The caller's own answer. */
  myDecision: z.enum(MATCH_DECISIONS),
  /** The other side's answer. */
  theirDecision: z.enum(MATCH_DECISIONS),
  /** The other side's decline reason (a DECLINE_REASONS value), only when they declined and chose to share it. */
  theirDeclineReason: z.enum(DECLINE_REASONS.map((reason) => reason.value) as [string, ...string[]]).nullable(),
  breakdown: MatchBreakdownSummary.nullable(),
  /** The side that declined (null unless status is rejected); only a side that declined may reconsider. */
  decidedBy: z.enum(USER_TYPES).nullable(),
  /** When the pair's last connection was ended (POST /api/matches/:id/disconnect); null if it never was, or they connected again since. */
  connectionEndedAt: z.string().nullable(),
  /** Which side ended it ("{name} ended the connection"), or null. */
  connectionEndedBy: z.enum(USER_TYPES).nullable(),
  /**
   * Fair intake (issue #19): the caller's own connection request waits in the investor's weekly
   * queue ("Request queued"). Only ever true for the side that asked; the investor does not see a
   * queued request until it is released.
   */
  requestQueued: z.boolean(),
  /** When the open connection request (either side's, once delivered) expires unanswered; null when none is open. */
  requestExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const StartupSideMatch = z.object({ ...matchBase, investor: InvestorCard });
export type StartupSideMatch = z.infer<typeof StartupSideMatch>;
export const InvestorSideMatch = z.object({ ...matchBase, startup: StartupCard });
export type InvestorSideMatch = z.infer<typeof InvestorSideMatch>;

/** One match with its full explanation: every component of both fits ("Show score details"). */
export const StartupSideMatchDetail = StartupSideMatch.extend({ breakdown: MatchBreakdown.nullable() });
export type StartupSideMatchDetail = z.infer<typeof StartupSideMatchDetail>;
export const InvestorSideMatchDetail = InvestorSideMatch.extend({ breakdown: MatchBreakdown.nullable() });
export type InvestorSideMatchDetail = z.infer<typeof InvestorSideMatchDetail>;

const declineReasonValues = DECLINE_REASONS.map((reason) => reason.value) as [string, ...string[]];

export const UpdateMatchBody = z
  .strictObject({
    status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
    reason: z.enum(declineReasonValues, { error: 'Please choose a reason from the list' }).optional(),
    /** Show the reason to the other side ("Share this reason with them"); off unless asked for. */
    shareReason: z.boolean({ error: 'Share reason must be true or false' }).optional(),
  })
  .refine((body) => body.status === 'rejected' || body.reason === undefined, { message: 'A reason goes only with a decline', path: ['reason'] })
  .refine((body) => body.status === 'rejected' || body.shareReason === undefined, {
    message: 'Sharing a reason goes only with a decline',
    path: ['shareReason'],
  });
export type UpdateMatchBody = z.infer<typeof UpdateMatchBody>;

const MatchIdParams = z.strictObject({ id: idParam() });

/** Cards per page of a match list, unless the request asks for another `limit` (issue #16). */
export const MATCH_PAGE_SIZE = 20;

/** The match screens' tabs: every status, or one. */
export const MATCH_STATUS_TABS = ['all', ...MATCH_STATUSES] as const;
export type MatchStatusTab = (typeof MATCH_STATUS_TABS)[number];

/** The longest search a match list takes: a name is far shorter. */
export const MATCH_SEARCH_MAX = 100;

/**
 * A match list's filters and page (issue #16). The filters are the screen's settings, applied by
 * the server so a page of 20 is the right 20:
 * - `status`: one tab (default all);
 * - `search`: case-insensitive text in the counterpart's name and location (and a startup's
 *   industry), trimmed; empty means none;
 * - `minScore`: keeps score >= minScore;
 * - `industry`: a startup's industry, or one of an investor's focus industries;
 * - `cursor`: nextCursor of the previous page, with the same filters; `limit`: cards per page.
 */
export const ListMatchesQuery = z.strictObject({
  status: z.enum(MATCH_STATUS_TABS, { error: 'Status must be all, pending, accepted or rejected.' }).optional(),
  search: z.string().max(MATCH_SEARCH_MAX, `Search must be at most ${MATCH_SEARCH_MAX} characters.`).optional(),
  minScore: boundedIntParam(0, 100, 'The minimum score must be a whole number from 0 to 100.').optional(),
  industry: z.enum(INDUSTRIES, { error: 'Please choose an industry from the list.' }).optional(),
  // Opaque: the last card's position in the list's order, as returned in nextCursor.
  cursor: z.string().max(200).optional(),
  limit: boundedIntParam(1, 100, 'limit must be between 1 and 100').optional(),
});
export type ListMatchesQuery = z.infer<typeof ListMatchesQuery>;

/**
 * The tabs' counts for the request's search, minScore and industry (whatever its status), and
 * `total`: every match the caller has, unfiltered ("Showing 3 of 50 matches", and whether to
 * offer generating rather than clearing the filters). From one aggregate query.
 */
export const MatchCounts = z.object({
  total: z.number().int().min(0),
  all: z.number().int().min(0),
  pending: z.number().int().min(0),
  accepted: z.number().int().min(0),
  rejected: z.number().int().min(0),
});
export type MatchCounts = z.infer<typeof MatchCounts>;

/**
 * One page of a side's matches in list order: connection requests waiting for the caller first,
 * then best score first (ties: newest match first). `nextCursor` is null on the last page;
 * `counts` comes with the first page (no cursor) and is null on later ones.
 */
function matchPage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable(), counts: MatchCounts.nullable() });
}
export const StartupMatchPage = matchPage(StartupSideMatch);
export type StartupMatchPage = z.infer<typeof StartupMatchPage>;
/**
 * An investor's page also carries `queuedRequests` (fair intake, issue #19): startup requests
 * waiting in their weekly queue, which their list shows as plain pending matches; the Pending tab
 * says "More requests next week" with this count. With the first page, like `counts`; null on later ones.
 */
export const InvestorMatchPage = matchPage(InvestorSideMatch).extend({ queuedRequests: z.number().int().min(0).nullable() });
export type InvestorMatchPage = z.infer<typeof InvestorMatchPage>;

export const listStartupMatches = defineEndpoint({ method: 'GET', path: '/api/matches/startup', query: ListMatchesQuery, response: StartupMatchPage });
export const listInvestorMatches = defineEndpoint({ method: 'GET', path: '/api/matches/investor', query: ListMatchesQuery, response: InvestorMatchPage });
export const updateMatch = defineEndpoint({
  method: 'POST',
  path: '/api/matches/:id/update',
  params: MatchIdParams,
  body: UpdateMatchBody,
  response: z.union([StartupSideMatch, InvestorSideMatch]),
});

/** One match, with every component of its explanation; the caller must be one of its parties (404 otherwise). */
export const getMatch = defineEndpoint({
  method: 'GET',
  path: '/api/matches/:id',
  params: MatchIdParams,
  response: z.union([StartupSideMatchDetail, InvestorSideMatchDetail]),
});

/**
 * The caller's fit with one person of the other role, for their public profile (issue #19): the
 * score with its full explanation (the stored one when they have a match, else the engine's), and
 * the match itself when there is one. `score` and `breakdown` are null while the caller has no
 * profile the engine can score from.
 */
export const FitWithPerson = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  breakdown: MatchBreakdown.nullable(),
  match: z.union([StartupSideMatch, InvestorSideMatch]).nullable(),
});
export type FitWithPerson = z.infer<typeof FitWithPerson>;

export const getFitWith = defineEndpoint({
  method: 'GET',
  path: '/api/matches/with/:userId',
  params: z.strictObject({ userId: idParam() }),
  response: FitWithPerson,
});

/** Ends a connection: either party; both answers go back to pending, so reconnecting takes two accepts again. */
export const disconnectMatch = defineEndpoint({
  method: 'POST',
  path: '/api/matches/:id/disconnect',
  params: MatchIdParams,
  response: z.union([StartupSideMatch, InvestorSideMatch]),
});

/**
 * Why a profile of the other side got no new match from a run (docs/matching.md, "Why so few new
 * matches"), in the order they are checked: the first that applies is the one counted.
 */
export const GENERATION_SKIP_REASONS = [
  /** The caller has blocked them. (Someone who blocked the caller is not counted at all.) */
  'blocked',
  /** Either side already accepted or declined their match. */
  'already_decided',
  /** Already a pending suggestion: refreshed (counted in `updated`), not new. */
  'already_suggested',
  /** The investor's thesis rules out something the startup is. */
  'gated_exclusion',
  /** Three or more stages apart. */
  'gated_stage',
  /** Under the score floor, with the investor's checks outside the startup's round. */
  'gated_check_size',
  /** Under the score floor for other reasons. */
  'below_threshold',
  /** Scores above the floor, but outside the sectors and stages a run looks at. */
  'outside_focus',
  /** Above the floor, but this run kept only its best (GENERATED_MATCH_LIMIT). */
  'beyond_limit',
] as const;
export type GenerationSkipReason = (typeof GENERATION_SKIP_REASONS)[number];

/**
 * What one generation run did: new pending suggestions, refreshed pending ones, and the caller's
 * match count after it; and why the rest of the other side got nothing new, so the answer can say
 * why there are few matches. Every counted profile is either created or skipped for one reason:
 * created + Σ skipped.count = candidates.
 */
export const GenerateMatchesResult = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  total: z.number().int().min(0),
  /** The side that was scored against the caller. */
  counterpart: z.enum(USER_TYPES),
  /** Profiles of that side the run considered; 0 when nobody of that role has a profile yet. */
  candidates: z.number().int().min(0),
  /** One entry per reason that applied, largest count first. */
  skipped: z.array(z.object({ reason: z.enum(GENERATION_SKIP_REASONS), count: z.number().int().min(1) })),
  /** The caller's profile completeness (0–100): a fuller profile is worth suggesting only below 100. */
  profileCompleteness: z.number().int().min(0).max(100),
});
export type GenerateMatchesResult = z.infer<typeof GenerateMatchesResult>;

export const generateMatches = defineEndpoint({ method: 'POST', path: '/api/generate-matches', response: GenerateMatchesResult });
