// /reset-password?token=…: opened from the "Reset your password" email (issue #17), signed in or
// not, in the public screens' frame. A new password twice, then the browser is signed in as the
// link's account and goes to its dashboard (features/account/api.ts). A link that cannot work
// (missing, malformed, expired, used) says so in the server's words, with the way to a new one.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearch } from 'wouter';
import { z } from 'zod';
import { LinkIcon } from 'lucide-react';
import { ResetPasswordBody } from '@shared/contracts/account';
import { paths } from '@/app/paths';
import { Button, LinkButton, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { linkTokenFrom } from '@/features/account/account-view';
import { useResetPassword } from '@/features/account/api';
import { useCurrentUser } from '@/features/auth/api';
import { AuthCard, AuthFrame } from '@/features/auth/components/auth-frame';
import { ApiError } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';

// The contract's password rule (the registration form's), and the spec's confirmation message.
const NewPasswordForm = z
  .object({ password: ResetPasswordBody.shape.password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** Why this link cannot work before anything is sent (missing or malformed), in the contract's words, or null. */
function tokenProblem(token: string | null): string | null {
  const result = ResetPasswordBody.shape.token.safeParse(token ?? undefined);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This reset link is not valid. Ask for a new one.');
}

export function ResetPasswordScreen() {
  const token = linkTokenFrom(useSearch());
  const [serverLinkProblem, setServerLinkProblem] = useState<string | null>(null);
  const linkProblem = tokenProblem(token) ?? serverLinkProblem;
  return (
    <AuthFrame
      documentTitle="Choose a new password"
      title="Choose a new password"
      description="Pick a password you do not use anywhere else. Every session of your account is signed out when it changes."
    >
      <AuthCard>
        {linkProblem !== null || token === null ? (
          <LinkProblem message={linkProblem ?? ''} />
        ) : (
          <ResetPasswordForm token={token} onLinkProblem={setServerLinkProblem} />
        )}
      </AuthCard>
    </AuthFrame>
  );
}

function ResetPasswordForm({ token, onLinkProblem }: { token: string; onLinkProblem: (message: string) => void }) {
  const form = useForm<z.input<typeof NewPasswordForm>, unknown, z.output<typeof NewPasswordForm>>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          // Expired, used or unknown: the link is the problem, not the password.
          const linkMessage = error instanceof ApiError ? error.fieldErrors.token?.[0] : undefined;
          if (linkMessage) return onLinkProblem(linkMessage);
          applyServerFieldErrors(error, form.setError, ['password']);
        },
      },
    ),
  );
  // A refusal with no field of its own (too many attempts, the server unreachable) is said under the button.
  const formError = reset.isError && !errors.password ? reset.error.message : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      <fieldset disabled={reset.isPending} className="grid gap-4">
        <FormField id="reset-password" label="New password" error={errors.password?.message} hint="At least 6 characters. Common passwords are refused.">
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full">
          <PendingLabel isPending={reset.isPending} pendingText="Saving...">
            Set new password
          </PendingLabel>
        </Button>
        {formError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        )}
      </fieldset>
    </form>
  );
}

/** The link cannot be used: the reason, and where to get a working one (Settings for whoever is signed in). */
function LinkProblem({ message }: { message: string }) {
  const { data: user } = useCurrentUser();
  return (
    <div className="grid gap-4">
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium">
        <LinkIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        {message}
      </p>
      {user ? (
        <LinkButton href={paths.settings} variant="default" size="lg">
          Change your password in Settings
        </LinkButton>
      ) : (
        <LinkButton href={paths.forgotPassword} variant="default" size="lg">
          Ask for a new link
        </LinkButton>
      )}
    </div>
  );
}
