// The account form itself, with react-hook-form and the contract's zod schema: its own chunk,
// fetched when the Register tab first opens (./register-form), not on the first load of /auth.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearch } from 'wouter';
import type { z } from 'zod';
import { RegisterBody } from '@shared/contracts/auth';
import { USER_TYPES } from '@shared/enums';
import { Button, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { USER_TYPE_LABELS, useRegister } from '../api';

const FIELDS = ['userType', 'firstName', 'lastName', 'username', 'email', 'password', 'confirmPassword'] as const;

/**
 * `?register=investor&email=…` (a secure link's invitation, issue #20) fills in the account type and
 * the email; anything else in them is ignored, and the form checks both as usual.
 */
function prefillFrom(search: string): { userType: z.input<typeof RegisterBody>['userType'] | undefined; email: string } {
  const query = new URLSearchParams(search);
  const register = query.get('register');
  const userType = USER_TYPES.find((type) => type === register);
  return { userType, email: (query.get('email') ?? '').slice(0, 254) };
}

export function RegisterFormFields() {
  const prefill = prefillFrom(useSearch());
  const form = useForm<z.input<typeof RegisterBody>, unknown, z.output<typeof RegisterBody>>({
    resolver: zodResolver(RegisterBody),
    // userType starts unset (unless the address names one) so the placeholder option shows and
    // 'Please select a user type' can appear.
    defaultValues: { userType: prefill.userType, firstName: '', lastName: '', username: '', email: prefill.email, password: '', confirmPassword: '' },
  });
  const registerMutation = useRegister();
  const { errors } = form.formState;
  const isPending = registerMutation.isPending;
  const field = form.register;

  const onSubmit = form.handleSubmit((values) => registerMutation.mutate(values, { onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create account">
      <fieldset disabled={isPending} className="grid gap-4">
        <FormField id="register-user-type" label="Account Type" error={errors.userType?.message}>
          {(control) => (
            <Select {...control} defaultValue={prefill.userType ?? ''} {...field('userType')}>
              <option value="">Select account type</option>
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {USER_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-first-name" label="First Name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...field('firstName')} />}
          </FormField>
          <FormField id="register-last-name" label="Last Name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...field('lastName')} />}
          </FormField>
        </div>
        <FormField id="register-username" label="Username" error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />}
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" spellCheck={false} {...field('email')} />}
        </FormField>
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...field('password')} />}
        </FormField>
        <FormField id="register-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...field('confirmPassword')} />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full">
          <PendingLabel isPending={isPending} pendingText="Creating Account...">
            Create Account
          </PendingLabel>
        </Button>
      </fieldset>
    </form>
  );
}
