// The dashboard's top 3 matches by score, each with its counterpart, the strongest reason for
// the score, and a View Profile link (/investor/{id} for startups, /startup/{id} for investors).
// Empty: 'No matches found'. Kept live: the other party's decisions refetch it.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Handshake } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { PreviewCard } from '@/components/preview-card';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { cn } from '@/lib/utils';
import { investorMatchesQuery, startupMatchesQuery } from '@/features/matching/api';
import { ScoreBadge } from '@/features/matching/components/score-badge';
import { STATUS_LABELS, fromInvestorSide, fromStartupSide, type MatchView } from '@/features/matching/match-view';

export const TOP_MATCH_COUNT = 3;

/** The first three by score; the list already comes best first, this keeps it so regardless. */
function topByScore<T extends { score: number }>(matches: readonly T[]): T[] {
  return [...matches].sort((a, b) => b.score - a.score).slice(0, TOP_MATCH_COUNT);
}

function useTopMatches(userType: UserType): { rows: MatchView[] | undefined; query: UseQueryResult<unknown, Error> } {
  const startup = useQuery({ ...startupMatchesQuery, enabled: userType === 'startup' });
  const investor = useQuery({ ...investorMatchesQuery, enabled: userType === 'investor' });
  if (userType === 'startup') return { rows: startup.data && topByScore(startup.data).map(fromStartupSide), query: startup };
  return { rows: investor.data && topByScore(investor.data).map(fromInvestorSide), query: investor };
}

/** One line under the name: where they are and what they do, in the card's words. */
function detailsOf(row: MatchView): string {
  const { counterpart } = row;
  return [counterpart.location, counterpart.industries.slice(0, 2).join(', '), counterpart.facts[0]?.value].filter(Boolean).join(' · ');
}

export function TopMatchesCard({ userType, className }: { userType: UserType; className?: string }) {
  const { rows, query } = useTopMatches(userType);
  const matchesPath = paths.matches(userType);
  return (
    <PreviewCard
      titleId="top-matches-title"
      title={userType === 'startup' ? 'Top Investor Matches' : 'Top Startup Matches'}
      description={`Your best ${userType === 'startup' ? 'investor' : 'startup'} matches by compatibility score.`}
      // min-w-0: a long top reason is truncated to the card, never widening the dashboard's grid at 375px.
      className={cn('min-w-0', className)}
      query={query}
      data={rows}
      loading={<ListSkeleton label="Loading matches" rows={TOP_MATCH_COUNT} leadingClassName="size-11 rounded-full" hasAction />}
      errorTitle="We couldn't load your matches"
      isEmpty={(matches) => matches.length === 0}
      empty={{
        icon: Handshake,
        title: 'No matches found',
        description:
          userType === 'startup'
            ? 'Generate matches to see the investors that fit your startup best.'
            : 'Startups that fit your investment criteria will appear here, ranked by score.',
        action: <LinkButton href={matchesPath}>{userType === 'startup' ? 'Go to investor matches' : 'Browse startups'}</LinkButton>,
      }}
      footer={{ href: matchesPath, label: 'View all matches' }}
    >
      {(matches) => (
        <ol className="divide-y">
          {matches.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <ScoreBadge score={row.score} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{row.counterpart.name}</p>
                <p className="truncate text-xs text-muted-foreground">{detailsOf(row) || 'No details yet'}</p>
                {row.breakdown?.topReasons[0] && <p className="mt-0.5 truncate text-xs">{row.breakdown.topReasons[0]}</p>}
              </div>
              <Badge variant="outline" className="hidden sm:inline-flex">
                {STATUS_LABELS[row.status]}
              </Badge>
              <Button asChild variant="outline" size="sm">
                <Link href={row.counterpart.profileHref}>
                  View Profile<span className="sr-only"> of {row.counterpart.name}</span>
                </Link>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </PreviewCard>
  );
}
