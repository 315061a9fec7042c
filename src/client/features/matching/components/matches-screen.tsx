// The match list screen both roles share (/startup/investor-matches and /investor/startups):
// the generate control, match settings, status tabs with the server's counts, and the cards page
// by page (issue #16), with loading, updating, empty and error states. The settings go to the
// server, so a page of 20 is the right 20; the routes only say which side they are and how it reads.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CalendarClock, Handshake, LoaderCircle, SearchX, Sparkles, UserRoundPen } from 'lucide-react';
import { QUEUED_REQUESTS_LABEL } from '@shared/contracts/intake';
import type { MatchCounts } from '@shared/contracts/matches';
import type { MatchDecision, UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useTabParam } from '@/lib/use-tab-param';
import { useGenerateMatches, type matchKeys } from '../api';
import { countsOf, matchListRequest, matchesInPages, queuedRequestsOf, type MatchListRequest, type MatchPage, type MatchPages } from '../match-pages';
import { DEFAULT_FILTERS, STATUS_FILTERS, hasActiveFilters, type MatchFilters, type MatchView, type StatusFilter } from '../match-view';
import { MatchCard } from './match-card';
import { MatchSettings } from './match-settings';

/** One side's list for one request: startupMatchesQuery or investorMatchesQuery. */
export type MatchListQuery<T> = (
  request: MatchListRequest,
) => UseInfiniteQueryOptions<MatchPage<T>, Error, MatchPages<T>, ReturnType<typeof matchKeys.filtered>, string | null>;

export interface MatchesScreenProps<T> {
  viewer: UserType;
  title: string;
  description: string;
  /** 'All' on the startup screen, 'All Startups' on the investor screen. */
  allTabLabel: string;
  searchPlaceholder: string;
  /** The investor screen filters by industry; the startup screen does not. */
  showIndustryFilter: boolean;
  /** The side's paged list (its infinite query's options for a request). */
  listQuery: MatchListQuery<T>;
  /** Must be stable (a module-level function): the list is re-derived when it changes. */
  toView: (match: T) => MatchView;
  /** The other side, for sentences: "investor" or "startup". */
  counterpartNoun: string;
  /** Side-specific content at the foot of a card. */
  renderCardFooter?: (match: T) => ReactNode;
}

const TAB_LABELS: Record<Exclude<StatusFilter, 'all'>, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

/** Typing a search or sliding the score asks the server once the hand rests, not on every key. */
export const SETTINGS_DEBOUNCE_MS = 250;

/** How far below the screen the end of the list may be when the next page starts loading. */
const PREFETCH_MARGIN = '0px 0px 600px 0px';

interface FocusRequest {
  matchId: number;
  position: number;
  /** The viewer's answer before the decision: focus waits until the list shows the new one. */
  from: MatchDecision;
}

const plural = (count: number) => (count === 1 ? 'match' : 'matches');

export function MatchesScreen<T extends { id: number }>({
  viewer,
  title,
  description,
  allTabLabel,
  searchPlaceholder,
  showIndustryFilter,
  listQuery,
  toView,
  counterpartNoun,
  renderCardFooter,
}: MatchesScreenProps<T>) {
  const generate = useGenerateMatches();
  const [filters, setFilters] = useState<MatchFilters>(DEFAULT_FILTERS);
  // The status lives in the URL (?tab=pending), so a link or a reload opens the same tab.
  const [status, setStatus] = useTabParam(STATUS_FILTERS, 'all');
  const request = useServerRequest(filters, status);

  // While a new request loads, the previous one's cards stay (marked as updating), so the list
  // does not flash empty at every key press.
  const list = useInfiniteQuery({ ...listQuery(request), placeholderData: keepPreviousData });
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData, isFetchNextPageError, isFetchingNextPage } = list;
  const isUpdating = isPlaceholderData && isFetching;

  const entries = useMemo(() => matchesInPages(data).map((match) => ({ view: toView(match), raw: match })), [data, toView]);
  const shown = useMemo(() => entries.map((entry) => entry.view), [entries]);
  const rawById = useMemo(() => new Map(entries.map((entry) => [entry.view.id, entry.raw])), [entries]);
  const counts: MatchCounts = countsOf(data) ?? { total: shown.length, all: shown.length, pending: 0, accepted: 0, rejected: 0 };
  const queuedRequests = queuedRequestsOf(data);

  const { request: requestFocus, tabsRef } = useFocusAfterDecision(shown);

  const generateButton = <GenerateButton isPending={generate.isPending} onGenerate={() => generate.mutate()} />;
  const profileFirstMessage = generate.error instanceof ApiError && generate.error.status === 409 ? generate.error.message : null;
  const isFiltered = hasActiveFilters(filters);

  return (
    <>
      <PageHeader title={title} description={description} actions={generateButton} />
      <div className="grid gap-6">
        {profileFirstMessage && <ProfileFirstNotice message={profileFirstMessage} viewer={viewer} />}
        <MatchSettings
          filters={filters}
          onFiltersChange={setFilters}
          status={status}
          onStatusChange={setStatus}
          searchPlaceholder={searchPlaceholder}
          showIndustry={showIndustryFilter}
        />
        {isPending ? (
          <MatchListSkeleton />
        ) : isError && !data ? (
          <ErrorState title="We couldn't load your matches" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : (
          <section aria-labelledby="match-results-title" className="grid gap-4">
            <h2 id="match-results-title" className="sr-only">
              Your matches
            </h2>
            {isError && !isFetchNextPageError && !isFetchingNextPage && (
              <ErrorState compact title="We couldn't refresh your matches" message={error?.message} onRetry={() => void refetch()} isRetrying={isFetching} />
            )}
            <Tabs value={status} onValueChange={setStatus}>
              <TabsList ref={tabsRef} aria-label="Matches by status" className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
                {STATUS_FILTERS.map((value) => (
                  <TabsTrigger key={value} value={value} className="h-9 gap-2 sm:h-full">
                    {value === 'all' ? allTabLabel : TAB_LABELS[value]}{' '}
                    <span className="rounded-full bg-background/80 px-1.5 text-xs font-semibold text-foreground tabular-nums">{counts[value]}</span>
                  </TabsTrigger>
                ))}
              </TabsList>
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <p role="status">{counts.total === 0 ? 'No matches yet.' : `Showing ${counts[status]} of ${counts.total} ${plural(counts.total)}.`}</p>
                {/* Always in the page, so the polite announcement is heard when it fills in. */}
                <p role="status" className="inline-flex items-center gap-1.5">
                  {isUpdating && (
                    <>
                      <LoaderCircle aria-hidden className="size-4 animate-spin" />
                      Updating…
                    </>
                  )}
                </p>
              </div>
              {STATUS_FILTERS.map((value) => (
                <TabsContent key={value} value={value} className="mt-4">
                  {value === 'pending' && queuedRequests > 0 && <QueuedRequestsNotice count={queuedRequests} />}
                  {shown.length === 0 ? (
                    counts.total === 0 ? (
                      <EmptyState
                        icon={Handshake}
                        title="No matches found"
                        description={`Generate matches to score every ${counterpartNoun} against your profile. The best fits appear here with the reasons behind their score.`}
                        action={generateButton}
                      />
                    ) : (
                      <EmptyState
                        icon={SearchX}
                        title="No matches found"
                        description={
                          isFiltered
                            ? 'No match fits these settings. Try a lower minimum score or a different search.'
                            : `You have no ${value === 'all' ? '' : `${TAB_LABELS[value].toLowerCase()} `}matches.`
                        }
                        action={
                          isFiltered ? (
                            <Button variant="outline" onClick={() => setFilters(DEFAULT_FILTERS)}>
                              Clear filters
                            </Button>
                          ) : undefined
                        }
                      />
                    )
                  ) : (
                    <div className="grid gap-4">
                      <ol
                        className="grid gap-4"
                        aria-label={`${counterpartNoun === 'investor' ? 'Investor' : 'Startup'} matches, best first`}
                        aria-busy={isUpdating || undefined}
                      >
                        {shown.map((match, position) => {
                          const raw = rawById.get(match.id);
                          return (
                            <li key={match.id}>
                              <MatchCard
                                match={match}
                                viewer={viewer}
                                position={position}
                                onDecided={(matchId, at, from) => requestFocus({ matchId, position: at, from })}
                                footer={raw && renderCardFooter ? renderCardFooter(raw) : undefined}
                              />
                            </li>
                          );
                        })}
                      </ol>
                      <NextPage list={list} shown={shown} total={counts[status]} />
                    </div>
                  )}
                </TabsContent>
              ))}
            </Tabs>
          </section>
        )}
      </div>
    </>
  );
}

/**
 * The settings as the server gets them: the search and the score wait until typing and sliding
 * pause; the tab, the industry and clearing a setting apply at once.
 */
function useServerRequest(filters: MatchFilters, status: StatusFilter): MatchListRequest {
  const debouncedSearch = useDebouncedValue(filters.search.trim(), SETTINGS_DEBOUNCE_MS);
  const debouncedMinScore = useDebouncedValue(filters.minScore, SETTINGS_DEBOUNCE_MS);
  const search = filters.search.trim() === '' ? '' : debouncedSearch;
  const minScore = filters.minScore === DEFAULT_FILTERS.minScore ? DEFAULT_FILTERS.minScore : debouncedMinScore;
  return useMemo(() => matchListRequest({ status, search, minScore, industry: filters.industry }), [status, search, minScore, filters.industry]);
}

function useDebouncedValue<V>(value: V, delayMs: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface NextPageQuery {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isPlaceholderData: boolean;
  error: Error | null;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<{ isError: boolean }>;
}

/**
 * The foot of the list: the next page loads as it scrolls into view, or from a real button
 * (keyboard and screen readers), which shows progress and, if the page fails, the error with a
 * retry. The button stays one element throughout, so focus never drops to the page; after a load
 * it started, focus moves to the first new card, where reading goes on.
 */
function NextPage({ list, shown, total }: { list: NextPageQuery; shown: readonly MatchView[]; total: number }) {
  const { hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, error, fetchNextPage } = list;
  const footRef = useRef<HTMLDivElement>(null);
  // The first new card's position, while a load the button started is on its way.
  const focusFrom = useRef<number | null>(null);

  // Not while another load runs (a next page would cancel a refetch), nor after a failure: the
  // retry is the user's to ask for. An observer's callback may still arrive after a press has
  // started the page (it was queued before this render disconnected it), so it too keeps a load
  // on its way (`cancelRefetch: false`) rather than cancelling it and asking again.
  const canLoadMore = hasNextPage && !isFetching && !isFetchNextPageError && !isPlaceholderData;
  useEffect(() => {
    const foot = footRef.current;
    if (!foot || !canLoadMore) return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && void fetchNextPage({ cancelRefetch: false }), {
      rootMargin: PREFETCH_MARGIN,
    });
    observer.observe(foot);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown.length <= from) return;
    focusFrom.current = null;
    document.getElementById(`match-card-${shown[from]!.id}`)?.focus();
  }, [shown]);
  useEffect(() => {
    if (isFetchNextPageError) focusFrom.current = null;
  }, [isFetchNextPageError]);

  if (!hasNextPage) return null;
  // Pressed while a page is already on its way (the foot scrolled into view first), the press
  // still moves focus once that page is in.
  const loadMore = () => {
    focusFrom.current = shown.length;
    // `cancelRefetch: false`: a page already on its way is kept, not asked for again (the state
    // this render saw may not show it yet: the observer may have asked a moment ago).
    void fetchNextPage({ cancelRefetch: false });
  };
  return (
    <div ref={footRef} className="grid justify-items-center gap-3 pt-2">
      {isFetchNextPageError && (
        <p role="alert" className="max-w-md text-center text-sm text-destructive">
          We couldn't load more matches. {error?.message}
        </p>
      )}
      <Button variant="outline" onClick={loadMore} aria-disabled={isFetchingNextPage || undefined}>
        {isFetchingNextPage && <LoaderCircle aria-hidden className="animate-spin" />}
        {isFetchingNextPage ? 'Loading more matches…' : isFetchNextPageError ? 'Try loading more matches again' : 'Load more matches'}
      </Button>
      <p role="status" className="text-xs text-muted-foreground">
        {`${shown.length} of ${total} ${plural(total)} loaded.`}
      </p>
    </div>
  );
}

/**
 * After Accept, Decline or Reconsider the card may leave the current tab, and the focused button
 * goes either way (an accept that waits for the other side stays in Pending, without its
 * buttons). Focus then goes to the same card (if it stayed), the card now in its place, or the
 * tabs, once the list shows the decision. Every decision changes the viewer's own answer, so that
 * is what says the list has caught up (the status may stay the same).
 */
function useFocusAfterDecision(shown: readonly MatchView[]) {
  const [requested, request] = useState<FocusRequest | null>(null);
  const handled = useRef<FocusRequest | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!requested || handled.current === requested) return;
    const same = shown.find((match) => match.id === requested.matchId);
    if (same && same.myDecision === requested.from) return; // the list has not caught up yet
    handled.current = requested;
    const target = same ?? shown[Math.min(requested.position, shown.length - 1)];
    const element = target
      ? document.getElementById(`match-card-${target.id}`)
      : tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    element?.focus();
  }, [requested, shown]);
  return { request, tabsRef };
}

/**
 * The investor's Pending tab (fair intake, docs/intake.md): startup requests past their weekly
 * limit wait for next week, and are not shown as requests until then; this says how many.
 */
function QueuedRequestsNotice({ count }: { count: number }) {
  return (
    <section aria-labelledby="queued-requests-title" className="mb-4 flex items-start gap-3 rounded-xl border border-dashed bg-muted/40 p-4">
      <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid gap-1">
        <h3 id="queued-requests-title" className="flex items-center gap-2 font-medium">
          {QUEUED_REQUESTS_LABEL}
          <span className="rounded-full bg-primary/10 px-2 text-sm font-semibold text-primary tabular-nums">{count}</span>
        </h3>
        <p className="text-sm text-muted-foreground">
          {count === 1 ? 'One startup' : `${count} startups`} asked to connect while you were at your weekly limit or closed to new deals.{' '}
          {count === 1 ? 'It reaches' : 'They reach'} you from Monday, while you are open to new deals. Change this in{' '}
          <Link href={paths.settings} className="font-medium text-foreground underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

function GenerateButton({ isPending, onGenerate }: { isPending: boolean; onGenerate: () => void }) {
  return (
    <Button onClick={onGenerate} disabled={isPending} aria-busy={isPending || undefined}>
      {isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
      {isPending ? 'Generating...' : 'Generate Matches'}
    </Button>
  );
}

/** The 409 from generation: say the server's sentence where the user is looking, with the way out. */
function ProfileFirstNotice({ message, viewer }: { message: string; viewer: UserType }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <UserRoundPen aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        {message}
      </p>
      <LinkButton href={paths.profile(viewer)} size="sm" className="self-start sm:self-auto">
        Complete your profile
      </LinkButton>
    </div>
  );
}

function MatchListSkeleton() {
  return (
    <div role="status" aria-label="Loading matches" className="grid gap-4">
      <Skeleton className="h-10 w-full max-w-md" />
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-4 rounded-xl border bg-card p-6">
          <div className="flex items-center gap-4">
            <Skeleton className="size-14 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </div>
          <Skeleton className="h-20 w-full" />
          <div className="flex justify-end gap-2">
            <Skeleton className="h-10 w-24" />
            <Skeleton className="h-10 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
