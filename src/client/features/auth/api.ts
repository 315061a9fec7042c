// Session state for the whole client: the current-user query is the single
// source of truth for "signed in or not"; login, register and logout write to it directly so
// the guards react without another round trip.
import { createContext, useContext } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { getCurrentUser, login, logout, register, type LoginBody, type RegisterBody, type User } from '@shared/contracts/auth';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { ApiError, api } from '@/lib/api';
import { errorMessage, toast } from '@/lib/use-toast';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

export const currentUserQuery = queryOptions({
  queryKey: authKeys.currentUser(),
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await api(getCurrentUser, { signal });
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

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: LoginBody) => api(login, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.firstName}!` });
      navigate(paths.dashboard(user.userType), { replace: true });
    },
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: RegisterBody) => api(register, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.firstName}!` });
      navigate(paths.dashboard(user.userType), { replace: true });
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const finishSignOut = () => {
    // Signed-out first so the guards stop rendering private screens, then drop every other
    // cached answer: the next account on this browser must not see this one's data.
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    navigate(paths.auth, { replace: true });
    toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
  };
  return useMutation({
    mutationFn: () => api(logout),
    onSuccess: finishSignOut,
    onError: (error) => {
      // A 401 means the session had already ended (expired elsewhere): the user is signed out.
      if (error instanceof ApiError && error.status === 401) return finishSignOut();
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
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
