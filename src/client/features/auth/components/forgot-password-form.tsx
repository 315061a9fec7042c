// "Forgot password?" on /auth (issue #17): the account's email address, then the server's one
// sentence, which is the same whether or not an account uses the address (so the form never tells
// who has an account). Its own chunk, fetched when the form first opens (./lazy-forms).
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { ForgotPasswordBody } from '@shared/contracts/account';
import { Button, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useForgotPassword } from '@/features/account/api';
import { applyServerFieldErrors } from '@/lib/form-errors';

export function ForgotPasswordFields({ onBack }: { onBack: () => void }) {
  const form = useForm<z.input<typeof ForgotPasswordBody>, unknown, z.output<typeof ForgotPasswordBody>>({
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();
  const sentRef = useRef<HTMLDivElement>(null);
  const sentMessage = forgot.data?.message;
  // The form is replaced by the answer: the focus goes to it, so it is read out and Tab goes on from there.
  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);

  if (sentMessage) {
    return (
      <div ref={sentRef} tabIndex={-1} className="grid gap-4 outline-none">
        <p role="status" className="flex items-start gap-2 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground">
          <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {sentMessage}
        </p>
        <p className="text-sm text-muted-foreground">No email? Check your spam folder, or ask again in a few minutes.</p>
        <Button size="lg" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit((values) => forgot.mutate(values, { onError: (error) => applyServerFieldErrors(error, form.setError, ['email']) }));
  const { errors } = form.formState;
  // A refusal with no field of its own (429: too many requests from this network) is said under the button.
  const formError = forgot.isError && !errors.email ? forgot.error.message : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reset your password">
      <fieldset disabled={forgot.isPending} className="grid gap-4">
        <FormField
          id="forgot-email"
          label="Email"
          error={errors.email?.message}
          hint="The address of your account. We will email it a link to choose a new password."
        >
          {(control) => <Input {...control} type="email" autoComplete="email" spellCheck={false} {...form.register('email')} />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full">
          <PendingLabel isPending={forgot.isPending} pendingText="Sending...">
            Send reset link
          </PendingLabel>
        </Button>
        {formError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        )}
        <Button variant="link" className="justify-self-center" onClick={onBack}>
          Back to sign in
        </Button>
      </fieldset>
    </form>
  );
}
