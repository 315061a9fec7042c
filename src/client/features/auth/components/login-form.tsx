// The sign-in form. It is the one form on the first load of /auth, so it keeps its state itself
// instead of using react-hook-form and the zod resolver (about 40 kB gzipped together; ADR 0035),
// and behaves as they do in the other forms: checked on submit, then again on every change, the
// first invalid field focused, the server's per-field messages shown under their fields. Its
// "Forgot password?" link swaps in the recovery form, which loads on first use (./lazy-forms).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api';
import { LOGIN_FIELDS, loginBody, loginErrors, type LoginErrors, type LoginField, type LoginValues } from '../login-validation';

function valuesOf(form: HTMLFormElement): LoginValues {
  const data = new FormData(form);
  return { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
}

function focusField(form: HTMLFormElement, field: LoginField): void {
  const control = form.elements.namedItem(field);
  if (control instanceof HTMLElement) control.focus();
}

/** The "Forgot password?" link's id: the focus goes back to it when the recovery form is left. */
export const FORGOT_PASSWORD_LINK_ID = 'login-forgot-password';

/** `onForgotPassword` opens the "Forgot password?" form in the form's place (routes/auth.tsx). */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const loginMutation = useLogin();
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const isPending = loginMutation.isPending;
  // A server's field message arrives while the fieldset is still disabled; its field is focused
  // once the fieldset is enabled again.
  const focusAfterPending = useRef<{ form: HTMLFormElement; field: LoginField } | null>(null);
  useEffect(() => {
    if (isPending || !focusAfterPending.current) return;
    focusField(focusAfterPending.current.form, focusAfterPending.current.field);
    focusAfterPending.current = null;
  }, [isPending]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setIsSubmitted(true);
    const values = valuesOf(form);
    const found = loginErrors(values);
    setErrors(found);
    const firstInvalid = LOGIN_FIELDS.find((field) => found[field]);
    if (firstInvalid) return focusField(form, firstInvalid);
    loginMutation.mutate(loginBody(values), {
      onError: (error) =>
        applyServerFieldErrors<LoginValues>(
          error,
          (field, { message }, options) => {
            setErrors((current) => ({ ...current, [field]: message }));
            if (options?.shouldFocus) focusAfterPending.current = { form, field: field as LoginField };
          },
          LOGIN_FIELDS,
        ),
    });
  };

  // After the first submit, each change re-checks the form, so a message goes as soon as it is fixed.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitted) setErrors(loginErrors(valuesOf(event.currentTarget)));
  };

  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} aria-label="Sign in">
      {/* A disabled fieldset disables every control inside it while the request is pending. */}
      <fieldset disabled={isPending} className="grid gap-4">
        <FormField id="login-username" label="Username" error={errors.username}>
          {(control) => <Input {...control} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password}>
          {(control) => <Input {...control} name="password" type="password" autoComplete="current-password" />}
        </FormField>
        <Button id={FORGOT_PASSWORD_LINK_ID} variant="link" size="sm" className="h-auto justify-self-end p-0" onClick={onForgotPassword}>
          Forgot password?
        </Button>
        <Button type="submit" size="lg" className="mt-2 w-full">
          <PendingLabel isPending={isPending} pendingText="Signing in...">
            Sign In
          </PendingLabel>
        </Button>
      </fieldset>
    </form>
  );
}
