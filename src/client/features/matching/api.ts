// Match lists per side, generation and decisions. Each list is paged by the server (issue #16;
// docs/matching.md, "Pages"): connection requests waiting for the viewer first, then best score
// first, filtered by the screen's settings, 20 cards a page, with the tabs' counts on the first.
import { useEffect } from 'react';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  disconnectMatch,
  generateMatches,
  getFitWith,
  getMatch,
  listInvestorMatches,
  listStartupMatches,
  updateMatch,
  type GenerateMatchesResult,
  type GenerationSkipReason,
  type InvestorMatchPage,
  type InvestorSideMatch,
  type StartupMatchPage,
  type StartupSideMatch,
  type UpdateMatchBody,
} from '@shared/contracts/matches';
import type { MatchDecision as Decision, MatchStatus, UserType } from '@shared/enums';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { dataRoomKeys } from '@/features/data-room/api';
import { messageKeys } from '@/features/messaging/api';
import { milestoneKeys } from '@/features/milestones/api';
import { api } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { matchListRequest, toListQuery, withDecision, type MatchListRequest, type MatchPage, type MatchPages, type PagedMatch } from './match-pages';

/** Each side's lists live under its role (one entry per request); `all` covers both sides and the details. */
export const matchKeys = {
  all: ['matches'] as const,
  list: (role: UserType) => [...matchKeys.all, role] as const,
  /** One list: the side's matches for one request (filters, tab and page size). */
  filtered: (role: UserType, request: MatchListRequest) => [...matchKeys.list(role), request] as const,
  /** One match with its full explanation. */
  detail: (id: number) => [...matchKeys.all, 'detail', id] as const,
  /** The viewer's fit with one person (their public profile); any match change refreshes it. */
  fitWith: (userId: number) => [...matchKeys.all, 'fit-with', userId] as const,
};

/** Later pages follow the server's cursor; a null cursor is the last page. */
const nextCursorOf = (page: { nextCursor: string | null }) => page.nextCursor;

const LIST_ENDPOINTS = { startup: listStartupMatches, investor: listInvestorMatches } as const;
// As the screens read them: the investor's queue count (fair intake) is optional there, since
// the one screen serves both sides.
interface SidePage {
  startup: MatchPage<StartupMatchPage['items'][number]>;
  investor: MatchPage<InvestorMatchPage['items'][number]>;
}

/** A side's paged list for one request (defaults: every status, no filters, 20 a page), keyed under its role. */
function sideMatchesQuery<Role extends UserType>(role: Role) {
  return (params: Partial<MatchListRequest> = {}) => {
    const request = matchListRequest(params);
    const endpoint: (typeof LIST_ENDPOINTS)[UserType] = LIST_ENDPOINTS[role];
    return infiniteQueryOptions({
      queryKey: matchKeys.filtered(role, request),
      // The role picks both the endpoint and the page type, so they always agree.
      queryFn: ({ pageParam, signal }) => api(endpoint, { query: toListQuery(request, pageParam), signal }) as Promise<SidePage[Role]>,
      initialPageParam: null as string | null,
      getNextPageParam: nextCursorOf,
    });
  };
}

/** The startup's investor matches for one request. */
export const startupMatchesQuery = sideMatchesQuery('startup');
/** The investor's startup matches for one request. */
export const investorMatchesQuery = sideMatchesQuery('investor');

/** What useLoadPagesUntil reads of an infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads one page after another until `isEnough` (or the list ends), for readers that need more
 * than a first page before they can show anything: the connected partners, the dashboard's top 3.
 * It stops at a failure; the reader's retry (a refetch) starts over.
 */
export function useLoadPagesUntil(query: PagedQuery, isEnough: boolean): void {
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (!isEnough && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [isEnough, hasNextPage, isFetching, isError, fetchNextPage]);
}

/** GET /api/matches/with/:userId: the viewer's score with one person, explained, and their match if any. */
export const fitWithQuery = (userId: number) =>
  queryOptions({
    queryKey: matchKeys.fitWith(userId),
    queryFn: ({ signal }) => api(getFitWith, { params: { userId }, signal }),
  });

/** GET /api/matches/:id: every component of one match's explanation, fetched when a card's details open. */
export const matchDetailQuery = (id: number) =>
  queryOptions({
    queryKey: matchKeys.detail(id),
    queryFn: ({ signal }) => api(getMatch, { params: { id }, signal }),
  });

/** Everything a match change can move: both lists, the dashboard's numbers, the activity feed. */
const MATCH_CHANGE_INVALIDATES = [matchKeys.all, dashboardKeys.all, activityKeys.all];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How many reasons a result toast names: the largest, so it stays one glance long. */
const REASONS_SHOWN = 2;

/** Each skip reason as the rest of a sentence that starts "{count} {investors}", in the caller's voice. */
const SKIP_PHRASES: Record<GenerationSkipReason, (caller: UserType) => string> = {
  blocked: () => 'skipped: you blocked them',
  already_decided: () => 'skipped: already accepted or declined',
  already_suggested: () => 'already in your matches',
  gated_exclusion: (caller) => (caller === 'startup' ? 'skipped: their thesis rules out what you do' : 'skipped: your thesis rules them out'),
  gated_stage: (caller) => (caller === 'startup' ? 'skipped: they invest 3+ stages away from yours' : 'skipped: 3+ stages away from the ones you invest in'),
  gated_check_size: (caller) => (caller === 'startup' ? 'skipped: check size outside your round' : 'skipped: their round is outside your check size'),
  below_threshold: () => 'skipped: score below the match threshold',
  outside_focus: (caller) => (caller === 'startup' ? 'skipped: your sector and stage are outside their focus' : 'skipped: outside your sectors and stages'),
  beyond_limit: () => "skipped: not among this run's best",
};

/** "12 investors skipped: check size outside your round. 3 investors already in your matches." */
function describeSkips({ skipped, counterpart }: GenerateMatchesResult): string {
  const caller: UserType = counterpart === 'investor' ? 'startup' : 'investor';
  return skipped
    .slice(0, REASONS_SHOWN)
    .map(({ reason, count }) => `${plural(count, counterpart, `${counterpart}s`)} ${SKIP_PHRASES[reason](caller)}.`)
    .join(' ');
}

/**
 * The result toast's wording: what the run added and refreshed and, when it found nothing new,
 * why, naming the largest reasons with their counts. It suggests a fuller profile only when the
 * profile is not complete.
 */
export function describeGeneration(result: GenerateMatchesResult): { title: string; description: string } {
  const { created, updated, candidates, counterpart, profileCompleteness } = result;
  const why = describeSkips(result);
  if (created > 0) {
    return {
      title: 'Matches generated',
      description: [`Found ${plural(created, 'new match', 'new matches')}${updated > 0 ? ` and refreshed the scores of ${updated}` : ''}.`, why]
        .filter(Boolean)
        .join(' '),
    };
  }
  if (candidates === 0) {
    return { title: 'No new matches', description: `No ${counterpart} has a profile yet, so there is nobody to score. Try again later.` };
  }
  const fullerProfile =
    profileCompleteness < 100 ? `Your profile is ${profileCompleteness}% complete; a fuller profile gives the score more to work with.` : '';
  const refreshed = updated > 0 ? `No new matches this time; refreshed the scores of ${plural(updated, 'match', 'matches')}.` : '';
  return {
    title: updated > 0 ? 'Matches refreshed' : 'No new matches',
    description: [refreshed, why, fullerProfile].filter(Boolean).join(' '),
  };
}

/**
 * POST /api/generate-matches. The pending state lives on the button; the outcome is a toast
 * either way. A failure keeps `error` on the mutation, so the screen can also offer the way out
 * (the 409 "Complete your profile first" links to the profile).
 */
export function useGenerateMatches() {
  return useMutation({
    mutationFn: () => api(generateMatches),
    // Wait for the fresh list, so the toast and the new cards arrive together.
    meta: { invalidates: MATCH_CHANGE_INVALIDATES, awaitsInvalidation: true },
    onSuccess: (result) => toast(describeGeneration(result)),
    onError: (error) => toast({ title: "Couldn't generate matches", description: error.message, variant: 'destructive' }),
  });
}

export interface MatchDecision {
  id: number;
  /** The counterpart's name, for the toast. */
  name: string;
  /** The viewer's own answer before this decision (every decision changes it). */
  from: Decision;
  body: UpdateMatchBody;
}

/**
 * The result toast. An accept connects only when the other side has accepted too (mutual
 * consent), so `status` (the match's status in the answer) says which sentence is true.
 */
export function describeDecision(
  { name, from, body }: Pick<MatchDecision, 'name' | 'from' | 'body'>,
  status: MatchStatus,
): { title: string; description: string } {
  if (body.status === 'rejected') return { title: 'Match declined', description: `${name} moved to Rejected. You can reconsider at any time.` };
  const reconsidered = from === 'rejected';
  const title = reconsidered ? 'Match reconsidered' : 'Match accepted';
  if (status === 'accepted')
    return {
      title,
      description: reconsidered ? `You accepted ${name}. You can now message them.` : `You are connected with ${name}. You can now message them.`,
    };
  if (status === 'rejected') return { title, description: `You accepted ${name}, but they have declined this match.` };
  return { title, description: `Waiting for ${name} to accept. You can message them once they do.` };
}

/** The tab a cached list shows, read from its key (matchKeys.filtered). */
function tabOfKey(queryKey: readonly unknown[]): MatchListRequest['status'] {
  const request = queryKey[2] as Partial<MatchListRequest> | undefined;
  return request?.status ?? 'all';
}

/** Writes a decision's answer into every cached list of that side (see withDecision). */
export function writeDecision<T extends PagedMatch>(queryClient: QueryClient, role: UserType, updated: T): void {
  for (const [queryKey, data] of queryClient.getQueriesData<MatchPages<T>>({ queryKey: matchKeys.list(role) })) {
    const next = withDecision(data, updated, tabOfKey(queryKey));
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
}

/**
 * POST /api/matches/:id/update: the viewer's own Accept, Decline (with an optional reason, shared
 * only if asked) or Reconsider. The answer is the updated match, which replaces the old one in
 * every loaded page of that side's lists at once (or leaves a tab it no longer belongs to); the
 * lists are then refetched so anything else that changed shows too.
 */
export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: MatchDecision) => api(updateMatch, { params: { id: decision.id }, body: decision.body }),
    onSuccess: (updated, decision) => {
      if ('investor' in updated) writeDecision<StartupSideMatch>(queryClient, 'startup', updated);
      else writeDecision<InvestorSideMatch>(queryClient, 'investor', updated);
      toast(describeDecision(decision, updated.status));
    },
    onError: (error) => toast({ title: "Couldn't update the match", description: error.message, variant: 'destructive' }),
    // Also after a 409: the other party may have decided first, and the list should say so.
    // Not awaited: the card is already right from the answer, and stays usable meanwhile.
    meta: { invalidates: MATCH_CHANGE_INVALIDATES, invalidatesOnError: true },
  });
}

/**
 * POST /api/matches/:id/disconnect: ends a connection (docs/connections.md). The thread turns
 * read-only and shared documents and plans stop for both, so every screen a connection shows on is
 * refreshed; the other side hears of it live.
 */
export function useDisconnectMatch() {
  return useMutation({
    mutationFn: ({ matchId }: { matchId: number; name: string }) => api(disconnectMatch, { params: { id: matchId } }),
    meta: { invalidates: [...MATCH_CHANGE_INVALIDATES, messageKeys.all, dataRoomKeys.all, milestoneKeys.all], awaitsInvalidation: true },
    onSuccess: (_match, { name }) =>
      toast({ title: `Disconnected from ${name}`, description: 'Your messages stay readable. To talk again, you both need to accept the match.' }),
  });
}
