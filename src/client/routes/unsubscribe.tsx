// /unsubscribe?token=…: the footer link of every notification email (issue #18), signed in or not
// (the signed token is the proof, as for the one-click header the mail client uses). The token is
// sent once as the screen opens; the answer names the kind of email that was turned off, or is the
// server's sentence for a link that cannot work. Either way the rest is chosen in Settings.
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { BellOff, LinkIcon } from 'lucide-react';
import { unsubscribe } from '@shared/contracts/notification-preferences';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { linkTokenFrom } from '@/features/account/account-view';
import { useUnsubscribe } from '@/features/account/api';
import { useCurrentUser } from '@/features/auth/api';
import { authPathReturningTo } from '@/features/auth/return-path';
import { AuthCard, AuthFrame } from '@/features/auth/components/auth-frame';

const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid.';

/** Why this link cannot work before anything is sent (missing or malformed), in the contract's words, or null. */
function tokenProblem(token: string | null): string | null {
  const result = unsubscribe.query?.safeParse({ token: token ?? undefined });
  if (!result || result.success) return null;
  return result.error.issues[0]?.message ?? INVALID_LINK_MESSAGE;
}

export function UnsubscribeScreen() {
  const token = linkTokenFrom(useSearch());
  const problemBeforeSending = tokenProblem(token);
  const turnOff = useUnsubscribe();
  const { mutate } = turnOff;
  // Once per token: a second send (a re-render, a remount) would only repeat the first, but the
  // page should say what one click did.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (problemBeforeSending !== null || token === null || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [problemBeforeSending, token, mutate]);

  const problem = problemBeforeSending ?? (turnOff.isError ? turnOff.error.message : null);
  return (
    <AuthFrame documentTitle="Unsubscribe" title="Unsubscribe" description="Turning off one kind of email from VentureMatch.">
      <AuthCard>
        {problem !== null ? (
          <Outcome kind="problem" message={problem} />
        ) : turnOff.isSuccess ? (
          <Outcome kind="done" message={`You will no longer get emails about “${turnOff.data.label}”.`} />
        ) : (
          <Spinner label="Turning these emails off" showLabel className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground" />
        )}
      </AuthCard>
    </AuthFrame>
  );
}

function Outcome({ kind, message }: { kind: 'done' | 'problem'; message: string }) {
  const { data: user } = useCurrentUser();
  const isDone = kind === 'done';
  const Icon = isDone ? BellOff : LinkIcon;
  return (
    <div className="grid gap-4">
      <p
        role={isDone ? 'status' : 'alert'}
        className={
          isDone
            ? 'flex items-start gap-2 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground'
            : 'flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium'
        }
      >
        <Icon aria-hidden className={isDone ? 'mt-0.5 size-4 shrink-0' : 'mt-0.5 size-4 shrink-0 text-destructive'} />
        {message}
      </p>
      {user ? (
        <LinkButton href={paths.settings} variant="default" size="lg">
          {isDone ? 'Change the rest in Settings' : 'Choose your emails in Settings'}
        </LinkButton>
      ) : (
        // Sign-in returns to Settings, never here: the token has no business in `?next=` (PUBLIC_ROUTES).
        <LinkButton href={authPathReturningTo(paths.settings)} variant="default" size="lg">
          Sign in to choose your emails
        </LinkButton>
      )}
    </div>
  );
}
