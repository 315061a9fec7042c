// A match list as the server pages it (issue #16; docs/matching.md, "Pages"): what one list asks
// for (the screen's filters, or a reader's own: the dashboard's top 3, the connected partners),
// the loaded pages read as one list with the tabs' counts, and a decision's answer written into
// the cached pages. Pure, so the rules are unit-tested without a browser or a QueryClient.
import type { InfiniteData } from '@tanstack/react-query';
import { MATCH_PAGE_SIZE, type ListMatchesQuery, type MatchCounts, type MatchStatusTab } from '@shared/contracts/matches';
import { INDUSTRIES, type MatchDecision, type MatchStatus } from '@shared/enums';

type Industry = (typeof INDUSTRIES)[number];

/** One list's request, every field filled in: also its cache key, so equal requests share a cache entry. */
export interface MatchListRequest {
  status: MatchStatusTab;
  /** Trimmed; '' is no search. */
  search: string;
  minScore: number;
  /** '' is every industry. */
  industry: Industry | '';
  limit: number;
}

const isIndustry = (value: string): value is Industry => (INDUSTRIES as readonly string[]).includes(value);

/** Fills in the defaults and trims the search, so "  fund " and "fund" are one request (and one cache entry). */
export function matchListRequest(params: Partial<Omit<MatchListRequest, 'industry'>> & { industry?: string } = {}): MatchListRequest {
  const industry = params.industry ?? '';
  return {
    status: params.status ?? 'all',
    search: (params.search ?? '').trim(),
    minScore: params.minScore ?? 0,
    industry: isIndustry(industry) ? industry : '',
    limit: params.limit ?? MATCH_PAGE_SIZE,
  };
}

/** The query string of one page: only what differs from the server's defaults, and the cursor after the first page. */
export function toListQuery(request: MatchListRequest, cursor: string | null): ListMatchesQuery {
  const query: ListMatchesQuery = {};
  if (request.status !== 'all') query.status = request.status;
  if (request.search !== '') query.search = request.search;
  if (request.minScore > 0) query.minScore = request.minScore;
  if (request.industry !== '') query.industry = request.industry;
  if (request.limit !== MATCH_PAGE_SIZE) query.limit = request.limit;
  if (cursor !== null) query.cursor = cursor;
  return query;
}

export interface MatchPage<T> {
  items: T[];
  nextCursor: string | null;
  counts: MatchCounts | null;
  /** The investor's list only: startup requests in their weekly queue (first page; fair intake). */
  queuedRequests?: number | null;
}

export type MatchPages<T> = InfiniteData<MatchPage<T>>;

/** What this module reads of a match, whichever side it is seen from. */
export interface PagedMatch {
  id: number;
  score: number;
  status: MatchStatus;
  myDecision: MatchDecision;
  theirDecision: MatchDecision;
}

/**
 * Every loaded card in list order. A card whose place changed between two page loads (a decision,
 * a new score) could come back on a later page too: it is shown once, where it was first seen.
 */
export function matchesInPages<T extends { id: number }>(data: MatchPages<T> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<number>();
  const matches: T[] = [];
  for (const page of data.pages) {
    for (const match of page.items) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      matches.push(match);
    }
  }
  return matches;
}

/** Every match of the list once its last page is in (nextCursor null); null while pages remain. */
export function wholeList<T extends { id: number }>(data: MatchPages<T> | undefined): T[] | null {
  if (!data || data.pages.at(-1)?.nextCursor !== null) return null;
  return matchesInPages(data);
}

/** Startup requests waiting in the investor's weekly queue ("More requests next week"): with the first page, on the investor's list only. */
export function queuedRequestsOf(data: MatchPages<unknown> | undefined): number {
  return data?.pages[0]?.queuedRequests ?? 0;
}

/** The tabs' counts: they come with the first page only. */
export function countsOf(data: MatchPages<unknown> | undefined): MatchCounts | null {
  return data?.pages[0]?.counts ?? null;
}

/**
 * A decision's answer written into one cached list: the card is replaced where it is, or dropped
 * when its new status leaves the list's tab (an accept that connects leaves Pending at once), and
 * the tabs' counts move with it. The refetch that follows every decision brings the rest (its new
 * place in the order, a card now due in another tab). Lists without the card are left as they are.
 */
export function withDecision<T extends PagedMatch>(data: MatchPages<T> | undefined, updated: T, tab: MatchStatusTab): MatchPages<T> | undefined {
  if (!data) return data;
  const previous = data.pages.flatMap((page) => page.items).find((match) => match.id === updated.id);
  if (!previous) return data;
  const staysInTab = tab === 'all' || tab === updated.status;
  const pages = data.pages.map((page, index) => ({
    ...page,
    items: staysInTab ? page.items.map((match) => (match.id === updated.id ? updated : match)) : page.items.filter((match) => match.id !== updated.id),
    counts: index === 0 && page.counts ? moveCount(page.counts, previous.status, updated.status) : page.counts,
  }));
  return { ...data, pages };
}

function moveCount(counts: MatchCounts, from: MatchStatus, to: MatchStatus): MatchCounts {
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/** The other side accepted and waits for the viewer: the server lists these first. */
export const isConnectionRequest = (match: PagedMatch) => match.status === 'pending' && match.myDecision === 'pending' && match.theirDecision === 'accepted';

/**
 * The best `count` matches by score (ties keep the list's order) among the loaded pages, or null
 * while the pages loaded cannot tell yet. The list puts connection requests first and everything
 * else best score first, so once `count` matches that are not requests are loaded (or the list is
 * over), nothing still unloaded can score higher.
 */
export function topByScore<T extends PagedMatch>(data: MatchPages<T> | undefined, count: number): T[] | null {
  if (!data) return null;
  const loaded = matchesInPages(data);
  const isComplete = data.pages.at(-1)?.nextCursor === null;
  if (!isComplete && loaded.filter((match) => !isConnectionRequest(match)).length < count) return null;
  return [...loaded].sort((a, b) => b.score - a.score).slice(0, count);
}
