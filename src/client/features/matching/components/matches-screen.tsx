// The match list screen both roles share (/startup/investor-matches and /investor/startups):
// the generate control, match settings, status tabs with counts, and the cards, with
// loading, empty and error states. The routes only say which side they are and how it reads.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Handshake, LoaderCircle, SearchX, Sparkles, UserRoundPen } from 'lucide-react';
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
import { useGenerateMatches } from '../api';
import {
  DEFAULT_FILTERS,
  STATUS_FILTERS,
  applyFilters,
  countByStatus,
  hasActiveFilters,
  withStatus,
  type MatchFilters,
  type MatchView,
  type StatusFilter,
} from '../match-view';
import { MatchCard } from './match-card';
import { MatchSettings } from './match-settings';

export interface MatchesScreenProps<T> {
  viewer: UserType;
  title: string;
  description: string;
  /** 'All' on the startup screen, 'All Startups' on the investor screen. */
  allTabLabel: string;
  searchPlaceholder: string;
  /** The investor screen filters by industry; the startup screen does not. */
  showIndustryFilter: boolean;
  /** The side's match list query (useQuery with the side's queryOptions). */
  list: UseQueryResult<T[], Error>;
  /** Must be stable (a module-level function): the list is re-derived when it changes. */
  toView: (match: T) => MatchView;
  /** The other side, for sentences: "investor" or "startup". */
  counterpartNoun: string;
  /** Side-specific content at the foot of a card. */
  renderCardFooter?: (match: T) => ReactNode;
}

const TAB_LABELS: Record<Exclude<StatusFilter, 'all'>, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

interface FocusRequest {
  matchId: number;
  position: number;
  /** The viewer's answer before the decision: focus waits until the list shows the new one. */
  from: MatchDecision;
}

export function MatchesScreen<T extends { id: number }>({
  viewer,
  title,
  description,
  allTabLabel,
  searchPlaceholder,
  showIndustryFilter,
  list,
  toView,
  counterpartNoun,
  renderCardFooter,
}: MatchesScreenProps<T>) {
  const { data, isPending, isError, error, refetch, isFetching } = list;
  const generate = useGenerateMatches();
  const [filters, setFilters] = useState<MatchFilters>(DEFAULT_FILTERS);
  // The status lives in the URL (?tab=pending), so a link or a reload opens the same tab.
  const [status, setStatus] = useTabParam(STATUS_FILTERS, 'all');

  const views = useMemo(() => (data ?? []).map((match) => ({ view: toView(match), raw: match })), [data, toView]);
  const filtered = useMemo(
    () =>
      applyFilters(
        views.map((entry) => entry.view),
        filters,
      ),
    [views, filters],
  );
  const counts = useMemo(() => countByStatus(filtered), [filtered]);
  const shown = useMemo(() => withStatus(filtered, status), [filtered, status]);
  const rawById = useMemo(() => new Map(views.map((entry) => [entry.view.id, entry.raw])), [views]);

  const { request: requestFocus, tabsRef } = useFocusAfterDecision(shown);

  const generateButton = <GenerateButton isPending={generate.isPending} onGenerate={() => generate.mutate()} />;
  const profileFirstMessage = generate.error instanceof ApiError && generate.error.status === 409 ? generate.error.message : null;

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
        ) : isError ? (
          <ErrorState title="We couldn't load your matches" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : (
          <section aria-labelledby="match-results-title" className="grid gap-4">
            <h2 id="match-results-title" className="sr-only">
              Your matches
            </h2>
            <Tabs value={status} onValueChange={setStatus}>
              <TabsList ref={tabsRef} aria-label="Matches by status" className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
                {STATUS_FILTERS.map((value) => (
                  <TabsTrigger key={value} value={value} className="h-9 gap-2 sm:h-full">
                    {value === 'all' ? allTabLabel : TAB_LABELS[value]}{' '}
                    <span className="rounded-full bg-background/80 px-1.5 text-xs font-semibold text-foreground tabular-nums">{counts[value]}</span>
                  </TabsTrigger>
                ))}
              </TabsList>
              <p role="status" className="mt-3 text-sm text-muted-foreground">
                {views.length === 0 ? 'No matches yet.' : `Showing ${shown.length} of ${views.length} ${views.length === 1 ? 'match' : 'matches'}.`}
              </p>
              {STATUS_FILTERS.map((value) => (
                <TabsContent key={value} value={value} className="mt-4">
                  {shown.length === 0 ? (
                    views.length === 0 ? (
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
                          hasActiveFilters(filters)
                            ? 'No match fits these settings. Try a lower minimum score or a different search.'
                            : `You have no ${value === 'all' ? '' : `${TAB_LABELS[value].toLowerCase()} `}matches.`
                        }
                        action={
                          hasActiveFilters(filters) ? (
                            <Button variant="outline" onClick={() => setFilters(DEFAULT_FILTERS)}>
                              Clear filters
                            </Button>
                          ) : undefined
                        }
                      />
                    )
                  ) : (
                    <ol className="grid gap-4" aria-label={`${counterpartNoun === 'investor' ? 'Investor' : 'Startup'} matches, best first`}>
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
