// /verify-email?token=…: opened from the "Confirm your email address" email (issue #17), signed in
// or not (the link itself is the proof). The token is sent once as the screen opens; the answer is
// either "verified", with the way on, or the server's sentence, with the way to a new link (which
// is asked for from Settings, so signed in).
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { VerifyEmailBody } from '@shared/contracts/account';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { linkTokenFrom } from '@/features/account/account-view';
import { useVerifyEmail } from '@/features/account/api';
import { useCurrentUser } from '@/features/auth/api';
import { authPathReturningTo } from '@/features/auth/return-path';
import { AuthCard, AuthFrame } from '@/features/auth/components/auth-frame';

const EMAIL_VERIFIED_MESSAGE = 'Your email address is verified.';

export function VerifyEmailScreen() {
  const token = linkTokenFrom(useSearch());
  const checked = VerifyEmailBody.shape.token.safeParse(token ?? undefined);
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Once per token: the link is single-use, so a second send (React's development double effects,
  // a re-render) would turn a success into "already used".
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!checked.success || sentFor.current === checked.data) return;
    sentFor.current = checked.data;
    mutate(checked.data);
  }, [checked.success, checked.data, mutate]);

  const problem = !checked.success
    ? (checked.error.issues[0]?.message ?? 'This verification link is not valid. Ask for a new one.')
    : verify.isError
      ? verify.error.message
      : null;
  return (
    <AuthFrame documentTitle="Verify your email address" title="Verify your email address" description="Confirming the address your VentureMatch emails go to.">
      <AuthCard>
        {problem !== null ? (
          <Outcome kind="problem" message={problem} />
        ) : verify.isSuccess ? (
          <Outcome kind="verified" message={EMAIL_VERIFIED_MESSAGE} />
        ) : (
          <Spinner label="Verifying your email address" showLabel className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground" />
        )}
      </AuthCard>
    </AuthFrame>
  );
}

function Outcome({ kind, message }: { kind: 'verified' | 'problem'; message: string }) {
  const { data: user } = useCurrentUser();
  const isVerified = kind === 'verified';
  const Icon = isVerified ? CircleCheck : LinkIcon;
  return (
    <div className="grid gap-4">
      <p
        role={isVerified ? 'status' : 'alert'}
        className={
          isVerified
            ? 'flex items-start gap-2 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground'
            : 'flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium'
        }
      >
        <Icon aria-hidden className={isVerified ? 'mt-0.5 size-4 shrink-0' : 'mt-0.5 size-4 shrink-0 text-destructive'} />
        {message}
      </p>
      {user ? (
        <LinkButton href={isVerified ? paths.dashboard(user.userType) : paths.settings} variant="default" size="lg">
          {isVerified ? 'Continue to your dashboard' : 'Send a new link from Settings'}
        </LinkButton>
      ) : (
        <LinkButton href={isVerified ? paths.auth : authPathReturningTo(paths.settings)} variant="default" size="lg">
          {isVerified ? 'Sign in' : 'Sign in to send a new link'}
        </LinkButton>
      )}
    </div>
  );
}
