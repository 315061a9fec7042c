// One profile in the directory: the counterpart's match-card fields, the viewer's score with its
// top reason, and the two actions: View Profile, and Connect in the state the match is in
// (Connect; Accept when they asked; "Request sent"; "Request queued" while fair intake holds it;
// Message once connected).
import { useId } from 'react';
import { Link } from 'wouter';
import { CircleX, Clock, MapPin, MessageSquare, Send, Sparkles, ThumbsUp, UserRoundPlus } from 'lucide-react';
import type { DirectoryCard as DirectoryCardData } from '@shared/contracts/discovery';
import type { UserType } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { Button, PendingLabel } from '@/components/ui/button';
import { VerifiedBadge } from '@/components/verified-badge';
import { ScoreBadge } from '@/features/matching/components/score-badge';
import { useConnect } from '../api';
import { cardView, connectStateOf } from '../directory-filters';

export function DirectoryCard({ card, viewer }: { card: DirectoryCardData; viewer: UserType }) {
  const view = cardView(card);
  const state = connectStateOf(card, viewer, view.id);
  const headingId = useId();
  const connect = useConnect();
  const isConnecting = connect.isPending;
  const onConnect = () => connect.mutate({ userId: view.id, name: view.name });

  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <header className="flex items-start gap-4">
        {card.score === null ? (
          <div
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted text-xs text-muted-foreground"
            title="Complete your profile to see scores"
          >
            <span aria-hidden>–</span>
            <span className="sr-only">No score yet</span>
          </div>
        ) : (
          <ScoreBadge score={card.score} />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h2 id={headingId} className="min-w-0 text-lg leading-tight font-semibold break-words">
              {view.name}
            </h2>
            {view.emailVerified && <VerifiedBadge />}
            {view.activeLabel && (
              <Badge variant="accent">
                <Sparkles aria-hidden />
                {view.activeLabel}
              </Badge>
            )}
          </div>
          {(view.location || view.country) && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="min-w-0 truncate">{view.location ?? view.country}</span>
            </p>
          )}
          {card.topReason && <p className="mt-2 text-sm">{card.topReason}</p>}
        </div>
      </header>

      {view.facts.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          {view.facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {view.industries.length > 0 && (
        <ul aria-label="Industries" className="flex flex-wrap gap-1.5">
          {view.industries.map((industry) => (
            <li key={industry}>
              <Badge variant="secondary">{industry}</Badge>
            </li>
          ))}
        </ul>
      )}
      {view.description && <p className="line-clamp-3 text-sm text-muted-foreground">{view.description}</p>}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button asChild variant="ghost" className="mr-auto">
          <Link href={view.profileHref}>
            View Profile<span className="sr-only"> of {view.name}</span>
          </Link>
        </Button>
        {state.kind === 'connect' && (
          <Button onClick={onConnect} disabled={isConnecting}>
            <UserRoundPlus aria-hidden />
            <PendingLabel isPending={isConnecting} pendingText="Connecting…">
              Connect<span className="sr-only"> with {view.name}</span>
            </PendingLabel>
          </Button>
        )}
        {state.kind === 'accept' && (
          <Button onClick={onConnect} disabled={isConnecting}>
            <ThumbsUp aria-hidden />
            <PendingLabel isPending={isConnecting} pendingText="Accepting…">
              Accept<span className="sr-only"> {view.name}’s request</span>
            </PendingLabel>
          </Button>
        )}
        {state.kind === 'sent' && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Send aria-hidden className="size-4 shrink-0" />
            Request sent
          </p>
        )}
        {state.kind === 'queued' && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock aria-hidden className="size-4 shrink-0" />
            Request queued
          </p>
        )}
        {state.kind === 'declined' && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CircleX aria-hidden className="size-4 shrink-0" />
            Declined
          </p>
        )}
        {state.kind === 'connected' && (
          <Button asChild variant="outline">
            <Link href={state.messageHref}>
              <MessageSquare aria-hidden />
              Message<span className="sr-only"> {view.name}</span>
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}
