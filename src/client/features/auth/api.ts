// Session state for the whole client: the current-user query is the single
// source of truth for "signed in or not"; login, register and logout write to it directly so
// the guards react without another round trip. Signing in returns to the deep link that sent
// the visitor to /auth (return-path.ts); a session that ends elsewhere sends this tab there too.
import { createContext, useContext, useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
// Types only from the contracts: their schemas would bring zod onto /auth (see ./endpoints).
import type { LoginBody, RegisterBody, User } from '@shared/contracts/auth';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { ApiError, SESSION_ENDED_MESSAGE, api, forgetKeptAnswers, onSessionEnded } from '@/lib/api';
import { errorMessage, toast } from '@/lib/use-toast';
import { authEndpoints } from './endpoints';
import { authPathReturningTo, returnPathFromSearch } from './return-path';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

export const currentUserQuery = queryOptions({
  queryKey: authKeys.currentUser(),
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await api(authEndpoints.getCurrentUser, { signal });
    } catch (error) {
      // 401 is the normal signed-out answer, not a failure; anything else (server down) is.
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export const USER_TYPE_LABELS: Record<UserType, string> = { startup: 'Startup', investor: 'Investor' };

/** Where a signed-in user goes from /auth: the deep link in `?next=`, else their dashboard. */
export function useSignedInDestination(): (user: User) => string {
  const returnPath = returnPathFromSearch(useSearch());
  return (user) => returnPath ?? paths.dashboard(user.userType);
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const destinationFor = useSignedInDestination();
  return useMutation({
    // A 401 here is the answer "wrong username or password", not a session that ended.
    mutationFn: (body: LoginBody) => api(authEndpoints.login, { body, expectsUnauthorized: true }),
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.firstName}!` });
      navigate(destinationFor(user), { replace: true });
    },
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const destinationFor = useSignedInDestination();
  return useMutation({
    mutationFn: (body: RegisterBody) => api(authEndpoints.register, { body, expectsUnauthorized: true }),
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.firstName}!` });
      navigate(destinationFor(user), { replace: true });
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const finishSignOut = () => {
    forgetSignedInUser(queryClient);
    navigate(paths.auth, { replace: true });
    toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
  };
  return useMutation({
    // Its own 401 is handled below, with the usual "Logged out" notice.
    mutationFn: () => api(authEndpoints.logout, { expectsUnauthorized: true }),
    onSuccess: finishSignOut,
    onError: (error) => {
      // A 401 means the session had already ended (expired elsewhere): the user is signed out.
      if (error instanceof ApiError && error.status === 401) return finishSignOut();
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}

/**
 * Signed in (or registered, or a password reset) in this tab: a new account, so nothing kept for
 * another one is reused. A reset link can be opened in a browser still signed in as someone else,
 * so the other cached answers go too (after a sign-in from /auth there are none to drop).
 */
export function rememberSignedInUser(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  forgetKeptAnswers();
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/**
 * Signed out in this tab: signed-out first so the guards stop rendering private screens, then
 * every other cached answer dropped, so the next account on this browser never sees this one's.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  forgetKeptAnswers();
}

/** The history state /auth is opened with when the session ended under the user's feet, or with the account. */
interface AuthScreenState {
  isSessionEnded?: boolean;
  isAccountDeleted?: boolean;
}

/** Said on /auth after the account was deleted from Settings. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. Thank you for using VentureMatch.';

/**
 * While signed in, a 401 from any call means the session ended elsewhere (signed out in another
 * tab, expired, revoked): forget the account's data instead of showing it stale, and go to /auth,
 * which says so and returns here after signing in. Only the signed-in area subscribes, so the
 * first session check and the sign-in form's own 401 never count.
 */
export function useSignOutWhenSessionEnds(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isSignedIn) return;
    // Several calls can fail at once; the first one decides where to return to.
    let hasEnded = false;
    return onSessionEnded(() => {
      if (hasEnded) return;
      hasEnded = true;
      const returnTo = `${window.location.pathname}${window.location.search}`;
      forgetSignedInUser(queryClient);
      const state: AuthScreenState = { isSessionEnded: true };
      navigate(authPathReturningTo(returnTo), { replace: true, state });
    });
  }, [isSignedIn, queryClient, navigate]);
}

/**
 * What /auth says above its forms when it was opened for a reason: the session ended
 * (useSignOutWhenSessionEnds) or the account was deleted (useSignOutAfterAccountDeleted). The
 * reason travels as history state, not in the URL, so a reload or a shared link never repeats it.
 */
export function useAuthScreenNotice(): string | null {
  const state = useHistoryState<AuthScreenState | null>();
  if (state?.isAccountDeleted) return ACCOUNT_DELETED_MESSAGE;
  if (state?.isSessionEnded) return SESSION_ENDED_MESSAGE;
  return null;
}

/**
 * The account is gone (the server ended its sessions and cleared the cookie): forget it here as a
 * sign-out does, and open /auth saying so.
 */
export function useSignOutAfterAccountDeleted(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    forgetSignedInUser(queryClient);
    const state: AuthScreenState = { isAccountDeleted: true };
    navigate(paths.auth, { replace: true, state });
  };
}

/**
 * The signed-in user for screens inside the app layout. The layout only renders its children
 * once a user exists, so screens never have to handle the signed-out case themselves.
 */
export const SignedInUserContext = createContext<User | null>(null);

export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser() is only available inside the signed-in app layout.');
  return user;
}
