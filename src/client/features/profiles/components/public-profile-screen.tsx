// The screen around a public profile (/startup/{id}, /investor/{id}): the way back, the loading
// state, and why a profile cannot be shown. The profile itself is public-profile.tsx; each route
// only brings its query and which of the two it renders.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowLeft, SearchX, ShieldAlert } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignedInUser } from '@/features/auth/api';
import { SafetyActions } from '@/features/safety/components/safety-actions';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

interface BackLink {
  href: string;
  label: string;
}

/** What differs between the two screens, by the kind of profile shown. */
const SCREENS: Record<
  UserType,
  { title: string; viewer: UserType; backToMatches: string; forbiddenTitle: string; forbiddenDescription: string; notFoundDescription: string }
> = {
  startup: {
    title: 'Startup Profile',
    viewer: 'investor',
    backToMatches: 'Back to startups',
    forbiddenTitle: 'Only investors can view startup profiles',
    forbiddenDescription: 'Startup profiles are shared with investors looking for their next deal. Your own company profile is on your Profile page.',
    notFoundDescription: 'This startup profile does not exist, or the startup has not set up its profile yet.',
  },
  investor: {
    title: 'Investor Profile',
    viewer: 'startup',
    backToMatches: 'Back to investor matches',
    forbiddenTitle: 'Only startups can view investor profiles',
    forbiddenDescription: 'Investor profiles are shared with startups looking for funding. Your own firm profile is on your Profile page.',
    notFoundDescription: 'This investor profile does not exist, or the investor has not set up a profile yet.',
  },
};

/**
 * A public profile of `kind`. The server lets only the other side read it, so "back" goes to the
 * viewer's matches, or to the dashboard for someone on the same side (who gets the 403 below).
 */
export function PublicProfileScreen<T>({
  kind,
  subjectId,
  query,
  name,
  children,
}: {
  kind: UserType;
  /** The profile owner's user id: Block and Report act on it. */
  subjectId: number;
  query: UseQueryResult<T, Error>;
  /** The profile's name once loaded: the browser tab shows it. */
  name: string | undefined;
  children: (card: T) => ReactNode;
}) {
  const user = useSignedInUser();
  const screen = SCREENS[kind];
  useDocumentTitle(name ?? screen.title);
  const back: BackLink =
    user.userType === screen.viewer
      ? { href: paths.matches(user.userType), label: screen.backToMatches }
      : { href: paths.dashboard(kind), label: 'Back to dashboard' };
  const status = query.error instanceof ApiError ? query.error.status : 0;
  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-2">
        <Link
          href={back.href}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
        {/* Block and Report, for someone on the other side whose profile loaded. */}
        {name && user.userType === screen.viewer && <SafetyActions subject={{ userId: subjectId, name }} />}
      </div>
      {query.isPending ? (
        <PublicProfileSkeleton label={`Loading ${kind} profile`} />
      ) : query.isError ? (
        // Why it cannot be shown: it does not exist (404), this account may not see it (403, the
        // server's role rule), or loading failed (anything else, with a retry).
        <>
          <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">{screen.title}</h1>
          {status === 404 ? (
            <EmptyState
              icon={SearchX}
              title="Profile not found"
              description={screen.notFoundDescription}
              action={
                <LinkButton href={back.href} direction="back">
                  {back.label}
                </LinkButton>
              }
            />
          ) : status === 403 ? (
            <EmptyState
              icon={ShieldAlert}
              title={screen.forbiddenTitle}
              description={screen.forbiddenDescription}
              action={
                <LinkButton href={paths.profile(user.userType)} direction="none">
                  Go to your profile
                </LinkButton>
              }
            />
          ) : (
            <ErrorState
              title="We couldn't load this profile"
              message={query.error.message}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          )}
        </>
      ) : (
        children(query.data)
      )}
    </>
  );
}

function PublicProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6">
      <Card className="overflow-hidden">
        <Skeleton className="h-20 rounded-none sm:h-24" />
        <div className="grid gap-3 px-6 pb-6">
          <Skeleton className="-mt-9 size-[72px] rounded-xl border-4 border-card" />
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="grid gap-3 p-6">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 p-6">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
