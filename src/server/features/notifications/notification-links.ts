// Where a notification email's link leads: the same screens the bell opens
// (src/client/features/notifications/notification-links.ts over src/client/app/paths.ts). The
// server may not import client code, so the few client paths an email needs are written here;
// a renamed client route must be renamed here too (tests/api/notification-emails.test.ts opens them).
import type { NotificationTarget } from '../../../shared/contracts/notifications';
import type { UserType } from '../../../shared/enums';

const byRole = (role: UserType, startup: string, investor: string) => (role === 'investor' ? investor : startup);

/** A path with a query string of the defined values, or the bare path. */
function withSearch(path: string, search: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The client paths emails link to, mirroring `paths` in src/client/app/paths.ts. */
export const EMAIL_PATHS = {
  notifications: '/notifications',
  matches: (role: UserType, tab?: string) => withSearch(byRole(role, '/startup/investor-matches', '/investor/startups'), { tab }),
  conversation: (role: UserType, partnerId: number) => withSearch(byRole(role, '/startup/communications', '/messages'), { partner: partnerId }),
  documentAnalytics: (documentId: number) => withSearch('/startup/data-room', { document: documentId }),
  sharedDocuments: '/investor/documents',
  milestones: (role: UserType, partnerId: number) => withSearch(byRole(role, '/startup/milestones', '/investor/milestones'), { partner: partnerId }),
  publicProfile: (role: UserType, userId: number) => `/${role}/${userId}`,
  savedSearch: (savedSearchId: number) => withSearch('/discover', { saved: savedSearchId }),
};

/** The path a notification opens for the recipient's role; the notification centre when it leads nowhere now. */
export function notificationPath(target: NotificationTarget | null, viewer: UserType): string {
  if (!target) return EMAIL_PATHS.notifications;
  switch (target.kind) {
    case 'match':
      return EMAIL_PATHS.matches(viewer, target.tab);
    case 'matches':
      return EMAIL_PATHS.matches(viewer);
    case 'conversation':
      return EMAIL_PATHS.conversation(viewer, target.partnerId);
    case 'document_analytics':
      return EMAIL_PATHS.documentAnalytics(target.documentId);
    case 'shared_documents':
      return EMAIL_PATHS.sharedDocuments;
    case 'milestones':
      return EMAIL_PATHS.milestones(viewer, target.partnerId);
    case 'public_profile':
      return EMAIL_PATHS.publicProfile(target.userType, target.userId);
    case 'saved_search':
      return EMAIL_PATHS.savedSearch(target.savedSearchId);
  }
}
