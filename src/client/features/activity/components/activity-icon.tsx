// One icon per activity type, and a neutral one for types this client does not know
// yet, so a newer server never breaks the feed.
import { createElement } from 'react';
import {
  Activity as ActivityIcon,
  Eye,
  FilePlus2,
  FileSearch,
  FileX2,
  Flag,
  Handshake,
  HeartHandshake,
  ListChecks,
  ListTodo,
  Send,
  Share2,
  Sparkles,
  Unplug,
  UserCheck,
  UserPen,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ActivityType } from '@shared/enums';
import { cn } from '@/lib/utils';

export const ACTIVITY_ICONS: Record<ActivityType, LucideIcon> = {
  account_created: UserPlus,
  profile_updated: UserPen,
  document_uploaded: FilePlus2,
  document_shared: Share2,
  document_deleted: FileX2,
  match_updated: Handshake,
  message_sent: Send,
  milestone_created: Flag,
  milestone_updated: ListChecks,
  viewed_profile: Eye,
  matches_generated: Sparkles,
  document_viewed: FileSearch,
  interest_received: HeartHandshake,
  connection_made: UserCheck,
  connection_ended: Unplug,
  partner_milestone_changed: ListTodo,
};

export const DEFAULT_ACTIVITY_ICON: LucideIcon = ActivityIcon;

export function activityIcon(activityType: string): LucideIcon {
  return Object.hasOwn(ACTIVITY_ICONS, activityType) ? ACTIVITY_ICONS[activityType as ActivityType] : DEFAULT_ACTIVITY_ICON;
}

export function ActivityIconBadge({ activityType, className }: { activityType: string; className?: string }) {
  return (
    <div
      data-activity-type={activityType}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground', className)}
    >
      {/* createElement: the icon is looked up, not declared, so it is not a component made during render. */}
      {createElement(activityIcon(activityType), { 'aria-hidden': true, className: 'size-4' })}
    </div>
  );
}
