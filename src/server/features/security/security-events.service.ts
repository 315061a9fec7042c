// The append-only security log (security guide): sign-ins, throttling, denials and, later, document
// access. Separate from the user-facing activity feed; nothing in the app updates or deletes it.
import type { DbExecutor } from '../../db/client';
import { securityEvents } from '../../db/schema';

export type SecurityEventType =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'logout'
  | 'registered'
  | 'authorization_denied'
  | 'cross_site_denied'
  | 'document_uploaded'
  | 'document_read'
  | 'document_access_granted'
  | 'document_access_revoked'
  | 'document_deleted';

export async function recordSecurityEvent(
  db: DbExecutor,
  event: { eventType: SecurityEventType; userId?: number | null; ip?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    userId: event.userId ?? null,
    ip: event.ip ?? null,
    detail: event.detail ?? null,
  });
}
