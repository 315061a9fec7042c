// Settings › Blocked users (issue #14): everyone the user blocked, newest first, with Unblock.
// Unblocking shows them the profile again; it does not bring back a connection.
import { useQuery } from '@tanstack/react-query';
import { Ban, ShieldCheck } from 'lucide-react';
import type { BlockedUser } from '@shared/contracts/blocks';
import { Button, PendingLabel } from '@/components/ui/button';
import { SettingsCard } from '@/components/settings-card';
import { USER_TYPE_LABELS } from '@/features/auth/api';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { blocksQuery, useUnblockUser } from '../api';

export function BlockedUsersSection() {
  return (
    <SettingsCard
      id="blocked-users-title"
      icon={Ban}
      title="Blocked users"
      description="People you blocked cannot see your profile, be matched with you or message you. They are not told."
      query={useQuery(blocksQuery)}
      loadingLabel="Loading blocked users"
      errorTitle="We couldn't load your blocked users"
    >
      {(blocked) =>
        blocked.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden className="size-4 shrink-0" />
            You have not blocked anyone.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Blocked users">
            {blocked.map((user) => (
              <BlockedUserRow key={user.userId} user={user} />
            ))}
          </ul>
        )
      }
    </SettingsCard>
  );
}

function BlockedUserRow({ user }: { user: BlockedUser }) {
  const unblock = useUnblockUser();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{user.name}</p>
        <p className="text-xs text-muted-foreground">
          {USER_TYPE_LABELS[user.userType]} · Blocked{' '}
          <time dateTime={user.blockedAt} title={formatDateTime(user.blockedAt)}>
            {formatRelativeTime(user.blockedAt)}
          </time>
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => unblock.mutate({ userId: user.userId, name: user.name })} disabled={unblock.isPending}>
        <PendingLabel isPending={unblock.isPending} pendingText="Unblocking...">
          Unblock<span className="sr-only"> {user.name}</span>
        </PendingLabel>
      </Button>
    </li>
  );
}
