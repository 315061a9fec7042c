// One side's match list as pages (issue #16; docs/matching.md, "Match lists"): the screen's
// filters applied in SQL, keyset paging over the list's order, and the tabs' counts from one
// aggregate query. Only what a card shows is read: the explanation's summary is cut out of the
// stored jsonb in the viewer's voice by the database, so the per-component detail (most of its
// size) is never sent, parsed or mapped (GET /api/matches/:id has it).
import { and, asc, desc, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  MATCH_PAGE_SIZE,
  type InvestorMatchPage,
  type ListMatchesQuery,
  type MatchBreakdownSummary,
  type MatchCounts,
  type StartupMatchPage,
} from '../../../shared/contracts/matches';
import type { UserType } from '../../../shared/enums';
import type { Actor } from '../../actor';
import type { AppDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { invalid } from '../../app-error';
import { INVALID_CURSOR_MESSAGE } from '../../db/keyset-cursor';
import { investorProfiles, matches, startupProfiles } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { emailVerifiedOfProfile, toInvestorCard, toStartupCard } from '../profiles';
import { matchFieldsWithSummary } from './match-view';

const ownSide = (viewer: UserType) => (viewer === 'startup' ? matches.startupId : matches.investorId);
const theirDecisionColumn = (viewer: UserType) => (viewer === 'startup' ? matches.investorDecision : matches.startupDecision);

/**
 * "They want to connect with you": pending, and only the other side has accepted. A startup's
 * request still in the investor's weekly queue is not one yet for the investor (fair intake,
 * match-decisions.ts isQueuedRequestFor); an investor's request is never queued.
 */
export const awaitsAnswerOf = (viewer: UserType) =>
  viewer === 'investor'
    ? and(eq(matches.status, 'pending'), eq(theirDecisionColumn(viewer), 'accepted'), isNull(matches.requestQueuedUntil))!
    : and(eq(matches.status, 'pending'), eq(theirDecisionColumn(viewer), 'accepted'))!;

/** Startup requests waiting in the investor's weekly queue: counted for "More requests next week". */
const queuedForInvestor = sql`${matches.status} = 'pending' and ${matches.requestQueuedUntil} is not null`;

/** The counts as the statement reads them: an investor's also carry their queued requests. */
type CountsRow = MatchCounts & { queued?: number };

/** 0 for a connection request waiting for the viewer, 1 otherwise: the list's first sort key. */
const requestRank = (viewer: UserType) => sql<number>`(case when ${awaitsAnswerOf(viewer)} then 0 else 1 end)`.mapWith(Number);

/** List order: connection requests waiting for the viewer first, then best score first, then newest. */
const listOrder = (viewer: UserType) => [asc(requestRank(viewer)), desc(matches.score), desc(matches.id)];

/**
 * The card's part of the stored explanation (generation.service.ts, StoredExplanation), built by
 * the database in the viewer's voice: both fits, the gate, and the viewer's reasons, shortfall and
 * unknowns (a missing voice reads as JSON null, as jsonb_build_object writes SQL NULL). Mirrors
 * toMatchBreakdown without its `components`.
 */
function summaryColumn(viewer: UserType) {
  const stored = matches.breakdown;
  return sql<MatchBreakdownSummary | null>`case when ${stored} is null then null else jsonb_build_object(
    'investorFit', ${stored}->'investorFit',
    'startupFit', ${stored}->'startupFit',
    'topReasons', ${stored}->'topReasons'->${viewer}::text,
    'biggestShortfall', ${stored}->'biggestShortfall'->${viewer}::text,
    'unknowns', ${stored}->'unknowns'->${viewer}::text,
    'gated', ${stored}->'gated',
    'gateReason', ${stored}->'gateReason'->${viewer}::text
  ) end`;
}

/** `text` for ILIKE: its wildcards and the escape character match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

// The lists run as prepared statements (built once per database handle, planned once per
// connection; the profile of issue #16 found 8% of a request in building the SQL text). So every
// filter is a placeholder that is null when unused, rather than a condition added or left out.
const param = sql.placeholder;

/** Where the viewer's counterpart lives, what search looks at, and what the industry filter asks. */
const COUNTERPARTS = {
  // A startup sees investors: search by firm and location; industry is one of their focus industries.
  startup: {
    joinOn: eq(investorProfiles.userId, matches.investorId),
    searchColumns: [investorProfiles.firmName, investorProfiles.location],
    hasIndustry: sql`${investorProfiles.industryFocus} @> jsonb_build_array(${param('industry')}::text)`,
  },
  // An investor sees startups: search by company, location and industry; industry is theirs.
  investor: {
    joinOn: eq(startupProfiles.userId, matches.startupId),
    searchColumns: [startupProfiles.companyName, startupProfiles.location, startupProfiles.industry],
    hasIndustry: sql`${startupProfiles.industry} = ${param('industry')}::text`,
  },
} as const;

const minScoreFilter = sql`(${param('minScore')}::int is null or ${matches.score} >= ${param('minScore')}::int)`;

/** Search and industry: the settings that look at the counterpart's profile. */
function profileFilter(viewer: UserType): SQL {
  const counterpart = COUNTERPARTS[viewer];
  const searched = or(...counterpart.searchColumns.map((column) => sql`${column} ilike ${param('pattern')}::text`));
  return sql`(${param('pattern')}::text is null or ${searched}) and (${param('industry')}::text is null or ${counterpart.hasIndustry})`;
}

/** The screen's settings other than the tab: search, minimum score, industry. */
const settingsFilter = (viewer: UserType): SQL => sql`${minScoreFilter} and ${profileFilter(viewer)}`;

/**
 * Which page statement a request uses. A page without search or industry (the common case) runs
 * a statement with no condition on the profile at all: with one, PostgreSQL's generic plan for the
 * prepared statement cannot tell the condition is off, guesses it keeps one profile, and scans the
 * whole profile table first (measured with EXPLAIN: 2,000 investors scanned for a list of 50).
 * Without it, the plan starts from the owner's matches (the owner+score index) and looks up only
 * their profiles.
 */
type PageVariant = 'plain' | 'narrowed';
const variantOf = (query: ListMatchesQuery): PageVariant => ((query.search?.trim() ?? '') !== '' || query.industry !== undefined ? 'narrowed' : 'plain');

const tabFilter = sql`(${param('status')}::text is null or ${matches.status} = ${param('status')}::text)`;

/** The settings' placeholders, from the request. */
function settingsParams(query: ListMatchesQuery) {
  const search = query.search?.trim() ?? '';
  return { pattern: search === '' ? null : likePattern(search), minScore: query.minScore ?? null, industry: query.industry ?? null };
}

// A cursor is the last card's place in the list order: its request rank, score and id.
interface MatchCursor {
  rank: number;
  score: number;
  id: number;
}
const CURSOR_TEXT = /^m1\|([01])\|(\d{1,3})\|([1-9]\d{0,9})$/;
const MAX_ID = 2_147_483_647;

export function encodeMatchCursor({ rank, score, id }: MatchCursor): string {
  return Buffer.from(`m1|${rank}|${score}|${id}`).toString('base64url');
}

/** The cursor comes back from the client: anything encodeMatchCursor would not write is a 400. */
export function decodeMatchCursor(cursor: string): MatchCursor {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const [rank, score, id] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  if (!match || score > 100 || id > MAX_ID) throw invalid(INVALID_CURSOR_MESSAGE);
  return { rank, score, id };
}

/** Cards after the cursor in list order (rank ascending, then score and id descending); all of them without one. */
function afterCursor(viewer: UserType): SQL {
  const rank = requestRank(viewer);
  const [cursorRank, cursorScore, cursorId] = [sql`${param('cursorRank')}::int`, sql`${param('cursorScore')}::int`, sql`${param('cursorId')}::int`];
  return sql`(${cursorRank} is null or ${rank} > ${cursorRank} or (${rank} = ${cursorRank} and (${matches.score} < ${cursorScore} or (${matches.score} = ${cursorScore} and ${matches.id} < ${cursorId}))))`;
}

// Every match column but the stored explanation, which is read as its summary instead.
const { breakdown: _storedExplanation, ...listedMatchColumns } = getTableColumns(matches);

/**
 * The tabs' counts under the settings, and every match the viewer has, as one json value: an
 * uncorrelated subquery, so PostgreSQL computes it once however many rows carry it. Its tables are
 * the outer query's, and SQL binds their columns to the innermost FROM: these.
 */
function countsSubquery(viewer: UserType): SQL<CountsRow> {
  const settings = settingsFilter(viewer);
  const byStatus = (status: string) => sql`count(*) filter (where ${settings} and ${matches.status} = ${status})`;
  const counterpart = viewer === 'startup' ? investorProfiles : startupProfiles;
  // Whatever the settings: the queue is one number next to the Pending tab.
  const queued = viewer === 'investor' ? sql`, 'queued', count(*) filter (where ${queuedForInvestor})` : sql``;
  return sql<CountsRow>`(select json_build_object(
      'total', count(*), 'all', count(*) filter (where ${settings}),
      'pending', ${byStatus('pending')}, 'accepted', ${byStatus('accepted')}, 'rejected', ${byStatus('rejected')}${queued})
    from ${matches} inner join ${counterpart} on ${COUNTERPARTS[viewer].joinOn}
    where ${ownSide(viewer)} = ${param('ownerId')})`;
}

/** The counts alone: for a first page that came back empty, so no row carried them. */
function prepareCounts(db: AppDatabase, viewer: UserType) {
  return db
    .select({ counts: countsSubquery(viewer) })
    .from(sql`(select 1) as one`)
    .prepare(`match_counts_${viewer}`);
}

const pageConditions = (viewer: UserType, variant: PageVariant) =>
  and(eq(ownSide(viewer), param('ownerId')), minScoreFilter, variant === 'narrowed' ? profileFilter(viewer) : undefined, tabFilter, afterCursor(viewer));

/**
 * A first page carries the tabs' counts on each row, so the page and its counts are one round trip;
 * a later page (after a cursor) does not need them.
 */
type PagePosition = 'first' | 'later';
const countsColumn = (viewer: UserType, position: PagePosition) => (position === 'first' ? countsSubquery(viewer) : sql<CountsRow | null>`null::json`);

/** One page of a startup's list, each match with the investor's whole profile row (for its card). */
function prepareStartupPage(db: AppDatabase, variant: PageVariant, position: PagePosition) {
  return db
    .select({
      match: listedMatchColumns,
      summary: summaryColumn('startup'),
      rank: requestRank('startup'),
      counts: countsColumn('startup', position),
      investor: investorProfiles,
      emailVerified: emailVerifiedOfProfile('investor_profiles'),
    })
    .from(matches)
    .innerJoin(investorProfiles, COUNTERPARTS.startup.joinOn)
    .where(pageConditions('startup', variant))
    .orderBy(...listOrder('startup'))
    .limit(param('limit'))
    .prepare(`match_page_startup_${variant}_${position}`);
}

function prepareInvestorPage(db: AppDatabase, variant: PageVariant, position: PagePosition) {
  return db
    .select({
      match: listedMatchColumns,
      summary: summaryColumn('investor'),
      rank: requestRank('investor'),
      counts: countsColumn('investor', position),
      startup: startupProfiles,
      emailVerified: emailVerifiedOfProfile('startup_profiles'),
    })
    .from(matches)
    .innerJoin(startupProfiles, COUNTERPARTS.investor.joinOn)
    .where(pageConditions('investor', variant))
    .orderBy(...listOrder('investor'))
    .limit(param('limit'))
    .prepare(`match_page_investor_${variant}_${position}`);
}

/** Each page statement by whether it is narrowed by the profile and whether it is a first page. */
function pageStatements<Statement>(prepare: (variant: PageVariant, position: PagePosition) => Statement) {
  return {
    plain: { first: prepare('plain', 'first'), later: prepare('plain', 'later') },
    narrowed: { first: prepare('narrowed', 'first'), later: prepare('narrowed', 'later') },
  };
}

function prepareStatements(db: AppDatabase) {
  return {
    startupPage: pageStatements((variant, position) => prepareStartupPage(db, variant, position)),
    investorPage: pageStatements((variant, position) => prepareInvestorPage(db, variant, position)),
    counts: { startup: prepareCounts(db, 'startup'), investor: prepareCounts(db, 'investor') },
  };
}

// Lists never run inside a transaction.
const statementsFor = preparedOnce(prepareStatements);

const positionOf = (query: ListMatchesQuery): PagePosition => (query.cursor === undefined ? 'first' : 'later');

/** The placeholders of a page: the owner, the settings, the tab, the cursor, and one row more than the page to know if another follows. */
function pageParams(actor: Actor, query: ListMatchesQuery, limit: number) {
  const cursor = query.cursor === undefined ? null : decodeMatchCursor(query.cursor);
  return {
    ownerId: actor.id,
    ...settingsParams(query),
    status: query.status === undefined || query.status === 'all' ? null : query.status,
    cursorRank: cursor?.rank ?? null,
    cursorScore: cursor?.score ?? null,
    cursorId: cursor?.id ?? null,
    limit: limit + 1,
  };
}

/** The first page's counts (null on later pages): carried by its rows, or read alone when it has none. */
async function countsOf(ctx: ServiceContext, query: ListMatchesQuery, rows: Array<{ counts: CountsRow | null }>): Promise<CountsRow | null> {
  if (positionOf(query) === 'later') return null;
  const carried = rows[0]?.counts;
  if (carried) return carried;
  const [row] = await statementsFor(ctx.db).counts[ctx.actor.userType].execute({ ownerId: ctx.actor.id, ...settingsParams(query) });
  return row?.counts ?? { total: 0, all: 0, pending: 0, accepted: 0, rejected: 0, queued: 0 };
}

/** The tabs' counts as the contract lists them (the queue is answered on its own). */
const tabCounts = (counts: CountsRow | null): MatchCounts | null =>
  counts && { total: counts.total, all: counts.all, pending: counts.pending, accepted: counts.accepted, rejected: counts.rejected };

/** Splits the rows read (one more than the page) into the page and the next page's cursor. */
function paginate<Row extends { rank: number; match: { score: number; id: number } }>(rows: Row[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeMatchCursor({ rank: last.rank, score: last.match.score, id: last.match.id }) : null;
  return { page, nextCursor };
}

/** A startup's matches, a page at a time, each with the investor's public card. */
export async function listStartupMatchPage(ctx: ServiceContext, query: ListMatchesQuery): Promise<StartupMatchPage> {
  const limit = query.limit ?? MATCH_PAGE_SIZE;
  const rows = await statementsFor(ctx.db).startupPage[variantOf(query)][positionOf(query)].execute(pageParams(ctx.actor, query, limit));
  const { page, nextCursor } = paginate(rows, limit);
  return {
    items: page.map((row) => ({ ...matchFieldsWithSummary(row.match, row.summary, 'startup'), investor: toInvestorCard(row.investor, row.emailVerified) })),
    nextCursor,
    counts: tabCounts(await countsOf(ctx, query, rows)),
  };
}

/** An investor's matches, a page at a time, each with the startup's public card. */
export async function listInvestorMatchPage(ctx: ServiceContext, query: ListMatchesQuery): Promise<InvestorMatchPage> {
  const limit = query.limit ?? MATCH_PAGE_SIZE;
  const rows = await statementsFor(ctx.db).investorPage[variantOf(query)][positionOf(query)].execute(pageParams(ctx.actor, query, limit));
  const { page, nextCursor } = paginate(rows, limit);
  const counts = await countsOf(ctx, query, rows);
  return {
    items: page.map((row) => ({ ...matchFieldsWithSummary(row.match, row.summary, 'investor'), startup: toStartupCard(row.startup, row.emailVerified) })),
    nextCursor,
    counts: tabCounts(counts),
    queuedRequests: counts ? (counts.queued ?? 0) : null,
  };
}
