// The directory (issue #19, docs/discovery.md): the other role's profiles, filtered in SQL
// (directory-filters.ts) and ordered three ways, a page at a time on a keyset, and Connect from a
// card. A read model like search (ADR 0025): it reads the profile, account and block tables
// directly; scores, match states and new matches come from matching's public API.
//
// Orders and their keysets (each ends on the account id, so ties never skip or repeat a card):
// - best: the viewer's two-sided score (the stored one where a match exists), for a startup times
//   each investor's intake factor (rankingFactors); every filtered candidate is scored in memory
//   on the engine's fast path, then sorted, so the page is the right one whatever the filters;
// - newest: the profile's created_at (index `*_profiles_created_idx`);
// - active: the account's last_active_at, never-active last (index `users_last_active_idx`).
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DirectoryCard, DirectoryPage, DiscoverFilters, DiscoverSort, ParsedDiscoverQuery } from '../../../shared/contracts/discovery';
import { DISCOVER_PAGE_SIZE } from '../../../shared/contracts/discovery';
import type { InvestorSideMatch, StartupSideMatch } from '../../../shared/contracts/matches';
import { invalid, notFound } from '../../app-error';
import { queryRows } from '../../db/client';
import { investorProfiles, startupProfiles } from '../../db/schema';
import { inTransaction } from '../../service-context';
import { decideMatch, directoryScoring, ensureDirectoryMatch, intakeExposureFactors, type DirectoryScoring, type MatchingContext } from '../matching';
import { emailVerifiedOfProfile, toInvestorCard, toStartupCard } from '../profiles';
import { counterpartTable, directoryConditions, type DirectoryViewer } from './directory-filters';

export type DiscoveryContext = MatchingContext;

/**
 * How much each investor's score counts in a startup's "best match" order: fair intake's exposure
 * control (matching/intake-exposure.ts, docs/intake.md), the same factor generation ranks with, so
 * an investor at capacity ranks lower while the score shown stays the score. Absent means 1; an
 * investor browsing startups ranks them by score alone.
 */
async function rankingFactors(ctx: DiscoveryContext, counterpartIds: number[]): Promise<ReadonlyMap<number, number>> {
  if (ctx.actor.userType !== 'startup') return new Map();
  return intakeExposureFactors(ctx.db, { investorIds: counterpartIds, now: ctx.clock() });
}

/** The rank a best-match cursor carries: the score times its factor, in thousandths (an integer). */
const rankOf = (score: number, factor: number) => Math.round(score * factor * 1000);

// --- Cursors ---------------------------------------------------------------------------------
// `sort|key|id`, base64url: the key is the rank in thousandths (best), or the time in ms of created_at (newest)
// or last_active_at (active; `-` for never). Anything else is a 400, never a query.

interface Cursor {
  sort: DiscoverSort;
  key: number | null;
  id: number;
}

const CURSOR_MESSAGE = 'This page link is not valid for these filters; start again from the first page.';
const CURSOR_TEXT = /^(best|newest|active)\|(-?\d{1,16}|-)\|([1-9]\d{0,9})$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.sort}|${cursor.key ?? '-'}|${cursor.id}`).toString('base64url');
}

function decodeCursor(text: string, sort: DiscoverSort): Cursor {
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || match[1] !== sort) throw invalid(CURSOR_MESSAGE);
  const key = match[2] === '-' ? null : Number(match[2]);
  const id = Number(match[3]);
  // Only "active" has a missing key (never active); best and newest always carry one.
  if (id > 2_147_483_647 || (key === null && sort !== 'active')) throw invalid(CURSOR_MESSAGE);
  return { sort, key, id };
}

// --- Listing ---------------------------------------------------------------------------------

const viewerOf = (ctx: DiscoveryContext): DirectoryViewer => ({ id: ctx.actor.id, userType: ctx.actor.userType });

/** The filters of a parsed query (the query minus its paging and order). */
function filtersOf(query: ParsedDiscoverQuery): DiscoverFilters {
  const { sort: _sort, cursor: _cursor, limit: _limit, ...filters } = query;
  return filters;
}

/** Ids of one page in "best" order, with the cursor of its last card. */
function bestPage(scoring: DirectoryScoring, ids: number[], cursor: Cursor | null, limit: number, factors: ReadonlyMap<number, number>) {
  const scores = scoring.scores(ids);
  const ranked = ids
    .map((id) => ({ id, rank: rankOf(scores.get(id) ?? 0, factors.get(id) ?? 1) }))
    .filter((row) => cursor === null || row.rank < cursor.key! || (row.rank === cursor.key && row.id < cursor.id))
    .sort((a, b) => b.rank - a.rank || b.id - a.id);
  const page = ranked.slice(0, limit);
  const last = page[page.length - 1];
  return { ids: page.map((row) => row.id), next: ranked.length > limit && last ? encodeCursor({ sort: 'best', key: last.rank, id: last.id }) : null };
}

/** Ids of one page in "newest" or "active" order, read with the keyset and the limit in SQL. */
async function timedPage(ctx: DiscoveryContext, where: SQL, sort: 'newest' | 'active', cursor: Cursor | null, limit: number) {
  const table = counterpartTable(viewerOf(ctx));
  const time = sort === 'newest' ? sql`p.created_at` : sql`u.last_active_at`;
  const idColumn = sort === 'newest' ? sql`p.user_id` : sql`u.id`;
  let after = sql`true`;
  if (cursor) {
    const at = cursor.key === null ? null : new Date(cursor.key).toISOString();
    after =
      at === null
        ? sql`(${time} is null and ${idColumn} < ${cursor.id})`
        : sort === 'newest'
          ? sql`(${time}, ${idColumn}) < (${at}::timestamptz, ${cursor.id})`
          : sql`((${time}, ${idColumn}) < (${at}::timestamptz, ${cursor.id}) or ${time} is null)`;
  }
  const order = sort === 'newest' ? sql`p.created_at desc, p.user_id desc` : sql`u.last_active_at desc nulls last, u.id desc`;
  const rows = await queryRows<{ id: number; at: Date | string | null }>(
    ctx.db,
    sql`select p.user_id as id, ${time} as at from ${table} p join users u on u.id = p.user_id
         where ${where} and ${after} order by ${order} limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? encodeCursor({ sort, key: last.at === null ? null : new Date(last.at).getTime(), id: last.id }) : null;
  return { ids: page.map((row) => row.id), next };
}

/** The cards of these accounts, in this order. */
async function cardsOf(ctx: DiscoveryContext, scoring: DirectoryScoring, ids: number[]): Promise<DirectoryCard[]> {
  if (ids.length === 0) return [];
  const scores = scoring.scores(ids);
  const reasons = await scoring.topReasons(ids);
  const common = (id: number, countryCode: string | null) => {
    const match = scoring.matches.get(id);
    return {
      score: scoring.isScorable ? (scores.get(id) ?? null) : null,
      topReason: reasons.get(id) ?? null,
      countryCode,
      match: match
        ? { id: match.id, status: match.status, myDecision: match.myDecision, theirDecision: match.theirDecision, requestQueued: match.requestQueued }
        : null,
    };
  };
  const cards = new Map<number, DirectoryCard>();
  if (ctx.actor.userType === 'investor') {
    const rows = await ctx.db
      .select({ profile: startupProfiles, emailVerified: emailVerifiedOfProfile('startup_profiles') })
      .from(startupProfiles)
      .where(inArray(startupProfiles.userId, ids));
    for (const { profile, emailVerified } of rows) {
      cards.set(profile.userId, {
        kind: 'startup',
        startup: toStartupCard(profile, emailVerified),
        raisingNow: profile.raisingNow,
        ...common(profile.userId, profile.countryCode),
      });
    }
  } else {
    const rows = await ctx.db
      .select({ profile: investorProfiles, emailVerified: emailVerifiedOfProfile('investor_profiles') })
      .from(investorProfiles)
      .where(inArray(investorProfiles.userId, ids));
    for (const { profile, emailVerified } of rows) {
      cards.set(profile.userId, {
        kind: 'investor',
        investor: toInvestorCard(profile, emailVerified),
        openToNewDeals: profile.openToNewDeals,
        ...common(profile.userId, profile.countryCode),
      });
    }
  }
  // A profile deleted between the two reads is simply not on the page.
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/** GET /api/discover: one page of the other role's profiles for the caller. */
export async function listDirectory(ctx: DiscoveryContext, query: ParsedDiscoverQuery): Promise<DirectoryPage> {
  const sort = query.sort ?? 'best';
  const limit = query.limit ?? DISCOVER_PAGE_SIZE;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const viewer = viewerOf(ctx);
  const where = directoryConditions(viewer, filtersOf(query));
  const scoring = await directoryScoring(ctx);
  let page: { ids: number[]; next: string | null };
  if (sort === 'best') {
    // Every candidate the filters allow (ids only), scored in memory: the order is the score's.
    const rows = await queryRows<{ id: number }>(
      ctx.db,
      sql`select p.user_id as id from ${counterpartTable(viewer)} p join users u on u.id = p.user_id where ${where}`,
    );
    const ids = rows.map((row) => row.id);
    page = bestPage(scoring, ids, cursor, limit, await rankingFactors(ctx, ids));
  } else {
    page = await timedPage(ctx, where, sort, cursor, limit);
  }
  return { items: await cardsOf(ctx, scoring, page.ids), nextCursor: page.next };
}

// --- Connect ---------------------------------------------------------------------------------

/**
 * POST /api/discover/:userId/connect: the caller's interest in a listed profile. The match is
 * created when generation never made it, and the caller's accept goes through decideMatch, so the
 * consent rules (and fair intake's caps) apply as on the match list; both in one transaction, so a
 * refused accept leaves no new match behind. A profile the caller could not list (their own role,
 * a deleted account, a block either way, an unknown id) does not exist for them (404).
 */
export async function connectFromDirectory(ctx: DiscoveryContext, counterpartId: number): Promise<StartupSideMatch | InvestorSideMatch> {
  const viewer = viewerOf(ctx);
  const [listed] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select p.user_id as id from ${counterpartTable(viewer)} p join users u on u.id = p.user_id
         where p.user_id = ${counterpartId} and ${directoryConditions(viewer, {})}`,
  );
  if (!listed) throw notFound('This profile does not exist.');
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const matchId = await ensureDirectoryMatch(txCtx, counterpartId);
    return decideMatch(txCtx, { matchId, status: 'accepted' });
  });
}
