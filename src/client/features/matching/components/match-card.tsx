// One match on either screen: the counterpart, the score and why it is what it is (see
// why-this-match.tsx), where the match stands under mutual consent (docs/connections.md), and the
// viewer's own decisions: Accept and Decline (with an optional reason, shared only if asked) while
// they have not answered, Reconsider (after a confirmation) once they declined, Message and the
// other connection-only actions once both accepted. View Profile always; Disconnect (while
// connected), Block and Report in the "more" menu, and who ended an ended connection.
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import {
  BriefcaseBusiness,
  CircleCheck,
  CircleDashed,
  CircleX,
  Clock,
  Hourglass,
  LoaderCircle,
  MapPin,
  MessageSquare,
  RotateCcw,
  ThumbsUp,
  Unplug,
  UserRoundPlus,
} from 'lucide-react';
import type { DeclineReason, MatchDecision, MatchStatus, UserType } from '@shared/enums';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { VerifiedBadge } from '@/components/verified-badge';
import { Button } from '@/components/ui/button';
import { formatMonthDay } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useUpdateMatch } from '../api';
import { SafetyActions } from '@/features/safety/components/safety-actions';
import { STATUS_LABELS, canAnswer, canReconsider, connectionEndedLine, standingLine, type MatchView } from '../match-view';
import { DeclineDialog } from './decline-dialog';
import { ScoreBadge } from './score-badge';
import { WhyThisMatch } from './why-this-match';

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

/** What Reconsider will do, in the confirmation: it depends on the other side's answer. */
function reconsiderText(match: MatchView): string {
  const { name } = match.counterpart;
  if (match.theirDecision === 'accepted')
    return `${name} has already accepted, so you will be connected at once: you can message each other and share documents.`;
  if (match.theirDecision === 'rejected') return `${name} has declined this match too. You will be connected only if they reconsider as well.`;
  return `The match goes back to Pending and waits for ${name}. You will be connected once they accept too.`;
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
  /** After a decision: `from` is the viewer's answer before it, so focus can wait for the list to catch up. */
  onDecided: (matchId: number, position: number, from: MatchDecision) => void;
  /** Extra, side-specific content at the foot of the card (e.g. the startup's data room engagement). */
  footer?: ReactNode;
}) {
  const { counterpart } = match;
  const headingId = useId();
  const update = useUpdateMatch();
  const [isDeclineOpen, setDeclineOpen] = useState(false);
  const [isReconsiderOpen, setReconsiderOpen] = useState(false);
  // Set when a decision made in a dialog succeeded: its close then hands focus to the list, not
  // back to the button that opened it (which may be gone).
  const decidedFrom = useRef<MatchDecision | null>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const reconsiderButton = useRef<HTMLButtonElement>(null);
  const isBusy = update.isPending;
  // Which decision is in flight, so only its own button says so.
  const inFlight = update.isPending ? update.variables : undefined;
  const isAccepting = inFlight?.from === 'pending' && inFlight.body.status === 'accepted';
  const isReconsidering = inFlight?.from === 'rejected';
  const line = standingLine(match);
  const endedLine = connectionEndedLine(match);

  const decide = (status: 'accepted' | 'rejected', reason?: DeclineReason, shareReason = false) => {
    const from = match.myDecision;
    const body = status === 'accepted' ? { status } : { status, ...(reason ? { reason } : {}), ...(shareReason ? { shareReason: true } : {}) };
    update.mutate(
      { id: match.id, name: counterpart.name, from, body },
      {
        onSuccess: () => {
          if (status === 'rejected' || from === 'rejected') {
            // Focus moves on once the dialog has closed (see dialogCloseFocus).
            decidedFrom.current = from;
            setDeclineOpen(false);
            setReconsiderOpen(false);
          } else onDecided(match.id, position, from);
        },
      },
    );
  };

  // The dialogs have no Radix trigger, so focus is placed here: back on the button after a cancel;
  // after a decision, wherever the list decides.
  const dialogCloseFocus = (event: Event, button: RefObject<HTMLButtonElement | null>) => {
    event.preventDefault();
    const from = decidedFrom.current;
    decidedFrom.current = null;
    if (from) onDecided(match.id, position, from);
    else button.current?.focus();
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
            {counterpart.emailVerified && <VerifiedBadge />}
            <StatusBadge status={match.status} />
            {/* Fair intake: the viewer's request waits in the investor's weekly queue, not refused. */}
            {match.requestQueued && (
              <Badge variant="outline">
                <Clock aria-hidden />
                Request queued
              </Badge>
            )}
          </div>
          {counterpart.location && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="min-w-0 truncate">{counterpart.location}</span>
            </p>
          )}
          {match.standing === 'requested' && (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-1 text-sm font-medium text-primary">
              <UserRoundPlus aria-hidden className="size-4 shrink-0" />
              {line}
            </p>
          )}
          {endedLine && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
              <Unplug aria-hidden className="size-4 shrink-0" />
              {endedLine}
            </p>
          )}
        </div>
        <SafetyActions
          subject={{ userId: counterpart.userId, name: counterpart.name }}
          connectedMatchId={match.status === 'accepted' ? match.id : null}
          className="-mt-1 -mr-2"
        />
      </header>

      <CounterpartDetails match={match} />
      <WhyThisMatch matchId={match.id} viewer={viewer} score={match.score} breakdown={match.breakdown} idPrefix={headingId} />

      {footer}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button asChild variant="ghost" className="mr-auto">
          <Link href={counterpart.profileHref}>
            View Profile<span className="sr-only"> of {counterpart.name}</span>
          </Link>
        </Button>
        {match.standing === 'waiting' && (
          <div className="grid justify-items-end gap-0.5">
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Hourglass aria-hidden className="size-4 shrink-0" />
              {line}
            </p>
            {/* The asker's request lapses unanswered after 30 days (docs/intake.md). */}
            {match.requestExpiresAt && <p className="text-xs text-muted-foreground">Expires {formatMonthDay(match.requestExpiresAt)}</p>}
          </div>
        )}
        {match.isDeclinedByThem && (
          <div className="grid justify-items-end text-sm text-muted-foreground">
            <p>{line}</p>
            {match.theirDeclineReason && <p>Their reason: {match.theirDeclineReason}</p>}
          </div>
        )}
        {canAnswer(match) && (
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
        {canReconsider(match) && (
          <Button ref={reconsiderButton} variant="outline" onClick={() => setReconsiderOpen(true)} disabled={isBusy}>
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
        onConfirm={(reason, shareReason) => decide('rejected', reason, shareReason)}
        onCloseAutoFocus={(event) => dialogCloseFocus(event, declineButton)}
      />
      <ConfirmDialog
        open={isReconsiderOpen}
        // Not while the request is in flight: the answer decides what the card shows next.
        onOpenChange={(next) => {
          if (next || !isBusy) setReconsiderOpen(next);
        }}
        title={`Connect with ${counterpart.name}?`}
        description={reconsiderText(match)}
        confirmLabel={isReconsidering ? 'Connecting...' : 'Connect'}
        confirmVariant="default"
        isPending={isBusy}
        onConfirm={(event) => {
          // Kept open until the answer arrives, so a failure is seen where it was asked.
          event.preventDefault();
          decide('accepted');
        }}
        onCloseAutoFocus={(event) => dialogCloseFocus(event, reconsiderButton)}
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
