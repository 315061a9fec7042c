import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoginBody } from '@shared/contracts/auth';
import { Button, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api';

const FIELDS = ['username', 'password'] as const;

export function LoginForm() {
  const form = useForm<z.input<typeof LoginBody>, unknown, z.output<typeof LoginBody>>({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: '', password: '' },
  });
  const loginMutation = useLogin();
  const { errors } = form.formState;
  const isPending = loginMutation.isPending;

  const onSubmit = form.handleSubmit((values) => loginMutation.mutate(values, { onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in">
      {/* A disabled fieldset disables every control inside it while the request is pending. */}
      <fieldset disabled={isPending} className="grid gap-4">
        <FormField id="login-username" label="Username" error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full">
          <PendingLabel isPending={isPending} pendingText="Signing in...">
            Sign In
          </PendingLabel>
        </Button>
      </fieldset>
    </form>
  );
}
