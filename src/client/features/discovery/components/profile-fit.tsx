// "Your match" on a public profile (issue #19, "Public profiles that help decide"): the viewer's
// score with this person, why (the top reasons, the biggest shortfall, every component on request),
// and what the viewer can do about it (Connect, Accept, "Waiting for {name}", "Request queued", Message).
// Read from GET /api/matches/with/:userId, under the match keys, so any decision refreshes it.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignedInUser } from '@/features/auth/api';
import { fitWithQuery } from '@/features/matching/api';
import { ScoreBadge } from '@/features/matching/components/score-badge';
import { WhyThisMatch } from '@/features/matching/components/why-this-match';
import { ConnectAction } from './connect-action';

export function ProfileFit({ userId, name }: { userId: number; name: string }) {
  const user = useSignedInUser();
  const headingId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(fitWithQuery(userId));
  return (
    <Card aria-labelledby={headingId} role="region" className="mt-6">
      <CardContent className="grid gap-4 p-5 sm:p-6">
        <h2 id={headingId} className="text-lg font-semibold">
          Your match
        </h2>
        {isPending ? (
          <div role="status" aria-label="Loading your match" className="flex items-center gap-4">
            <Skeleton className="size-14 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ) : isError ? (
          <ErrorState compact title="We couldn't load your match" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : (
          <>
            {data.score === null ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground">Complete your profile to see how well you match: scores are computed from it.</p>
                <LinkButton href={paths.profile(user.userType)} direction="none" variant="outline">
                  Go to your profile
                </LinkButton>
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
                <ScoreBadge score={data.score} />
                {data.match ? (
                  <WhyThisMatch matchId={data.match.id} viewer={user.userType} score={data.score} breakdown={data.match.breakdown} idPrefix={`fit-${userId}`} />
                ) : (
                  <WhyThisMatch matchId={null} viewer={user.userType} score={data.score} breakdown={data.breakdown} idPrefix={`fit-${userId}`} />
                )}
              </div>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
              <ConnectAction userId={userId} name={name} match={data.match} viewer={user.userType} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
