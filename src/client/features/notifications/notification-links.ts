// Where a notification leads, for the signed-in role: its target (from the server) turned into a
// path with `paths`, so a renamed route is one edit and a link can only point at a route that exists.
import type { NotificationTarget } from '@shared/contracts/notifications';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';

/** The path a notification opens, or null when there is nothing to open (a deleted document or account). */
export function notificationHref(target: NotificationTarget | null, viewer: UserType): string | null {
  if (!target) return null;
  switch (target.kind) {
    case 'match':
      return paths.matches(viewer, { tab: target.tab });
    case 'matches':
      return paths.matches(viewer);
    case 'conversation':
      return paths.conversations(viewer, { partner: target.partnerId });
    case 'document_analytics':
      return paths.documentAnalytics(target.documentId);
    case 'shared_documents':
      return paths.documents;
    case 'milestones':
      return paths.milestones(viewer, { partner: target.partnerId });
    case 'public_profile':
      return paths.publicProfile(target.userType, target.userId);
    case 'saved_search':
      return paths.discover({ saved: target.savedSearchId });
    default:
      // A kind from a newer server: show the notification without a link rather than a broken one.
      return null;
  }
}
