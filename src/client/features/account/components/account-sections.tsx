// Settings › Account and Settings › Password (issue #17). Account: the name, the username, the
// address with its verification state, an address waiting for its link, and the form to move to
// another address (which takes effect once the new one is verified). Password: current, new and
// confirmation; the change signs out every other session, and the toast says how many.
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CircleAlert, CircleCheck, KeyRound, UserRound } from 'lucide-react';
import { ChangeEmailBody, ChangePasswordBody } from '@shared/contracts/account';
import { Badge } from '@/components/ui/badge';
import { Button, PendingLabel } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSignedInUser } from '@/features/auth/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangeEmail, useChangePassword, useResendVerification } from '../api';
import { FormFooter } from './form-footer';

export function AccountSection() {
  const user = useSignedInUser();
  const resend = useResendVerification();
  const awaitsLink = !user.emailVerified || user.pendingEmail !== null;
  return (
    <Card aria-labelledby="account-title">
      <CardHeader>
        <CardTitle id="account-title" className="flex items-center gap-2">
          <UserRound aria-hidden className="size-5 text-muted-foreground" />
          Account
        </CardTitle>
        <CardDescription>Your name, and the address your VentureMatch emails go to.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm">
          <Fact term="Name">
            {user.firstName} {user.lastName}
          </Fact>
          <Fact term="Username">{user.username}</Fact>
          <Fact term="Email">
            <span className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 break-all">{user.email}</span>
              {user.emailVerified ? (
                <Badge variant="accent">
                  <CircleCheck aria-hidden />
                  Verified
                </Badge>
              ) : (
                <Badge variant="outline">
                  <CircleAlert aria-hidden />
                  Not verified
                </Badge>
              )}
            </span>
          </Fact>
          {user.pendingEmail && (
            <Fact term="New address">
              <span className="break-all">{user.pendingEmail}</span>
              <span className="mt-0.5 block text-xs text-muted-foreground">
                Waiting for you to open the link we sent there. Until then we keep using {user.email}.
              </span>
            </Fact>
          )}
        </dl>
        {awaitsLink && (
          <div>
            <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
              <PendingLabel isPending={resend.isPending} pendingText="Sending...">
                Resend verification email
              </PendingLabel>
            </Button>
          </div>
        )}
        <ChangeEmailForm />
      </CardContent>
    </Card>
  );
}

/** One line of the account's facts: the term beside its value, or above it on a phone. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ChangeEmailForm() {
  const form = useForm<z.input<typeof ChangeEmailBody>, unknown, z.output<typeof ChangeEmailBody>>({
    resolver: zodResolver(ChangeEmailBody),
    defaultValues: { email: '', password: '' },
  });
  const change = useChangeEmail();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'password']),
    }),
  );
  const formError = change.isError && !errors.email && !errors.password ? change.error.message : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-email-title" className="grid gap-4 border-t pt-6">
      <div>
        <h3 id="change-email-title" className="font-semibold">
          Change email address
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">We send a link to the new address; it replaces the current one when you open it.</p>
      </div>
      <fieldset disabled={change.isPending} className="grid gap-4 sm:grid-cols-2">
        <FormField id="change-email-address" label="New email address" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" spellCheck={false} {...form.register('email')} />}
        </FormField>
        <FormField id="change-email-password" label="Current password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
        <FormFooter className="sm:col-span-2" error={formError} isPending={change.isPending} pendingText="Sending link...">
          Change email
        </FormFooter>
      </fieldset>
    </form>
  );
}

// The contract's rules for the two passwords, and the spec's confirmation message.
const ChangePasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine((form) => form.newPassword === form.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});

export function PasswordSection() {
  const form = useForm<z.input<typeof ChangePasswordForm>, unknown, z.output<typeof ChangePasswordForm>>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => form.reset(),
        onError: (error) => applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']),
      },
    ),
  );
  const formError = change.isError && !errors.currentPassword && !errors.newPassword ? change.error.message : undefined;
  return (
    <Card aria-labelledby="password-title">
      <CardHeader>
        <CardTitle id="password-title" className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5 text-muted-foreground" />
          Password
        </CardTitle>
        <CardDescription>Changing it keeps you signed in here and signs out every other session of your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label="Change password">
          <fieldset disabled={change.isPending} className="grid gap-4 sm:grid-cols-2">
            <FormField id="current-password" label="Current password" error={errors.currentPassword?.message} className="sm:col-span-2">
              {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
            </FormField>
            <FormField id="new-password" label="New password" error={errors.newPassword?.message} hint="At least 6 characters. Common passwords are refused.">
              {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
            </FormField>
            <FormField id="confirm-new-password" label="Confirm new password" error={errors.confirmPassword?.message}>
              {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
            </FormField>
            <FormFooter className="sm:col-span-2" error={formError} isPending={change.isPending} pendingText="Changing...">
              Change password
            </FormFooter>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
