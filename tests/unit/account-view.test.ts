// The account screens' rules (src/client/features/account/account-view.ts, issue #17): how a
// session is named, what the toasts say after sessions end, which address the verification banner
// names and when its dismissal counts, the typed confirmation for deleting an account, and the
// token of an emailed link. Also: the emailed links' screens are public and never a return path.
import { describe, expect, it } from 'vitest';
import type { AccountSession } from '../../src/shared/contracts/account';
import { PUBLIC_ROUTES, ROUTES, paths } from '../../src/client/app/paths';
import {
  bannerDismissalKey,
  deletionConfirmationError,
  describeSession,
  endedSessionsSentence,
  linkTokenFrom,
  sessionsCurrentFirst,
  verificationNotice,
} from '../../src/client/features/account/account-view';
import { authPathReturningTo, returnPathFromSearch, safeReturnPath } from '../../src/client/features/auth/return-path';

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 'a',
  browser: 'Firefox 128',
  os: 'macOS 14.5',
  ipApprox: '203.0.113.x',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  current: false,
  ...overrides,
});

describe('describeSession', () => {
  it('names the browser and the OS, leaving out what the server could not tell', () => {
    expect(describeSession(session({}))).toBe('Firefox 128 on macOS 14.5');
    expect(describeSession(session({ os: 'Unknown OS' }))).toBe('Firefox 128');
    expect(describeSession(session({ browser: 'Unknown browser' }))).toBe('A browser on macOS 14.5');
    expect(describeSession(session({ browser: 'Unknown browser', os: 'Unknown OS' }))).toBe('An unknown browser');
  });
});

describe('endedSessionsSentence', () => {
  it('counts the sessions that were signed out, in words', () => {
    expect(endedSessionsSentence(0)).toBe('You were not signed in anywhere else.');
    expect(endedSessionsSentence(1)).toBe('1 other session was signed out.');
    expect(endedSessionsSentence(3)).toBe('3 other sessions were signed out.');
  });
});

describe('sessionsCurrentFirst', () => {
  it('puts this browser first and keeps the server’s order for the rest', () => {
    const list = [session({ id: 'x' }), session({ id: 'me', current: true }), session({ id: 'y' })];
    expect(sessionsCurrentFirst(list).map(({ id }) => id)).toEqual(['me', 'x', 'y']);
    expect(list.map(({ id }) => id)).toEqual(['x', 'me', 'y']);
  });
});

describe('deletionConfirmationError', () => {
  it('accepts the username exactly, spaces around it aside', () => {
    expect(deletionConfirmationError('ada.founder', 'ada.founder')).toBeUndefined();
    expect(deletionConfirmationError('  ada.founder ', 'ada.founder')).toBeUndefined();
  });

  it('refuses an empty box, another name, or the name in other letters', () => {
    expect(deletionConfirmationError('   ', 'ada.founder')).toBe('Type your username to confirm');
    expect(deletionConfirmationError('ada', 'ada.founder')).toBe('Type your username exactly as shown: ada.founder');
    expect(deletionConfirmationError('Ada.Founder', 'ada.founder')).toBe('Type your username exactly as shown: ada.founder');
  });
});

describe('verificationNotice', () => {
  const user = { email: 'ada@example.test', emailVerified: true, pendingEmail: null };

  it('says nothing for a verified address with no change waiting', () => {
    expect(verificationNotice(user)).toBeNull();
  });

  it('names the unverified address', () => {
    expect(verificationNotice({ ...user, emailVerified: false })).toEqual({
      address: 'ada@example.test',
      message: 'Please verify your email address: we sent a link to ada@example.test.',
    });
  });

  it('names the new address while a change waits, and the one still in use', () => {
    const notice = verificationNotice({ ...user, emailVerified: false, pendingEmail: 'ada@new.example.test' });
    expect(notice?.address).toBe('ada@new.example.test');
    expect(notice?.message).toBe('Confirm your new email address: we sent a link to ada@new.example.test. Until you open it, we keep using ada@example.test.');
  });

  it('remembers a dismissal per account and address, so a new address shows the banner again', () => {
    expect(bannerDismissalKey(7, 'Ada@Example.test')).toBe(bannerDismissalKey(7, 'ada@example.test'));
    expect(bannerDismissalKey(7, 'ada@example.test')).not.toBe(bannerDismissalKey(8, 'ada@example.test'));
    expect(bannerDismissalKey(7, 'ada@example.test')).not.toBe(bannerDismissalKey(7, 'ada@new.example.test'));
  });
});

describe('linkTokenFrom', () => {
  it('reads the token of an emailed link, or null when there is none', () => {
    expect(linkTokenFrom('?token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(linkTokenFrom('token=abc&utm_source=mail')).toBe('abc');
    expect(linkTokenFrom('')).toBeNull();
    expect(linkTokenFrom('?token=')).toBeNull();
    expect(linkTokenFrom('?token=%20%20')).toBeNull();
  });
});

describe('the emailed links’ screens', () => {
  it('are public routes', () => {
    expect(PUBLIC_ROUTES).toEqual(expect.arrayContaining([ROUTES.auth, ROUTES.resetPassword, ROUTES.verifyEmail]));
  });

  it('are never where sign-in returns to', () => {
    for (const path of ['/reset-password?token=abc', '/verify-email?token=abc', '/auth']) {
      expect(safeReturnPath(path)).toBeNull();
      expect(authPathReturningTo(path)).toBe('/auth');
    }
    expect(returnPathFromSearch(`next=${encodeURIComponent('/reset-password?token=abc')}`)).toBeNull();
    // Settings is: a verification link that failed sends a signed-out visitor there through sign-in.
    expect(authPathReturningTo(paths.settings)).toBe('/auth?next=%2Fsettings');
  });

  it('link to the forgot-password form on /auth', () => {
    expect(paths.forgotPassword).toBe('/auth?view=forgot');
  });
});
