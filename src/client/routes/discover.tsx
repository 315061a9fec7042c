// /discover: the directory of the other role for both roles (issue #19; docs/discovery.md). The
// filters and the order live in the address bar, so a search is a link and Back undoes a change;
// `?saved=ID` applies a saved search (the alert notifications link there). Cards come a page at a
// time on the server's keyset ("Load more").
import { useEffect } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { Compass } from 'lucide-react';
import type { DiscoverFilters, DiscoverSort } from '@shared/contracts/discovery';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { NextPageFooter } from '@/components/ui/next-page-footer';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignedInUser } from '@/features/auth/api';
import { directoryQuery, savedSearchesQuery } from '@/features/discovery/api';
import { DirectoryCard } from '@/features/discovery/components/directory-card';
import { DirectoryFiltersPanel } from '@/features/discovery/components/directory-filters-panel';
import { SaveSearchButton, SavedSearchList } from '@/features/discovery/components/saved-searches';
import { compact, filtersFromSearch, hasFilters, searchFromFilters } from '@/features/discovery/directory-filters';

function CardsSkeleton() {
  return (
    <div className="grid gap-4" aria-label="Loading profiles" role="status">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-56 w-full rounded-xl" />
      ))}
    </div>
  );
}

export function DiscoverScreen() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const { filters, sort } = filtersFromSearch(params);
  const savedParam = params.get('saved');
  const savedId = savedParam && /^\d+$/.test(savedParam) ? Number(savedParam) : null;

  const navigate = (next: DiscoverFilters, nextSort: DiscoverSort, { replace = false } = {}) =>
    setParams(searchFromFilters(compact(next), nextSort), { replace });
  // Typing refines one search: it replaces the address rather than adding a Back step per pause.
  const onChange = (next: DiscoverFilters, options?: { isTyping?: boolean }) => navigate(next, sort, { replace: options?.isTyping });

  // ?saved=ID: once the viewer's searches are here, its filters replace the address's.
  const saved = useQuery({ ...savedSearchesQuery, enabled: savedId !== null });
  const savedSearch = savedId === null ? undefined : saved.data?.find((search) => search.id === savedId);
  useEffect(() => {
    if (savedSearch) setParams(searchFromFilters(savedSearch.filters, sort), { replace: true });
  }, [savedSearch, setParams, sort]);
  const isApplyingSaved = savedId !== null && (saved.isPending || savedSearch !== undefined);

  const list = useInfiniteQuery({ ...directoryQuery(filters, sort), enabled: !isApplyingSaved });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const counterpartNoun = user.userType === 'investor' ? 'startups' : 'investors';

  return (
    <>
      <PageHeader
        title="Discover"
        description={`Browse ${counterpartNoun} beyond your matches: filter, sort by your match score, and connect.`}
        actions={<SaveSearchButton filters={filters} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-6">
          <DirectoryFiltersPanel viewer={user.userType} filters={filters} sort={sort} onChange={onChange} onSortChange={(next) => navigate(filters, next)} />
          {savedId !== null && saved.isSuccess && !savedSearch && (
            <p role="status" className="text-sm text-muted-foreground">
              That saved search no longer exists; showing the current filters.
            </p>
          )}
          {isApplyingSaved || list.isPending ? (
            <CardsSkeleton />
          ) : list.isError && !list.isFetchNextPageError ? (
            <ErrorState
              title={`Error loading ${counterpartNoun}`}
              message={list.error.message}
              onRetry={() => void list.refetch()}
              isRetrying={list.isRefetching}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={Compass}
              title="No profiles match these filters"
              description={hasFilters(filters) ? 'Try fewer filters, or clear them to see everyone.' : `There are no ${counterpartNoun} to show yet.`}
              action={
                hasFilters(filters) ? (
                  <Button variant="outline" onClick={() => navigate({}, sort)}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <section aria-label={`${counterpartNoun[0]!.toUpperCase()}${counterpartNoun.slice(1)}`} className="grid gap-4">
              {hasFilters(filters) && (
                <div className="flex justify-end">
                  <Button variant="ghost" size="sm" onClick={() => navigate({}, sort)}>
                    Clear filters
                  </Button>
                </div>
              )}
              {items.map((card) => (
                <DirectoryCard key={card.kind === 'startup' ? card.startup.id : card.investor.id} card={card} viewer={user.userType} />
              ))}
              <NextPageFooter
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                isFetchNextPageError={list.isFetchNextPageError}
                error={list.error}
                fetchNextPage={list.fetchNextPage}
                errorTitle={`Error loading more ${counterpartNoun}`}
                endText={`That's everyone who matches these filters.`}
              />
            </section>
          )}
        </div>
        <aside className="min-w-0">
          <SavedSearchList appliedId={savedId} />
        </aside>
      </div>
    </>
  );
}
