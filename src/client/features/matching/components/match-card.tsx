// One match on either screen: the counterpart, the score and why it is what it is (the top
// reasons, the biggest shortfall, both one-sided fits, and on demand every component; see
// docs/matching.md, "Explanations"), and the decisions: Accept and Decline (with an optional
// reason) while pending, Reconsider once rejected (only by the side that declined), Message once
// accepted. View Profile always.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Ban, BriefcaseBusiness, ChevronDown, CircleCheck, CircleDashed, CircleX, LoaderCircle, MapPin, MessageSquare, RotateCcw, ThumbsUp, TriangleAlert } from 'lucide-react';
import type { MatchBreakdown } from '@shared/contracts/matches';
import type { DeclineReason, MatchStatus, UserType } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useUpdateMatch } from '../api';
import { STATUS_LABELS, componentsFor, fitsFor, type MatchView } from '../match-view';
import { DeclineDialog } from './decline-dialog';
import { ScoreBadge } from './score-badge';

const STATUS_ICONS = { pending: CircleDashed, accepted: CircleCheck, rejected: CircleX } as const;

function StatusBadge({ status }: { status: MatchStatus }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge variant={status === 'accepted' ? 'accent' : 'outline'} className={cn(status === 'rejected' && 'text-muted-foreground')}>
      <Icon aria-hidden />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function MatchCard({
  match,
  viewer,
  position,
  onDecided,
  footer,
}: {
  match: MatchView;
  viewer: UserType;
  /** The card's place in the visible list, so focus can land on its neighbour if it leaves the tab. */
  position: number;
  /** After a decision: `from` is the status before it, so focus can wait for the list to catch up. */
  onDecided: (matchId: number, position: number, from: MatchStatus) => void;
  /** Extra, side-specific content at the foot of the card (e.g. the startup's data room engagement). */
  footer?: ReactNode;
}) {
  const { counterpart } = match;
  const headingId = useId();
  const update = useUpdateMatch();
  const [isDeclineOpen, setDeclineOpen] = useState(false);
  // Set when a decline succeeded: the dialog's close then hands focus to the list, not the button.
  const declinedFrom = useRef<MatchStatus | null>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const isBusy = update.isPending;
  // Which decision is in flight, so only its own button says so.
  const inFlight = update.isPending ? update.variables : undefined;
  const isAccepting = inFlight?.from === 'pending' && inFlight.body.status === 'accepted';
  const isReconsidering = inFlight?.from === 'rejected';

  const decide = (status: 'accepted' | 'rejected', reason?: DeclineReason) => {
    const from = match.status;
    update.mutate(
      { id: match.id, name: counterpart.name, from, body: reason ? { status, reason } : { status } },
      {
        onSuccess: () => {
          if (status === 'rejected') {
            // Focus moves on once the dialog has closed (see onCloseAutoFocus).
            declinedFrom.current = from;
            setDeclineOpen(false);
          } else onDecided(match.id, position, from);
        },
      },
    );
  };

  return (
    <article
      id={`match-card-${match.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-busy={isBusy || undefined}
      className="grid gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
    >
      <header className="flex items-start gap-4">
        <ScoreBadge score={match.score} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h3 id={headingId} className="min-w-0 text-lg leading-tight font-semibold break-words">
              {counterpart.name}
            </h3>
            <StatusBadge status={match.status} />
          </div>
          {counterpart.location && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="min-w-0 truncate">{counterpart.location}</span>
            </p>
          )}
        </div>
      </header>

      <CounterpartDetails match={match} />
      <WhyThisMatch viewer={viewer} score={match.score} breakdown={match.breakdown} idPrefix={headingId} />

      {footer}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button asChild variant="ghost" className="mr-auto">
          <Link href={counterpart.profileHref}>
            View Profile<span className="sr-only"> of {counterpart.name}</span>
          </Link>
        </Button>
        {match.status === 'pending' && (
          <>
            <Button ref={declineButton} variant="outline" onClick={() => setDeclineOpen(true)} disabled={isBusy}>
              <CircleX aria-hidden />
              Decline<span className="sr-only"> {counterpart.name}</span>
            </Button>
            <Button onClick={() => decide('accepted')} disabled={isBusy}>
              {isAccepting ? <LoaderCircle aria-hidden className="animate-spin" /> : <ThumbsUp aria-hidden />}
              {isAccepting ? 'Accepting...' : 'Accept'}
              <span className="sr-only"> {counterpart.name}</span>
            </Button>
          </>
        )}
        {match.status === 'rejected' && match.isDeclinedByThem && <p className="text-sm text-muted-foreground">Declined by {counterpart.name}</p>}
        {match.status === 'rejected' && !match.isDeclinedByThem && (
          <Button variant="outline" onClick={() => decide('accepted')} disabled={isBusy}>
            {isReconsidering ? <LoaderCircle aria-hidden className="animate-spin" /> : <RotateCcw aria-hidden />}
            {isReconsidering ? 'Accepting...' : 'Reconsider'}
            <span className="sr-only"> {counterpart.name}</span>
          </Button>
        )}
        {match.status === 'accepted' && counterpart.addToPortfolioHref && (
          <Button asChild variant="outline">
            <Link href={counterpart.addToPortfolioHref}>
              <BriefcaseBusiness aria-hidden />
              Add to portfolio<span className="sr-only"> {counterpart.name}</span>
            </Link>
          </Button>
        )}
        {match.status === 'accepted' && (
          <Button asChild>
            <Link href={counterpart.messageHref}>
              <MessageSquare aria-hidden />
              Message<span className="sr-only"> {counterpart.name}</span>
            </Link>
          </Button>
        )}
      </div>

      <DeclineDialog
        name={counterpart.name}
        open={isDeclineOpen}
        onOpenChange={setDeclineOpen}
        isPending={isBusy}
        onConfirm={(reason) => decide('rejected', reason)}
        onCloseAutoFocus={(event) => {
          // The dialog has no Radix trigger, so focus is placed here: back on Decline after a
          // cancel; after a decline (the button is gone) wherever the list decides.
          event.preventDefault();
          const from = declinedFrom.current;
          declinedFrom.current = null;
          if (from) onDecided(match.id, position, from);
          else declineButton.current?.focus();
        }}
      />
    </article>
  );
}

function CounterpartDetails({ match }: { match: MatchView }) {
  const { counterpart } = match;
  return (
    <div className="grid gap-3">
      {(counterpart.industries.length > 0 || counterpart.facts.length > 0) && (
        <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
          {counterpart.industries.length > 0 && (
            <div className="grid min-w-0 content-start gap-1">
              <dt className="text-xs font-medium text-muted-foreground">{counterpart.industries.length > 1 ? 'Industry focus' : 'Industry'}</dt>
              <dd>
                <ul className="flex flex-wrap gap-1.5">
                  {counterpart.industries.map((industry) => (
                    <li key={industry}>
                      <Badge variant="accent">{industry}</Badge>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          {counterpart.facts.map((fact) => (
            <div key={fact.label} className="grid min-w-0 content-start gap-1">
              <dt className="text-xs font-medium text-muted-foreground">{fact.label}</dt>
              <dd className="break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {counterpart.description && <p className="line-clamp-3 text-sm leading-relaxed break-words text-muted-foreground">{counterpart.description}</p>}
    </div>
  );
}

/** "Why this match": the guide's explanation, short by default, every component on request. */
function WhyThisMatch({ viewer, score, breakdown, idPrefix }: { viewer: UserType; score: number; breakdown: MatchBreakdown | null; idPrefix: string }) {
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
          {isExpanded && <ScoreDetails viewer={viewer} breakdown={breakdown} />}
        </div>
      </div>
    </section>
  );
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
                <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div className={cn('h-full rounded-full', component.value === null ? 'bg-muted-foreground/40' : 'bg-primary')} style={{ width: `${Math.round((component.value ?? 0.5) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="text-xs text-muted-foreground md:col-span-2">
        Each side&apos;s fit adds up the points of its components; anything unknown counts as half. The score combines the two fits so that the weaker one weighs most: a match has to suit both sides.
      </p>
    </div>
  );
}
