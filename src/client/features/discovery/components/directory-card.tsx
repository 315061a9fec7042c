// One profile in the directory: the counterpart's match-card fields, the viewer's score with its
// top reason, and the two actions: View Profile, and Connect in the state the match is in
// (Connect; Accept when they asked; "Waiting for {name}"; "Request queued" while fair intake holds it;
// Message once connected).
import { useId } from 'react';
import { Link } from 'wouter';
import { MapPin, Sparkles } from 'lucide-react';
import type { DirectoryCard as DirectoryCardData } from '@shared/contracts/discovery';
import type { UserType } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { VerifiedBadge } from '@/components/verified-badge';
import { ScoreBadge } from '@/features/matching/components/score-badge';
import { cardView } from '../directory-filters';
import { ConnectAction } from './connect-action';

export function DirectoryCard({ card, viewer }: { card: DirectoryCardData; viewer: UserType }) {
  const view = cardView(card);
  const headingId = useId();

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
        <ConnectAction userId={view.id} name={view.name} match={card.match} viewer={viewer} />
      </div>
    </article>
  );
}
