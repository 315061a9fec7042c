// A match list as the server pages it (issue #16; src/client/features/matching/match-pages.ts and
// api.ts): what a list asks for, the loaded pages read as one list, a decision written into every
// cached list of its side, and the dashboard's top 3 across connection requests.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { MatchCounts } from '../../src/shared/contracts/matches';
import type { MatchDecision, MatchStatus } from '../../src/shared/enums';
import { investorMatchesQuery, matchKeys, startupMatchesQuery, writeDecision } from '../../src/client/features/matching/api';
import {
  countsOf,
  matchListRequest,
  matchesInPages,
  toListQuery,
  topByScore,
  wholeList,
  withDecision,
  type MatchPage,
  type MatchPages,
  type PagedMatch,
} from '../../src/client/features/matching/match-pages';

interface Card extends PagedMatch {
  name: string;
}

function card(
  id: number,
  score: number,
  status: MatchStatus = 'pending',
  decisions: Partial<Record<'myDecision' | 'theirDecision', MatchDecision>> = {},
): Card {
  const both = status === 'accepted' ? 'accepted' : 'pending';
  return { id, score, status, myDecision: both, theirDecision: both, name: `Fund ${id}`, ...decisions };
}

const COUNTS: MatchCounts = { total: 30, all: 25, pending: 20, accepted: 3, rejected: 2 };

function pages(...lists: Array<{ items: Card[]; nextCursor: string | null }>): MatchPages<Card> {
  return {
    pages: lists.map((page, index): MatchPage<Card> => ({ ...page, counts: index === 0 ? COUNTS : null })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `c${index}`)),
  };
}

describe('what a list asks for', () => {
  it('fills in the defaults and trims the search, so equal requests are one cache entry', () => {
    expect(matchListRequest()).toEqual({ status: 'all', search: '', minScore: 0, industry: '', limit: 20 });
    expect(matchListRequest({ search: '  fjord ' })).toEqual(matchListRequest({ search: 'fjord' }));
    expect(startupMatchesQuery({ search: ' fjord' }).queryKey).toEqual(startupMatchesQuery({ search: 'fjord ' }).queryKey);
    // An industry the contract does not know is no industry, rather than a 400.
    expect(matchListRequest({ industry: 'Nonsense' }).industry).toBe('');
  });

  it('sends only what differs from the server defaults, and the cursor after the first page', () => {
    expect(toListQuery(matchListRequest(), null)).toEqual({});
    expect(toListQuery(matchListRequest({ status: 'pending', search: ' oslo ', minScore: 40, industry: 'FinTech', limit: 3 }), 'abc')).toEqual({
      status: 'pending',
      search: 'oslo',
      minScore: 40,
      industry: 'FinTech',
      limit: 3,
      cursor: 'abc',
    });
  });

  it('keys every list under its side, so the invalidations of matchKeys.all and matchKeys.list(role) reach them', () => {
    const key = investorMatchesQuery({ status: 'accepted', limit: 100 }).queryKey;
    expect(key.slice(0, 2)).toEqual(matchKeys.list('investor'));
    expect(key.slice(0, 1)).toEqual(matchKeys.all);
    expect(startupMatchesQuery().queryKey).not.toEqual(startupMatchesQuery({ status: 'pending' }).queryKey);
  });

  describe('over HTTP', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('asks for the next page with the same filters and the previous nextCursor, and stops at a null cursor', async () => {
      const fetch = vi.fn(async () => new Response(JSON.stringify({ items: [], nextCursor: null, counts: null }), { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      const options = startupMatchesQuery({ search: 'fjord', status: 'pending' });
      const signal = new AbortController().signal;
      const queryFn = options.queryFn as (context: { pageParam: string | null; signal: AbortSignal }) => Promise<unknown>;
      await queryFn({ pageParam: 'next-1', signal });
      expect(fetch).toHaveBeenCalledWith('/api/matches/startup?status=pending&search=fjord&cursor=next-1', expect.objectContaining({ method: 'GET' }));
      const page = { items: [], counts: null };
      expect(options.getNextPageParam({ ...page, nextCursor: 'next-2' }, [], null, [])).toBe('next-2');
      expect(options.getNextPageParam({ ...page, nextCursor: null }, [], null, [])).toBeNull();
    });
  });
});

describe('the loaded pages as one list', () => {
  it('keeps the list order across pages, and shows a card that moved onto a later page once, where first seen', () => {
    const data = pages({ items: [card(1, 90), card(2, 80)], nextCursor: 'c1' }, { items: [card(2, 80), card(3, 70)], nextCursor: null });
    expect(matchesInPages(data).map((match) => match.id)).toEqual([1, 2, 3]);
    expect(matchesInPages(undefined)).toEqual([]);
  });

  it('is whole only once the last page is in (the partner picker waits for every connection)', () => {
    expect(wholeList(pages({ items: [card(1, 90)], nextCursor: 'c1' }))).toBeNull();
    const both = pages({ items: [card(1, 90)], nextCursor: 'c1' }, { items: [card(2, 80)], nextCursor: null });
    expect(wholeList(both)?.map((match) => match.id)).toEqual([1, 2]);
    expect(wholeList(pages({ items: [], nextCursor: null }))).toEqual([]);
    expect(wholeList(undefined)).toBeNull();
  });

  it('reads the tabs’ counts from the first page', () => {
    expect(countsOf(pages({ items: [], nextCursor: 'c1' }, { items: [], nextCursor: null }))).toEqual(COUNTS);
    expect(countsOf(undefined)).toBeNull();
  });
});

describe('a decision written into a cached list', () => {
  const data = pages({ items: [card(1, 90), card(2, 80)], nextCursor: 'c1' }, { items: [card(3, 70), card(4, 60)], nextCursor: null });

  it('replaces the card where it is when it stays in the tab, on any page', () => {
    const updated = { ...card(3, 70), myDecision: 'accepted' as const };
    const next = withDecision(data, updated, 'all')!;
    expect(next.pages[1]!.items[0]).toBe(updated);
    expect(matchesInPages(next).map((match) => match.id)).toEqual([1, 2, 3, 4]);
    // Still pending: the counts stay.
    expect(countsOf(next)).toEqual(COUNTS);
  });

  it('drops a card whose new status leaves the tab, and moves the tabs’ counts with it', () => {
    const next = withDecision(data, card(3, 70, 'accepted'), 'pending')!;
    expect(matchesInPages(next).map((match) => match.id)).toEqual([1, 2, 4]);
    expect(countsOf(next)).toEqual({ ...COUNTS, pending: 19, accepted: 4 });
    // The cursors are untouched: the next page still follows the last card the server sent.
    expect(next.pages.map((page) => page.nextCursor)).toEqual(['c1', null]);
  });

  it('leaves a list without the card as it is (the refetch brings it where it now belongs)', () => {
    expect(withDecision(data, card(9, 50, 'accepted'), 'accepted')).toBe(data);
    expect(withDecision(undefined, card(1, 90), 'all')).toBeUndefined();
  });

  it('reaches every cached list of the side, each by its own tab, and no list of the other side', () => {
    const queryClient = new QueryClient();
    const allKey = startupMatchesQuery().queryKey;
    const pendingKey = startupMatchesQuery({ status: 'pending', search: 'fund' }).queryKey;
    const investorKey = investorMatchesQuery().queryKey;
    for (const key of [allKey, pendingKey, investorKey]) queryClient.setQueryData(key, data as never);

    writeDecision(queryClient, 'startup', card(2, 80, 'accepted'));

    const idsAndStatus = (key: readonly unknown[]) =>
      matchesInPages(queryClient.getQueryData<MatchPages<Card>>(key)).map((match) => `${match.id}:${match.status}`);
    expect(idsAndStatus(allKey)).toEqual(['1:pending', '2:accepted', '3:pending', '4:pending']);
    expect(idsAndStatus(pendingKey)).toEqual(['1:pending', '3:pending', '4:pending']);
    expect(queryClient.getQueryData(investorKey)).toBe(data);
  });
});

describe('the dashboard’s top 3 by score', () => {
  const request = (id: number, score: number) => card(id, score, 'pending', { theirDecision: 'accepted' });

  it('is the first page when no connection request comes first', () => {
    const top = topByScore(pages({ items: [card(1, 90), card(2, 80), card(3, 70)], nextCursor: 'c1' }), 3);
    expect(top?.map((match) => match.id)).toEqual([1, 2, 3]);
  });

  it('waits for more pages while connection requests fill the loaded ones, then ranks everything by score', () => {
    const first = pages({ items: [request(1, 40), request(2, 35), card(3, 90)], nextCursor: 'c1' });
    expect(topByScore(first, 3)).toBeNull();
    const both = pages(
      { items: [request(1, 40), request(2, 35), card(3, 90)], nextCursor: 'c1' },
      { items: [card(4, 80), card(5, 30), card(6, 20)], nextCursor: 'c2' },
    );
    expect(topByScore(both, 3)?.map((match) => match.id)).toEqual([3, 4, 1]);
  });

  it('is whatever there is once the list ends', () => {
    expect(topByScore(pages({ items: [request(1, 40)], nextCursor: null }), 3)?.map((match) => match.id)).toEqual([1]);
    expect(topByScore(pages({ items: [], nextCursor: null }), 3)).toEqual([]);
    expect(topByScore(undefined, 3)).toBeNull();
  });
});
