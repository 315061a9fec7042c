// The directory's pages, Connect, and saved searches (issue #19; docs/discovery.md). The
// directory's pages are keyed under matchKeys.all: every change that refetches the match lists
// (a decision, generation, a live match_updated) refetches the cards' match states too.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  connectFromDirectory,
  createSavedSearch,
  deleteSavedSearch,
  discover,
  listSavedSearches,
  updateSavedSearch,
  type CreateSavedSearchBody,
  type DirectoryPage,
  type DiscoverFilters,
  type DiscoverSort,
  type SavedSearch,
  type UpdateSavedSearchBody,
} from '@shared/contracts/discovery';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { matchKeys } from '@/features/matching/api';
import { api, apiRaw } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { toQuery } from './directory-filters';

export const discoveryKeys = {
  directory: [...matchKeys.all, 'directory'] as const,
  page: (filters: DiscoverFilters, sort: DiscoverSort) => [...discoveryKeys.directory, { filters, sort }] as const,
  savedSearches: ['saved-searches'] as const,
};

/** The directory for these filters and order, a page at a time (the server's keyset cursor). */
export function directoryQuery(filters: DiscoverFilters, sort: DiscoverSort) {
  return infiniteQueryOptions({
    queryKey: discoveryKeys.page(filters, sort),
    queryFn: ({ pageParam, signal }) => api(discover, { query: { ...toQuery(filters), sort, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: DirectoryPage) => page.nextCursor,
  });
}

export const savedSearchesQuery = queryOptions({
  queryKey: discoveryKeys.savedSearches,
  queryFn: ({ signal }) => api(listSavedSearches, { signal }),
});

/** Connect from a card: the request, or the accept that connects (the server decides which). */
export function useConnect() {
  return useMutation({
    mutationFn: ({ userId }: { userId: number; name: string }) => api(connectFromDirectory, { params: { userId } }),
    onSuccess: (view, { name }) => toast({ title: view.status === 'accepted' ? `You are now connected with ${name}` : `Request sent to ${name}` }),
    onError: (error) => toast({ title: "Couldn't connect", description: error.message, variant: 'destructive' }),
    // After a 409 too: the other side may have answered first, and the card should say so.
    meta: { invalidates: [matchKeys.all, dashboardKeys.all, activityKeys.all], invalidatesOnError: true },
  });
}

export function useCreateSavedSearch() {
  return useMutation({
    mutationFn: (body: CreateSavedSearchBody) => api(createSavedSearch, { body }),
    meta: { invalidates: [discoveryKeys.savedSearches] },
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSavedSearchBody }) => api(updateSavedSearch, { params: { id }, body }),
    onSuccess: (updated) =>
      queryClient.setQueryData<SavedSearch[]>(discoveryKeys.savedSearches, (list) => list?.map((search) => (search.id === updated.id ? updated : search))),
    onError: (error) => toast({ title: "Couldn't update the saved search", description: error.message, variant: 'destructive' }),
    meta: { invalidates: [discoveryKeys.savedSearches] },
  });
}

export function useDeleteSavedSearch() {
  return useMutation({
    mutationFn: async ({ id }: { id: number; name: string }) => {
      await apiRaw(deleteSavedSearch, { params: { id } });
    },
    onSuccess: (_nothing, { name }) => toast({ title: `Deleted "${name}"` }),
    onError: (error) => toast({ title: "Couldn't delete the saved search", description: error.message, variant: 'destructive' }),
    meta: { invalidates: [discoveryKeys.savedSearches] },
  });
}
