// /startup/{id}: a startup's public profile, the target of "View Profile" on an investor's match
// cards. The router only lets numeric ids in; the server lets only investors read it.
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/app/paths';
import type { ScreenProps } from '@/app/router';
import { useSignedInUser } from '@/features/auth/api';
import { startupCardQuery } from '@/features/profiles/api';
import { BackLinkRow, PublicProfileProblem, PublicProfileSkeleton, StartupPublicProfile, type BackLink } from '@/features/profiles/components/public-profile';
import { useDocumentTitle } from '@/lib/document-title';

export function StartupPublicProfileScreen({ params }: ScreenProps) {
  const user = useSignedInUser();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(startupCardQuery(Number(params.id)));
  // The browser tab shows the company's name once it is known.
  useDocumentTitle(data?.companyName ?? 'Startup Profile');
  const back: BackLink = user.userType === 'investor' ? { href: paths.matches('investor'), label: 'Back to startups' } : { href: paths.dashboard('startup'), label: 'Back to dashboard' };
  return (
    <>
      <BackLinkRow back={back} />
      {isPending ? (
        <PublicProfileSkeleton label="Loading startup profile" />
      ) : isError ? (
        <PublicProfileProblem
          title="Startup Profile"
          error={error}
          forbiddenTitle="Only investors can view startup profiles"
          forbiddenDescription="Startup profiles are shared with investors looking for their next deal. Your own company profile is on your Profile page."
          notFoundDescription="This startup profile does not exist, or the startup has not set up its profile yet."
          back={back}
          ownProfileHref={paths.profile(user.userType)}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      ) : (
        <StartupPublicProfile startup={data} />
      )}
    </>
  );
}
