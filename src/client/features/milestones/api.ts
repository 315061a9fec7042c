// Shared milestones (issue #7): the pair's plan, the dashboard's upcoming list, the
// four changes. Every change invalidates milestoneKeys.all, which covers both the open plan and
// the dashboard card; the server's live event does the same on the partner's side.
import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  createMilestone,
  deleteMilestone,
  editMilestone,
  listMilestones,
  listUpcomingMilestones,
  updateMilestoneStatus,
  type CreateMilestoneBody,
  type Milestone,
} from '@shared/contracts/milestones';
import type { UserType } from '@shared/enums';
import { activityKeys } from '@/features/activity/api';
import { investorMatchesQuery, startupMatchesQuery, useLoadPagesUntil } from '@/features/matching/api';
import { wholeList } from '@/features/matching/match-pages';
import { api } from '@/lib/api';
import { FALLBACK_POLL_MS, useIsLive } from '@/lib/live-events';
import { toast, toastFailure } from '@/lib/use-toast';

export const milestoneKeys = {
  all: ['milestones'] as const,
  /** One pair's plan, by the partner's user id. */
  pair: (partnerId: number) => [...milestoneKeys.all, 'pair', partnerId] as const,
  upcoming: () => [...milestoneKeys.all, 'upcoming'] as const,
};

// Refetched when the live stream first opens too: a change made between this screen's first read
// and the stream's subscription would otherwise be missed (see lib/live-events.tsx).
const LIVE = { live: true } as const;

/** The partner id is part of the cache key; the caller enables it only once one is chosen. */
export const milestonesQuery = (partnerId: number) =>
  queryOptions({
    queryKey: milestoneKeys.pair(partnerId),
    queryFn: ({ signal }) => api(listMilestones, { query: { partnerId }, signal }),
    meta: LIVE,
  });

export const upcomingMilestonesQuery = queryOptions({
  queryKey: milestoneKeys.upcoming(),
  queryFn: ({ signal }) => api(listUpcomingMilestones, { signal }),
  meta: LIVE,
});

/** The plan of one pair, kept fresh by live events (and by polling while the stream is down). */
export function usePairMilestones(partnerId: number | null) {
  const isLive = useIsLive();
  return useQuery({
    ...milestonesQuery(partnerId ?? 0),
    enabled: partnerId !== null,
    refetchInterval: isLive ? false : FALLBACK_POLL_MS,
  });
}

export function useUpcomingMilestones() {
  const isLive = useIsLive();
  return useQuery({ ...upcomingMilestonesQuery, refetchInterval: isLive ? false : FALLBACK_POLL_MS });
}

export interface Partner {
  /** The partner's user id: what the API takes as investorId / startupId / partnerId. */
  id: number;
  name: string;
}

/** The largest page the match lists give: connections are read 100 at a time. */
const CONNECTIONS_PAGE_SIZE = 100;

/**
 * The other side's connected parties (accepted matches: acceptance unlocks milestones), by name.
 * The list is paged, so every page is loaded before the picker shows: someone with more than a
 * page of connections still finds all of them. A newly accepted match shows up live.
 */
export function useConnectedPartners(userType: UserType) {
  const request = { status: 'accepted', limit: CONNECTIONS_PAGE_SIZE } as const;
  const startup = useInfiniteQuery({ ...startupMatchesQuery(request), enabled: userType === 'startup' });
  const investor = useInfiniteQuery({ ...investorMatchesQuery(request), enabled: userType === 'investor' });
  const query = userType === 'startup' ? startup : investor;
  const partners: Partner[] | undefined =
    userType === 'startup'
      ? wholeList(startup.data)?.map((match) => ({ id: match.investorId, name: match.investor.firmName }))
      : wholeList(investor.data)?.map((match) => ({ id: match.startupId, name: match.startup.companyName }));
  const isComplete = partners !== undefined;
  useLoadPagesUntil(query, isComplete);
  // Still loading until the last page is in (or a page fails).
  return {
    partners: partners?.sort((a, b) => a.name.localeCompare(b.name)),
    query: { ...query, isPending: query.isPending || (!isComplete && !query.isError) },
  };
}

/** Every change: both milestone lists and the activity feed. */
const MILESTONE_CHANGE_INVALIDATES = [milestoneKeys.all, activityKeys.all];

export type MilestoneFields = Pick<CreateMilestoneBody, 'title' | 'description' | 'date' | 'status'>;

/** The partner goes in investorId for a startup, in startupId for an investor. */
export function useCreateMilestone(userType: UserType, partnerId: number) {
  return useMutation({
    mutationFn: (fields: MilestoneFields) =>
      api(createMilestone, { body: { ...fields, ...(userType === 'startup' ? { investorId: partnerId } : { startupId: partnerId }) } }),
    meta: { invalidates: MILESTONE_CHANGE_INVALIDATES },
    onSuccess: (milestone) => toast({ title: 'Milestone added', description: `"${milestone.title}" is now part of your shared plan.` }),
    onError: (error) => toastFailure('add milestone', error),
  });
}

export function useEditMilestone() {
  return useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: Pick<MilestoneFields, 'title' | 'description' | 'date'> }) =>
      api(editMilestone, { params: { id }, body: fields }),
    meta: { invalidates: MILESTONE_CHANGE_INVALIDATES },
    onSuccess: () => toast({ title: 'Milestone updated', description: 'Your changes have been saved.' }),
    onError: (error) => toastFailure('update milestone', error),
  });
}

/** Start (pending → in_progress) and Complete (in_progress → completed). */
export function useAdvanceMilestone() {
  return useMutation({
    mutationFn: ({ milestone, status }: { milestone: Milestone; status: 'in_progress' | 'completed' }) =>
      api(updateMilestoneStatus, { params: { id: milestone.id }, body: { status } }),
    // Also after a failure: a 409 usually means the partner moved it first, and the refetch shows
    // where it stands now.
    meta: { invalidates: MILESTONE_CHANGE_INVALIDATES, invalidatesOnError: true },
    onSuccess: (milestone) =>
      toast(
        milestone.status === 'completed'
          ? { title: 'Milestone completed', description: `"${milestone.title}" is done.` }
          : { title: 'Milestone started', description: `"${milestone.title}" is now in progress.` },
      ),
    onError: (error) => toastFailure('update milestone', error),
  });
}

export function useDeleteMilestone() {
  return useMutation({
    mutationFn: (milestone: Milestone) => api(deleteMilestone, { params: { id: milestone.id } }),
    meta: { invalidates: MILESTONE_CHANGE_INVALIDATES, invalidatesOnError: true },
    onSuccess: (_result, milestone) => toast({ title: 'Milestone deleted', description: `"${milestone.title}" has been removed from your plan.` }),
    onError: (error) => toastFailure('delete milestone', error),
  });
}
