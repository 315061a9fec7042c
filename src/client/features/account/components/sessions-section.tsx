// Settings › Sessions (issue #17; docs/decisions/0038): where the account is signed in, this
// browser first, each with its browser and OS, the address it signed in from (last part hidden),
// when it signed in and when it was last active. Any other session can be signed out, or all of
// them at once after a confirmation; an ended session's open pages notice at once.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Monitor, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import type { AccountSession } from '@shared/contracts/account';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, PendingLabel } from '@/components/ui/button';
import { SettingsCard } from '@/components/settings-card';
import { formatDateTime } from '@/lib/format';
import { RelativeTime } from '@/lib/relative-time';
import { describeSession, sessionsCurrentFirst } from '../account-view';
import { accountSessionsQuery, useEndSession, useRevokeOtherSessions } from '../api';

export function SessionsSection() {
  return (
    <SettingsCard
      id="sessions-title"
      icon={MonitorSmartphone}
      title="Sessions"
      description="Where your account is signed in. If you do not recognise one, sign it out and change your password."
      query={useQuery(accountSessionsQuery)}
      loadingLabel="Loading your sessions"
      errorTitle="We couldn't load your sessions"
      contentClassName="grid gap-4"
    >
      {(data) => <SessionList sessions={sessionsCurrentFirst(data.sessions)} />}
    </SettingsCard>
  );
}

function SessionList({ sessions }: { sessions: AccountSession[] }) {
  if (sessions.length === 0) return <p className="text-sm text-muted-foreground">No sessions are signed in.</p>;
  const otherCount = sessions.filter((session) => !session.current).length;
  return (
    <>
      <ul className="divide-y" aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {otherCount === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden className="size-4 shrink-0" />
          You are not signed in anywhere else.
        </p>
      ) : (
        <SignOutOthers count={otherCount} />
      )}
    </>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const name = describeSession(session);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <Monitor aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {name}
          {session.current && <Badge variant="accent">This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.ipApprox ?? 'Address unknown'} · Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · Last active{' '}
          <RelativeTime iso={session.lastSeenAt} />
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={() => end.mutate(session)} disabled={end.isPending}>
          <PendingLabel isPending={end.isPending} pendingText="Signing out...">
            Sign out<span className="sr-only"> {name}</span>
          </PendingLabel>
        </Button>
      )}
    </li>
  );
}

function SignOutOthers({ count }: { count: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const revoke = useRevokeOtherSessions();
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (revoke.isPending) return;
        if (open) revoke.reset(); // A failure from an earlier try is not news any more.
        setIsOpen(open);
      }}
      trigger={
        <Button variant="outline" className="justify-self-start">
          Sign out of all other sessions
        </Button>
      }
      title="Sign out of all other sessions?"
      description={`${count === 1 ? 'The other browser or device' : `All ${count} other browsers and devices`} signed in to your account will be signed out at once. You stay signed in here.`}
      confirmLabel={revoke.isPending ? 'Signing out...' : 'Sign out others'}
      isPending={revoke.isPending}
      onConfirm={(event) => {
        // Open until the answer arrives, so a failure shows where it was asked.
        event.preventDefault();
        revoke.mutate(undefined, { onSuccess: () => setIsOpen(false) });
      }}
    >
      {revoke.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {revoke.error.message}
        </p>
      )}
    </ConfirmDialog>
  );
}
