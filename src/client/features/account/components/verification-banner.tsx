// The banner above every signed-in screen while the account's address (or the address it is moving
// to) waits for its verification link (issue #17): which address to check, "Resend email", and a
// dismissal remembered for this browser session (sessionStorage), per account and address. The
// frame loads this module only when there is something to verify (app/layouts/app-layout.tsx).
import { useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import type { User } from '@shared/contracts/auth';
import { Button, PendingLabel } from '@/components/ui/button';
import { bannerDismissalKey, verificationNotice } from '../account-view';
import { useResendVerification } from '../api';

function isDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false; // Storage blocked (a privacy setting): the banner simply shows.
  }
}

function rememberDismissal(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Dismissed for this page view only.
  }
}

export function VerificationBanner({ user }: { user: User }) {
  const notice = verificationNotice(user);
  const key = notice ? bannerDismissalKey(user.id, notice.address) : null;
  const [dismissedKey, setDismissedKey] = useState<string | null>(() => (key && isDismissed(key) ? key : null));
  const resend = useResendVerification();
  if (!notice || !key || dismissedKey === key) return null;
  const dismiss = () => {
    rememberDismissal(key);
    setDismissedKey(key);
    // The banner goes; the focus would fall to the page's top, so it moves to the screen itself.
    document.getElementById('main-content')?.focus();
  };
  return (
    <section
      aria-label="Email verification"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-accent-foreground sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-2">
        <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 text-sm font-medium break-words">{notice.message}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-auto">
        <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
          <PendingLabel isPending={resend.isPending} pendingText="Sending...">
            Resend email
          </PendingLabel>
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Dismiss the verification reminder" title="Dismiss" onClick={dismiss}>
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
