// The route table and the session guards. Screens are lazy-loaded so the first
// visit only downloads the shell and the screen it needs.
import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { RefreshCw, ServerCrash } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { Button } from '@/components/ui/button';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { useCurrentUser, useSignedInDestination, useSignedInUser, useSignOutWhenSessionEnds } from '@/features/auth/api';
import { authPathReturningTo } from '@/features/auth/return-path';
import { useDocumentTitle } from '@/lib/document-title';
import { NotFoundScreen } from '@/routes/not-found';
import { ROUTES, paths } from './paths';

export interface ScreenProps {
  params: Record<string, string | undefined>;
}

/** A lazy screen whose download preload() can start before it first renders (see AppRouter). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType<ScreenProps>>>, name: Name) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: () => void load() },
  );
}

// The signed-in frame (menus, drawer, popover) is its own chunk, so /auth loads without it.
const loadAppLayout = () => import('./layouts/app-layout');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
const AuthScreen = lazyScreen(() => import('@/routes/auth'), 'AuthScreen');
const ResetPasswordScreen = lazyScreen(() => import('@/routes/reset-password'), 'ResetPasswordScreen');
const VerifyEmailScreen = lazyScreen(() => import('@/routes/verify-email'), 'VerifyEmailScreen');
const UnsubscribeScreen = lazyScreen(() => import('@/routes/unsubscribe'), 'UnsubscribeScreen');
const LinkVisitorScreen = lazyScreen(() => import('@/routes/link-visitor'), 'LinkVisitorScreen');
const StartupDashboardScreen = lazyScreen(() => import('@/routes/dashboard'), 'StartupDashboardScreen');
const StartupProfileScreen = lazyScreen(() => import('@/routes/startup-profile'), 'StartupProfileScreen');
const DataRoomScreen = lazyScreen(() => import('@/routes/startup-data-room'), 'DataRoomScreen');
const InvestorMatchesScreen = lazyScreen(() => import('@/routes/startup-investor-matches'), 'InvestorMatchesScreen');
const CommunicationsScreen = lazyScreen(() => import('@/routes/startup-communications'), 'CommunicationsScreen');
const MilestonesScreen = lazyScreen(() => import('@/routes/startup-milestones'), 'MilestonesScreen');
const InvestorDashboardScreen = lazyScreen(() => import('@/routes/dashboard'), 'InvestorDashboardScreen');
const InvestorProfileScreen = lazyScreen(() => import('@/routes/investor-profile'), 'InvestorProfileScreen');
const StartupsScreen = lazyScreen(() => import('@/routes/investor-startups'), 'StartupsScreen');
const PortfolioScreen = lazyScreen(() => import('@/routes/investor-portfolio'), 'PortfolioScreen');
const AnalyticsScreen = lazyScreen(() => import('@/routes/investor-analytics'), 'AnalyticsScreen');
const InvestorDocumentsScreen = lazyScreen(() => import('@/routes/investor-documents'), 'InvestorDocumentsScreen');
const InvestorMilestonesScreen = lazyScreen(() => import('@/routes/investor-milestones'), 'InvestorMilestonesScreen');
const MessagesScreen = lazyScreen(() => import('@/routes/messages'), 'MessagesScreen');
const ActivityScreen = lazyScreen(() => import('@/routes/activity'), 'ActivityScreen');
const NotificationsScreen = lazyScreen(() => import('@/routes/notifications'), 'NotificationsScreen');
const SettingsScreen = lazyScreen(() => import('@/routes/settings'), 'SettingsScreen');
const DiscoverScreen = lazyScreen(() => import('@/routes/discover'), 'DiscoverScreen');
const StartupPublicProfileScreen = lazyScreen(() => import('@/routes/startup-public-profile'), 'StartupPublicProfileScreen');
const InvestorPublicProfileScreen = lazyScreen(() => import('@/routes/investor-public-profile'), 'InvestorPublicProfileScreen');

interface AppRoute {
  path: string | RegExp;
  /** Only this role may open the screen; the other role is sent to its own dashboard. */
  role?: UserType;
  screen: ReturnType<typeof lazyScreen>;
}

// Every signed-in route (the paths live in ./paths, with the link builders).
const APP_ROUTES: readonly AppRoute[] = [
  { path: ROUTES.home, role: 'startup', screen: StartupDashboardScreen },
  { path: ROUTES.startupDashboard, role: 'startup', screen: StartupDashboardScreen },
  { path: ROUTES.startupProfile, role: 'startup', screen: StartupProfileScreen },
  { path: ROUTES.startupDataRoom, role: 'startup', screen: DataRoomScreen },
  { path: ROUTES.startupInvestorMatches, role: 'startup', screen: InvestorMatchesScreen },
  { path: ROUTES.startupCommunications, role: 'startup', screen: CommunicationsScreen },
  { path: ROUTES.startupMilestones, role: 'startup', screen: MilestonesScreen },
  { path: ROUTES.investorDashboard, role: 'investor', screen: InvestorDashboardScreen },
  { path: ROUTES.investorProfile, role: 'investor', screen: InvestorProfileScreen },
  { path: ROUTES.investorStartups, role: 'investor', screen: StartupsScreen },
  { path: ROUTES.investorPortfolio, role: 'investor', screen: PortfolioScreen },
  { path: ROUTES.investorAnalytics, role: 'investor', screen: AnalyticsScreen },
  { path: ROUTES.investorDocuments, role: 'investor', screen: InvestorDocumentsScreen },
  { path: ROUTES.investorMilestones, role: 'investor', screen: InvestorMilestonesScreen },
  { path: ROUTES.messages, screen: MessagesScreen },
  { path: ROUTES.activity, screen: ActivityScreen },
  { path: ROUTES.notifications, screen: NotificationsScreen },
  { path: ROUTES.settings, screen: SettingsScreen },
  { path: ROUTES.discover, screen: DiscoverScreen },
  { path: ROUTES.startupPublicProfile, screen: StartupPublicProfileScreen },
  { path: ROUTES.investorPublicProfile, screen: InvestorPublicProfileScreen },
];

/**
 * The screens opened from emailed links. They work signed in or not (the link's token is the
 * proof), so neither guard stands in front of them, and they are never a return path (PUBLIC_ROUTES).
 */
const LINK_ROUTES: readonly AppRoute[] = [
  { path: ROUTES.resetPassword, screen: ResetPasswordScreen },
  { path: ROUTES.verifyEmail, screen: VerifyEmailScreen },
  { path: ROUTES.unsubscribe, screen: UnsubscribeScreen },
  // A secure link's page (issue #20), for visitors who have no account at all.
  { path: ROUTES.linkVisitor, screen: LinkVisitorScreen },
];

/** Whether a route's path names this address: ROUTES holds fixed paths and two patterns. */
const routeNames = (path: string | RegExp, location: string) => (typeof path === 'string' ? location.replace(/(.)\/$/, '$1') === path : path.test(location));

/**
 * Starts downloading the code an address shows: the sign-in screen, or the signed-in frame and
 * the screen. main.tsx calls it before React's first render, as the session check starts, so both
 * travel while the entry renders its spinner; the router calls it again on every navigation. If
 * the guess is wrong (a signed-out visitor to a signed-in address), the browser has only cached a
 * chunk early.
 */
export function preloadCodeFor(location: string): void {
  if (routeNames(ROUTES.auth, location)) return AuthScreen.preload();
  const linkRoute = LINK_ROUTES.find(({ path }) => routeNames(path, location));
  if (linkRoute) return linkRoute.screen.preload();
  const appRoute = APP_ROUTES.find(({ path }) => routeNames(path, location));
  if (!appRoute) return;
  void loadAppLayout();
  appRoute.screen.preload();
}

export function AppRouter() {
  const [location] = useLocation();
  const { parser } = useRouter();
  // Decided before the session guard so an unknown path shows the 404 page even when signed out.
  const isAppRoute = APP_ROUTES.some(({ path }) => matchRoute(parser, path, location)[0]);
  // The code this address shows downloads alongside the session check (GET /api/user), not after
  // it: the guards below render only a spinner until the check answers.
  useEffect(() => preloadCodeFor(location), [location]);
  return (
    <Switch>
      <Route path={ROUTES.auth} component={AuthRoute} />
      {LINK_ROUTES.map(({ path, screen: Screen }) => (
        <Route key={String(path)} path={path}>
          {(params) => (
            <Suspense fallback={<FullPageSpinner label="Loading" />}>
              <Screen params={params as ScreenProps['params']} />
            </Suspense>
          )}
        </Route>
      ))}
      {/* One element for the whole signed-in area keeps the layout mounted between screens. */}
      {isAppRoute ? <Route component={SignedInArea} /> : <Route component={NotFoundScreen} />}
    </Switch>
  );
}

function AuthRoute() {
  const { data: user, isPending } = useCurrentUser();
  const destinationFor = useSignedInDestination();
  if (isPending) return <FullPageSpinner label="Loading your account" />;
  // Already signed in (or just signed in): on to the deep link in ?next=, else the dashboard.
  if (user) return <Redirect to={destinationFor(user)} replace />;
  // If the session check itself failed (server unreachable) the forms still show: signing in
  // reports the problem in a toast, which is more useful than a dead end.
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <AuthScreen params={{}} />
    </Suspense>
  );
}

function SignedInArea() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  useSignOutWhenSessionEnds(Boolean(user));
  if (isPending) return <FullPageSpinner label="Loading your account" />;
  if (isError) return <SessionError message={error.message} isRetrying={isFetching} onRetry={() => void refetch()} />;
  // Signed out: sign in first, then come back to this very address (/auth?next=…).
  if (!user) return <Redirect to={authPathReturningTo(search ? `${location}?${search}` : location)} replace />;
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <AppLayout>
        <Suspense fallback={<Spinner label="Loading page" className="flex justify-center py-24" />}>
          <Switch>
            {APP_ROUTES.map(({ path, role, screen: Screen }) => (
              <Route key={String(path)} path={path}>
                {(params) => (
                  <RoleGate role={role}>
                    <Screen params={params as ScreenProps['params']} />
                  </RoleGate>
                )}
              </Route>
            ))}
          </Switch>
        </Suspense>
      </AppLayout>
    </Suspense>
  );
}

function RoleGate({ role, children }: { role?: UserType; children: ReactNode }) {
  const user = useSignedInUser();
  if (role && user.userType !== role) return <Redirect to={paths.dashboard(user.userType)} replace />;
  return children;
}

function SessionError({ message, isRetrying, onRetry }: { message: string; isRetrying: boolean; onRetry: () => void }) {
  useDocumentTitle('Connection problem');
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ServerCrash aria-hidden className="size-6" />
        </div>
        <h1 className="text-xl font-semibold">We couldn't load your account</h1>
        <p className="mt-2 text-sm text-muted-foreground">{message}</p>
        <Button className="mt-6" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
          {isRetrying ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    </main>
  );
}
