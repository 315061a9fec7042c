// Spec §2 / §9: the top 3 matches by score, each with its counterpart and a View Profile link
// (/investor/{id} for startups, /startup/{id} for investors). Empty: 'No matches found'.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Handshake } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { MATCHES_PATH, investorMatchesQuery, startupMatchesQuery } from '@/features/matching/api';
import { cn } from '@/lib/utils';

export const TOP_MATCH_COUNT = 3;

interface MatchRow {
  id: number;
  score: number;
  status: string;
  name: string;
  details: string;
  href: string;
}

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Declined' };

/** The first three by score; the list already comes best first, this keeps it so regardless. */
function topByScore<T extends { score: number }>(matches: readonly T[]): T[] {
  return [...matches].sort((a, b) => b.score - a.score).slice(0, TOP_MATCH_COUNT);
}

function useTopMatches(userType: UserType) {
  const startup = useQuery({ ...startupMatchesQuery, enabled: userType === 'startup' });
  const investor = useQuery({ ...investorMatchesQuery, enabled: userType === 'investor' });
  if (userType === 'startup') {
    const rows: MatchRow[] | undefined = startup.data
      ? topByScore(startup.data).map((match) => ({
          id: match.id,
          score: match.score,
          status: match.status,
          name: match.investor.firmName,
          details: [match.investor.location, match.investor.industryFocus.slice(0, 2).join(', ')].filter(Boolean).join(' · '),
          href: `/investor/${match.investorId}`,
        }))
      : undefined;
    return { rows, query: startup };
  }
  const rows: MatchRow[] | undefined = investor.data
    ? topByScore(investor.data).map((match) => ({
        id: match.id,
        score: match.score,
        status: match.status,
        name: match.startup.companyName,
        details: [match.startup.industry, match.startup.stage, match.startup.location].filter(Boolean).join(' · '),
        href: `/startup/${match.startupId}`,
      }))
    : undefined;
  return { rows, query: investor };
}

function scoreTone(score: number): string {
  if (score >= 75) return 'bg-success/15 text-success';
  if (score >= 50) return 'bg-accent text-accent-foreground';
  return 'bg-muted text-muted-foreground';
}

export function TopMatchesCard({ userType, className }: { userType: UserType; className?: string }) {
  const { rows, query } = useTopMatches(userType);
  const matchesPath = MATCHES_PATH[userType];
  const title = userType === 'startup' ? 'Top Investor Matches' : 'Top Startup Matches';
  return (
    <Card className={className} role="region" aria-labelledby="top-matches-title">
      <CardHeader className="pb-2">
        <CardTitle id="top-matches-title">{title}</CardTitle>
        <CardDescription>Your best {userType === 'startup' ? 'investor' : 'startup'} matches by compatibility score.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Loading matches" className="grid">
            {Array.from({ length: TOP_MATCH_COUNT }, (_, index) => (
              <div key={index} className="flex items-center gap-3 py-3">
                <Skeleton className="size-11 shrink-0 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
                <Skeleton className="h-9 w-24" />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState compact title="We couldn't load your matches" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        ) : !rows || rows.length === 0 ? (
          <EmptyState
            icon={Handshake}
            title="No matches found"
            description={
              userType === 'startup'
                ? 'Generate matches to see the investors that fit your startup best.'
                : 'Startups that fit your investment criteria will appear here, ranked by score.'
            }
            action={
              <Button asChild variant="outline">
                <Link href={matchesPath}>
                  {userType === 'startup' ? 'Go to investor matches' : 'Browse startups'}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
            className="py-8"
            headingLevel={3}
          />
        ) : (
          <ol className="divide-y">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                <div className={cn('flex size-11 shrink-0 flex-col items-center justify-center rounded-full text-sm font-semibold tabular-nums', scoreTone(row.score))}>
                  {row.score}
                  <span className="sr-only">% match</span>
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{row.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{row.details || 'No details yet'}</p>
                </div>
                <Badge variant="outline" className="hidden sm:inline-flex">
                  {STATUS_LABELS[row.status] ?? row.status}
                </Badge>
                <Button asChild variant="outline" size="sm">
                  <Link href={row.href}>
                    View Profile<span className="sr-only"> of {row.name}</span>
                  </Link>
                </Button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <CardFooter className="border-t pt-4">
        <Link
          href={matchesPath}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          View all matches
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </CardFooter>
    </Card>
  );
}
