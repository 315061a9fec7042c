// The account screens' rules and sentences, without React or zod, so the verification banner (in
// the signed-in frame) stays small and each rule is unit-tested (tests/unit/account-view.test.ts).
import type { AccountSession } from '@shared/contracts/account';
import type { User } from '@shared/contracts/auth';

/** "Firefox 128 on macOS 14.5"; the server says "Unknown browser" / "Unknown OS" when the User-Agent told it nothing. */
export function describeSession(session: Pick<AccountSession, 'browser' | 'os'>): string {
  const hasBrowser = session.browser !== 'Unknown browser';
  const hasOs = session.os !== 'Unknown OS';
  if (hasBrowser && hasOs) return `${session.browser} on ${session.os}`;
  if (hasBrowser) return session.browser;
  if (hasOs) return `A browser on ${session.os}`;
  return 'An unknown browser';
}

/** What a password change or "sign out of all other sessions" did, as the toast says it. */
export function endedSessionsSentence(ended: number): string {
  if (ended === 0) return 'You were not signed in anywhere else.';
  if (ended === 1) return '1 other session was signed out.';
  return `${ended} other sessions were signed out.`;
}

/** The current session first, then the others as the server orders them (most recently seen first). */
export function sessionsCurrentFirst(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

/**
 * Why the typed username does not confirm deleting the account, or undefined when it does. It is
 * the account's username exactly (spaces around it aside): typing it is the deliberate step that
 * a stray click or a form filled in by habit cannot take.
 */
export function deletionConfirmationError(typed: string, username: string): string | undefined {
  const value = typed.trim();
  if (value === '') return 'Type your username to confirm';
  if (value !== username) return `Type your username exactly as shown: ${username}`;
  return undefined;
}

/** What the verification banner asks the user to do, or null when there is nothing to verify. */
export interface VerificationNotice {
  /** The address the link was sent to. */
  address: string;
  /** The banner's sentence. */
  message: string;
}

export function verificationNotice(user: Pick<User, 'email' | 'emailVerified' | 'pendingEmail'>): VerificationNotice | null {
  if (user.pendingEmail) {
    return {
      address: user.pendingEmail,
      message: `Confirm your new email address: we sent a link to ${user.pendingEmail}. Until you open it, we keep using ${user.email}.`,
    };
  }
  if (!user.emailVerified) return { address: user.email, message: `Please verify your email address: we sent a link to ${user.email}.` };
  return null;
}

/**
 * The sessionStorage key that remembers the banner was dismissed, for this account and this
 * address: a new address to verify shows the banner again, and so does the next browser session.
 */
export function bannerDismissalKey(userId: number, address: string): string {
  return `venturematch:verify-banner-dismissed:${userId}:${address.toLowerCase()}`;
}

/** The `token` of an emailed link's query string (`?token=…`), or null when there is none. */
export function linkTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}
