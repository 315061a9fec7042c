// The account (issue #17; docs/decisions/0038): recovering the password from /auth and the emailed
// link, verifying and changing the address, the password, where the account is signed in, the
// export and deletion. The answers that are the account itself (a reset, a verification, an address
// change) are written into the current-user query, as sign-in does, so the banner, the menus and
// Settings change at once. Failures are shown by the form that asked, in the server's words.
// Also how the account hears about things (issue #18): the notification preferences, the browser's
// time zone stored once, and the emailed unsubscribe link.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endAccountSession,
  forgotPassword,
  listAccountSessions,
  resendEmailVerification,
  resetPassword,
  revokeOtherSessions,
  verifyEmail,
  type AccountSession,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from '@shared/contracts/account';
import type { User } from '@shared/contracts/auth';
import {
  getNotificationPreferences,
  unsubscribe,
  updateNotificationPreferences,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '@shared/contracts/notification-preferences';
import { paths } from '@/app/paths';
import { currentUserQuery, rememberSignedInUser, useSignOutAfterAccountDeleted } from '@/features/auth/api';
import { api } from '@/lib/api';
import { errorMessage, toast } from '@/lib/use-toast';
import { describeSession, endedSessionsSentence } from './account-view';

export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  notificationPreferences: () => [...accountKeys.all, 'notification-preferences'] as const,
  /** Settings › Deal flow: the week's request count and queue change with every request (live). */
  intakeSettings: () => [...accountKeys.all, 'intake-settings'] as const,
};

export const accountSessionsQuery = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: ({ signal }) => api(listAccountSessions, { signal }),
});

export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences(),
  queryFn: ({ signal }) => api(getNotificationPreferences, { signal }),
});

/** POST /api/password/forgot: the answer is the same sentence whatever the address. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => api(forgotPassword, { body }) });
}

/** POST /api/password/reset: the browser is signed in as the link's account, and goes to its dashboard. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api(resetPassword, { body }),
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      toast({ title: 'Password changed', description: `Welcome back, ${user.firstName}! Your other sessions were signed out.` });
      navigate(paths.dashboard(user.userType), { replace: true });
    },
  });
}

/** The account in this tab, if it is `user`'s: then the fresher answer replaces it. */
function refreshSignedInUser(queryClient: ReturnType<typeof useQueryClient>, user: User): void {
  const current = queryClient.getQueryData(currentUserQuery.queryKey);
  if (current && current.id === user.id) queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/** POST /api/email/verify: opened from the emailed link, signed in or not (the link is the proof). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(verifyEmail, { body: { token } }),
    onSuccess: (user) => refreshSignedInUser(queryClient, user),
  });
}

/** POST /api/email/verify/resend. A refusal (429: too many links this hour) is a toast with the server's sentence. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api(resendEmailVerification),
    onSuccess: ({ message }) => toast({ title: 'Email sent', description: message }),
    onError: (error) => toast({ title: 'Email not sent', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** POST /api/account/email: the new address waits (`pendingEmail`) until its link is opened. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api(changeEmail, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      if (user.pendingEmail) {
        toast({ title: 'Check your inbox', description: `We sent a link to ${user.pendingEmail}. Your address changes when you open it.` });
      } else {
        toast({ title: 'Address kept', description: `Your email address stays ${user.email}.` });
      }
    },
  });
}

/** POST /api/account/password: this session stays; the list loses the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api(changePassword, { body }),
    meta: { invalidates: [accountKeys.sessions()] },
    onSuccess: ({ endedSessions }) => toast({ title: 'Password changed', description: endedSessionsSentence(endedSessions) }),
  });
}

/** DELETE /api/account/sessions/:id for one of the other sessions. */
export function useEndSession() {
  return useMutation({
    mutationFn: (session: AccountSession) => api(endAccountSession, { params: { id: session.id } }),
    // A 404 means it had ended already: the list is refreshed either way.
    meta: { invalidates: [accountKeys.sessions()], invalidatesOnError: true },
    onSuccess: (_ended, session) => toast({ title: 'Signed out', description: `${describeSession(session)} is signed out.` }),
    onError: (error) => toast({ title: 'Error', description: `Failed to sign out that session: ${errorMessage(error)}`, variant: 'destructive' }),
  });
}

/** POST /api/account/sessions/revoke-others. */
export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => api(revokeOtherSessions),
    meta: { invalidates: [accountKeys.sessions()], awaitsInvalidation: true },
    onSuccess: ({ ended }) => toast({ title: 'Signed out elsewhere', description: endedSessionsSentence(ended) }),
  });
}

/** DELETE /api/account: on success this browser is signed out and lands on /auth, which says so. */
export function useDeleteAccount() {
  const signOutAfterAccountDeleted = useSignOutAfterAccountDeleted();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api(deleteAccount, { body }),
    onSuccess: signOutAfterAccountDeleted,
  });
}

/**
 * PUT /api/account/notification-preferences. The answer is the whole of the preferences, so it
 * replaces the query's data (no refetch); the form puts a refusal's messages under its fields.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) => api(updateNotificationPreferences, { body }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(notificationPreferencesQuery.queryKey, preferences);
      toast({ title: 'Notification settings saved' });
    },
  });
}

/**
 * POST /api/notifications/unsubscribe?token=…, from the emailed link, signed in or not. Whoever is
 * signed in here sees the change in Settings (the link may be another account's: then the refetch
 * just finds nothing changed).
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api(unsubscribe, { query: { token } }),
    meta: { invalidates: [accountKeys.notificationPreferences()] },
  });
}

/** The browser's IANA time zone ("Europe/Berlin"), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Accounts whose time zone this page has already checked, so a remounted layout does not ask again. */
const timeZoneCheckedThisPage = new Set<number>();

/** The sessionStorage key that remembers the check was done for this account in this browser session. */
const timeZoneCheckedKey = (userId: number) => `venturematch:time-zone-checked:${userId}`;

function hasSessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false; // Storage refused (private mode, a policy): the page's own Set still stops repeats.
  }
}

function setSessionFlag(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // As above: the check then repeats once per page load, which is harmless.
  }
}

/**
 * Digests go out at 08:00 in the user's time zone, which nobody should have to visit Settings to
 * give: once per browser session the signed-in layout calls this, and if the account has no time
 * zone yet the browser's is stored. A failure is silent (the user asked for nothing) and the next
 * session tries again; a zone already stored, even one chosen by hand elsewhere, is left alone.
 */
export async function storeBrowserTimeZoneOnce(queryClient: QueryClient, userId: number): Promise<void> {
  const key = timeZoneCheckedKey(userId);
  if (timeZoneCheckedThisPage.has(userId) || hasSessionFlag(key)) return;
  timeZoneCheckedThisPage.add(userId);
  try {
    const preferences = await queryClient.fetchQuery(notificationPreferencesQuery);
    const timeZone = browserTimeZone();
    if (preferences.timeZone === null && timeZone !== null) {
      const stored = await api(updateNotificationPreferences, { body: { timeZone } });
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQuery.queryKey, stored);
    }
    setSessionFlag(key);
  } catch {
    // Not stored this time: nothing on screen depends on it.
  }
}
