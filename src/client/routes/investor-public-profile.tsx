// /investor/{id}: an investor's public profile, the target of "View Profile" on a startup's
// match cards. The router only lets numeric ids in; the server lets only startups read it.
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '@/app/router';
import { investorCardQuery } from '@/features/profiles/api';
import { ProfileFit } from '@/features/discovery/components/profile-fit';
import { InvestorPublicProfile } from '@/features/profiles/components/public-profile';
import { PublicProfileScreen } from '@/features/profiles/components/public-profile-screen';

export function InvestorPublicProfileScreen({ params }: ScreenProps) {
  const query = useQuery(investorCardQuery(Number(params.id)));
  return (
    <PublicProfileScreen kind="investor" subjectId={Number(params.id)} query={query} name={query.data?.firmName}>
      {(investor) => (
        <>
          <InvestorPublicProfile investor={investor} />
          <ProfileFit userId={investor.id} name={investor.firmName} />
        </>
      )}
    </PublicProfileScreen>
  );
}
