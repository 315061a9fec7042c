// /investor/{id}: an investor's public profile, the target of "View Profile" on a startup's
// match cards. The router only lets numeric ids in; the server lets only startups read it.
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/app/paths';
import type { ScreenProps } from '@/app/router';
import { useSignedInUser } from '@/features/auth/api';
import { investorCardQuery } from '@/features/profiles/api';
import { BackLinkRow, InvestorPublicProfile, PublicProfileProblem, PublicProfileSkeleton, type BackLink } from '@/features/profiles/components/public-profile';
import { useDocumentTitle } from '@/lib/document-title';

export function InvestorPublicProfileScreen({ params }: ScreenProps) {
  const user = useSignedInUser();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(investorCardQuery(Number(params.id)));
  // The browser tab shows the firm's name once it is known.
  useDocumentTitle(data?.firmName ?? 'Investor Profile');
  const back: BackLink = user.userType === 'startup' ? { href: paths.matches('startup'), label: 'Back to investor matches' } : { href: paths.dashboard('investor'), label: 'Back to dashboard' };
  return (
    <>
      <BackLinkRow back={back} />
      {isPending ? (
        <PublicProfileSkeleton label="Loading investor profile" />
      ) : isError ? (
        <PublicProfileProblem
          title="Investor Profile"
          error={error}
          forbiddenTitle="Only startups can view investor profiles"
          forbiddenDescription="Investor profiles are shared with startups looking for funding. Your own firm profile is on your Profile page."
          notFoundDescription="This investor profile does not exist, or the investor has not set up a profile yet."
          back={back}
          ownProfileHref={paths.profile(user.userType)}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      ) : (
        <InvestorPublicProfile investor={data} />
      )}
    </>
  );
}

