// Every client route path in one place. The router matches ROUTES; links, navigation
// and redirects build their targets with `paths`, so a route is renamed in one edit and a link
// can only point at a route that exists.
import type { UserType } from '@shared/enums';

/**
 * What the router matches. Public profiles take numeric ids only, so /startup/dashboard and
 * friends can never be read as a profile id.
 */
export const ROUTES = {
  /** The startup dashboard too (spec route table). */
  home: '/',
  auth: '/auth',
  startupDashboard: '/startup/dashboard',
  startupProfile: '/startup/profile',
  startupDataRoom: '/startup/data-room',
  startupInvestorMatches: '/startup/investor-matches',
  startupCommunications: '/startup/communications',
  startupMilestones: '/startup/milestones',
  investorDashboard: '/investor/dashboard',
  investorProfile: '/investor/profile',
  investorStartups: '/investor/startups',
  investorPortfolio: '/investor/portfolio',
  investorAnalytics: '/investor/analytics',
  investorDocuments: '/investor/documents',
  investorMilestones: '/investor/milestones',
  messages: '/messages',
  activity: '/activity',
  /** The notification centre's full list (the bell's "View all"). */
  notifications: '/notifications',
  /** Account settings, both roles (from the user menu). */
  settings: '/settings',
  /** The directory of the other role (issue #19), both roles. */
  discover: '/discover',
  /** Opened from the emailed links (`?token=…`), signed in or not. */
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The footer link of every notification email: turns that kind of email off (issue #18). */
  unsubscribe: '/unsubscribe',
  /** A secure link's page for a visitor without an account (issue #20); the token is its proof. */
  linkVisitor: /^\/v\/(?<token>[^/]+)\/?$/,
  startupPublicProfile: /^\/startup\/(?<id>\d+)\/?$/,
  investorPublicProfile: /^\/investor\/(?<id>\d+)\/?$/,
} as const;

/**
 * The screens anyone may open without an account. They are never where sign-in returns to
 * (features/auth/return-path.ts): /auth would loop, and the emailed links carry single-use tokens
 * that have no business surviving in an address bar's `?next=`.
 */
export const PUBLIC_ROUTES: readonly (string | RegExp)[] = [ROUTES.auth, ROUTES.resetPassword, ROUTES.verifyEmail, ROUTES.unsubscribe, ROUTES.linkVisitor];

/** A path with a query string made of the defined values (`?partner=12`), or the bare path. */
function withSearch(path: string, search: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const byRole = <S extends string, I extends string>(role: UserType, startup: S, investor: I): S | I => (role === 'investor' ? investor : startup);

/** Link targets. Query parameters are the ones the screens read (`?partner=`, `?tab=`, `?add=`). */
export const paths = {
  auth: ROUTES.auth,
  /** /auth on the Register tab as an investor, the email filled in (a secure link's invitation). */
  registerInvestor: (email?: string) => withSearch(ROUTES.auth, { register: 'investor', email }),
  /** /auth with the "Forgot password?" form already open (where an expired reset link sends you). */
  forgotPassword: withSearch(ROUTES.auth, { view: 'forgot' }),
  activity: ROUTES.activity,
  notifications: ROUTES.notifications,
  settings: ROUTES.settings,
  dataRoom: ROUTES.startupDataRoom,
  documents: ROUTES.investorDocuments,
  analytics: ROUTES.investorAnalytics,
  /** Each role's home: where sign-in lands and where the other role's screens redirect. */
  dashboard: (role: UserType) => byRole(role, ROUTES.startupDashboard, ROUTES.investorDashboard),
  /** The own-profile editor, optionally on one tab. */
  profile: (role: UserType, search?: { tab?: string }) => withSearch(byRole(role, ROUTES.startupProfile, ROUTES.investorProfile), search),
  /** Each side's match list, optionally on one status tab. */
  matches: (role: UserType, search?: { tab?: 'all' | 'pending' | 'accepted' | 'rejected' }) =>
    withSearch(byRole(role, ROUTES.startupInvestorMatches, ROUTES.investorStartups), search),
  /** The shared plans, optionally with one partner's plan open, or the new-milestone dialog (`new: 1`). */
  milestones: (role: UserType, search?: { partner?: number; new?: 1 }) => withSearch(byRole(role, ROUTES.startupMilestones, ROUTES.investorMilestones), search),
  /** The data room with the upload dialog open (a quick action of the command palette). */
  dataRoomUpload: withSearch(ROUTES.startupDataRoom, { upload: 1 }),
  /** The messages screen, optionally with the conversation with `partner` (a user id) open. */
  messages: (search?: { partner?: number }) => withSearch(ROUTES.messages, search),
  /** The startup's name for the same screen (its sidebar says Communications). */
  communications: (search?: { partner?: number }) => withSearch(ROUTES.startupCommunications, search),
  /**
   * The role's own conversation screen (Communications for a startup, Messages for an investor),
   * optionally with `partner`'s conversation open and scrolled to one `message` (a search result).
   */
  conversations: (role: UserType, search?: { partner?: number; message?: number }) =>
    role === 'startup' ? withSearch(ROUTES.startupCommunications, search) : withSearch(ROUTES.messages, search),
  /** The data room with one document's sharing and viewing analytics open. */
  documentAnalytics: (documentId: number) => withSearch(ROUTES.startupDataRoom, { document: documentId }),
  /** The data room with one document's page analytics open (issue #21). */
  documentInsight: (documentId: number) => withSearch(ROUTES.startupDataRoom, { analytics: documentId }),
  /** The portfolio, optionally with the add dialog open for a connected startup. */
  portfolio: (search?: { add?: number }) => withSearch(ROUTES.investorPortfolio, search),
  /** Public profile cards, by the profile owner's user id (matched by ROUTES.*PublicProfile). */
  publicStartup: (id: number) => `/startup/${id}`,
  publicInvestor: (id: number) => `/investor/${id}`,
  publicProfile: (role: UserType, id: number): string => (role === 'investor' ? paths.publicInvestor(id) : paths.publicStartup(id)),
  /** The directory of the other role (issue #19), optionally with one saved search applied. */
  discover: (search?: { saved?: number }) => withSearch(ROUTES.discover, search),
};
