// /startup/{id}: a startup's public profile, the target of "View Profile" on an investor's match
// cards. The router only lets numeric ids in; the server lets only investors read it.
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '@/app/router';
import { startupCardQuery } from '@/features/profiles/api';
import { ProfileFit } from '@/features/discovery/components/profile-fit';
import { StartupPublicProfile } from '@/features/profiles/components/public-profile';
import { PublicProfileScreen } from '@/features/profiles/components/public-profile-screen';

export function StartupPublicProfileScreen({ params }: ScreenProps) {
  const query = useQuery(startupCardQuery(Number(params.id)));
  return (
    <PublicProfileScreen kind="startup" subjectId={Number(params.id)} query={query} name={query.data?.companyName}>
      {(startup) => (
        <>
          <StartupPublicProfile startup={startup} />
          <ProfileFit userId={startup.id} name={startup.companyName} />
        </>
      )}
    </PublicProfileScreen>
  );
}
