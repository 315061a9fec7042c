// "Why this match" on a match card: the top reasons, the biggest shortfall, both one-sided fits,
// and on demand every component (docs/matching.md, "Explanations").
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban, ChevronDown, CircleCheck, TriangleAlert } from 'lucide-react';
import type { MatchBreakdown, MatchBreakdownSummary } from '@shared/contracts/matches';
import type { UserType } from '@shared/enums';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { matchDetailQuery } from '../api';
import { componentsFor, fitsFor } from '../match-view';

/**
 * "Why this match": the guide's explanation, short by default, every component on request. The
 * components come with the match's detail, fetched when first opened; a caller that already holds
 * the full breakdown (a public profile's fit, where there may be no match yet) passes it instead.
 */
export function WhyThisMatch({
  matchId,
  viewer,
  score,
  breakdown,
  idPrefix,
}: {
  viewer: UserType;
  score: number;
  idPrefix: string;
} & ({ matchId: number; breakdown: MatchBreakdownSummary | null } | { matchId: null; breakdown: MatchBreakdown | null })) {
  const [isExpanded, setExpanded] = useState(false);
  const headingId = `${idPrefix}-why`;
  const detailsId = `${idPrefix}-details`;
  if (!breakdown) {
    return (
      <section aria-labelledby={headingId} className="rounded-lg bg-muted/50 p-4">
        <h4 id={headingId} className="text-sm font-semibold">
          Why this match
        </h4>
        <p className="mt-1 text-sm text-muted-foreground">No explanation is stored for this match yet. Generating matches again refreshes it.</p>
      </section>
    );
  }
  const fits = fitsFor(viewer, breakdown);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg bg-muted/50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 id={headingId} className="text-sm font-semibold">
          Why this match
        </h4>
        <p className="text-sm text-muted-foreground">
          Their fit for you <strong className="font-semibold text-foreground tabular-nums">{fits.theirFitForYou}</strong> · Your fit for them{' '}
          <strong className="font-semibold text-foreground tabular-nums">{fits.yourFitForThem}</strong> →{' '}
          <strong className="font-semibold text-foreground tabular-nums">{score}</strong>
        </p>
      </div>
      {breakdown.gated ? (
        <p className="flex items-start gap-2 text-sm">
          <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>{breakdown.gateReason ?? 'Excluded by a hard rule of one side.'}</span>
        </p>
      ) : (
        <>
          {breakdown.topReasons.length > 0 && (
            <ul aria-label="Top reasons" className="grid gap-1.5">
              {breakdown.topReasons.map((reason, index) => (
                <li key={`${index}-${reason}`} className="flex items-start gap-2 text-sm">
                  <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  <span className="min-w-0 break-words">{reason}</span>
                </li>
              ))}
            </ul>
          )}
          {breakdown.biggestShortfall && (
            <p className="flex items-start gap-2 text-sm">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
              <span className="min-w-0 break-words">
                <span className="font-medium">Biggest shortfall: </span>
                {breakdown.biggestShortfall}
              </span>
            </p>
          )}
        </>
      )}
      <div>
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {isExpanded ? 'Hide score details' : 'Show score details'}
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', isExpanded && 'rotate-180')} />
        </button>
        <div id={detailsId} hidden={!isExpanded} className="mt-3">
          {isExpanded &&
            (matchId === null ? (
              <ScoreDetails viewer={viewer} breakdown={breakdown as MatchBreakdown} />
            ) : (
              <ScoreDetailsLoader matchId={matchId} viewer={viewer} />
            ))}
        </div>
      </div>
    </section>
  );
}

/** The components come with the match's detail, fetched the first time the details open (then cached). */
function ScoreDetailsLoader({ matchId, viewer }: { matchId: number; viewer: UserType }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(matchDetailQuery(matchId));
  if (isPending) {
    return (
      <div role="status" aria-label="Loading score details" className="grid gap-2 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (isError)
    return <ErrorState compact title="We couldn't load the score details" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />;
  if (!data.breakdown)
    return <p className="text-sm text-muted-foreground">No explanation is stored for this match yet. Generating matches again refreshes it.</p>;
  return <ScoreDetails viewer={viewer} breakdown={data.breakdown} />;
}

const points = (value: number) => (Math.round(value * 10) / 10).toString();

/** Every component of both one-sided fits: its reason and the points it earned out of its weight. */
function ScoreDetails({ viewer, breakdown }: { viewer: UserType; breakdown: MatchBreakdown }) {
  const fits = fitsFor(viewer, breakdown);
  const parts = componentsFor(viewer, breakdown);
  const sides = [
    { title: 'Their fit for you', fit: fits.theirFitForYou, components: parts.theirFitForYou },
    { title: 'Your fit for them', fit: fits.yourFitForThem, components: parts.yourFitForThem },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {sides.map((side) => (
        <div key={side.title} className="grid content-start gap-2">
          <h5 className="text-sm font-semibold">
            {side.title} · <span className="tabular-nums">{side.fit}</span>
          </h5>
          <ul className="grid gap-2">
            {side.components.map((component) => (
              <li key={component.key} className="grid gap-1 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 break-words">{component.reason}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {points(component.contribution)} / {points(component.weight * 100)}
                    <span className="sr-only"> points</span>
                  </span>
                </div>
                {component.revealed && (
                  // The track record's line sits under the stated one, never instead of it; a
                  // marked disagreement tells the reader the two profiles pull different ways.
                  <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    <span className="min-w-0 break-words">{component.revealed.text}</span>
                    {component.revealed.differsFromStated && (
                      <span className="rounded-sm bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                        differs from stated
                      </span>
                    )}
                  </p>
                )}
                <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div
                    className={cn('h-full rounded-full', component.value === null ? 'bg-muted-foreground/40' : 'bg-primary')}
                    style={{ width: `${Math.round((component.value ?? 0.5) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="text-xs text-muted-foreground md:col-span-2">
        Each side&apos;s fit adds up the points of its components; anything unknown counts as half. The score combines the two fits so that the weaker one
        weighs most: a match has to suit both sides.
        {parts.theirFitForYou.concat(parts.yourFitForThem).some((component) => component.revealed) &&
          ' Where an investor has a track record, what they actually invested in counts next to what they state, more so the more recent deals there are.'}
      </p>
    </div>
  );
}
