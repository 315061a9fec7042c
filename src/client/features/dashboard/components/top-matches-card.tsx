// The dashboard's top 3 matches by score (asked of the server 3 at a time), each with its counterpart, the strongest reason for
// the score, and a View Profile link (/investor/{id} for startups, /startup/{id} for investors).
// Empty: 'No matches found'. Kept live: the other party's decisions refetch it.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Handshake } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { PreviewCard } from '@/components/preview-card';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { cn } from '@/lib/utils';
import { investorMatchesQuery, startupMatchesQuery, useLoadPagesUntil } from '@/features/matching/api';
import { topByScore } from '@/features/matching/match-pages';
import { ScoreBadge } from '@/features/matching/components/score-badge';
import { STATUS_LABELS, fromInvestorSide, fromStartupSide, type MatchView } from '@/features/matching/match-view';

export const TOP_MATCH_COUNT = 3;

/**
 * The three best by score, asking the server for three at a time. The list puts connection
 * requests first, so when those fill the first page, the next is loaded until three others are in
 * (topByScore): only then is the top 3 certain. Usually that is the first request.
 */
function useTopMatches(userType: UserType) {
  const startup = useInfiniteQuery({ ...startupMatchesQuery({ limit: TOP_MATCH_COUNT }), enabled: userType === 'startup' });
  const investor = useInfiniteQuery({ ...investorMatchesQuery({ limit: TOP_MATCH_COUNT }), enabled: userType === 'investor' });
  const rows: MatchView[] | null =
    userType === 'startup'
      ? (topByScore(startup.data, TOP_MATCH_COUNT)?.map(fromStartupSide) ?? null)
      : (topByScore(investor.data, TOP_MATCH_COUNT)?.map(fromInvestorSide) ?? null);
  const query = userType === 'startup' ? startup : investor;
  useLoadPagesUntil(query, rows !== null);
  // Still loading while more pages are needed to know the top 3.
  return { rows: rows ?? undefined, query: { ...query, isPending: query.isPending || (rows === null && !query.isError) } };
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
