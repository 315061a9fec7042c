// The append-only security log (docs/security.md): sign-ins, throttling, denials and, later, document
// access. Separate from the user-facing activity feed; nothing in the app updates or deletes it.
import type { Actor } from '../../actor';
import { securityEvents } from '../../db/schema';
import type { ServiceContext } from '../../service-context';

export type SecurityEventType =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'login_lockout'
  | 'registration_throttled'
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'email_change_requested'
  | 'email_changed'
  | 'session_ended'
  | 'account_exported'
  | 'account_deleted'
  | 'registered'
  | 'authorization_denied'
  | 'cross_site_denied'
  | 'document_uploaded'
  | 'document_read'
  | 'document_access_granted'
  | 'document_access_revoked'
  | 'document_deleted'
  | 'report_filed'
  | 'connection_ended'
  | 'user_blocked'
  | 'user_unblocked';

/**
 * Where the entry goes: pass `inTransaction(ctx, tx)` to log with the change. The row's time is the
 * database's, so the audit trail of every instance reads one clock.
 */
export type SecurityLogContext = Pick<ServiceContext<Actor | null>, 'db'>;

export async function recordSecurityEvent(
  ctx: SecurityLogContext,
  event: { eventType: SecurityEventType; userId?: number | null; ip?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await ctx.db.insert(securityEvents).values({
    eventType: event.eventType,
    userId: event.userId ?? null,
    ip: event.ip ?? null,
    detail: event.detail ?? null,
  });
}
