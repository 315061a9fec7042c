// The steps a secure link's visitor goes through before the documents (issue #20): their email,
// the 6-digit code sent to it, the link's password, and the NDA. Each form checks its field with
// the contract's own rule, sends it, and the server answers with the link's next step. Refusals
// are the server's sentences (not on the allow-list, wrong code, too many tries), said under the
// field; a link that has ended (410) makes the page ask for the link's state again, which then
// shows why.
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { AcceptNdaBody } from '@shared/contracts/nda';
import { startVisitorSession, submitVisitorPassword, verifyVisitorCode, type VisitorLinkState } from '@shared/contracts/secure-links';
import { Button, PendingLabel } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useAcceptVisitorNda, useStartVisitorSession, useSubmitVisitorPassword, useVerifyVisitorCode, visitorLinkKeys } from '../api';

type Step<Input> = UseMutationResult<VisitorLinkState, Error, Input>;

/** The first message of a zod rule for one value, or undefined when it passes. */
function ruleMessage(schema: z.ZodType | undefined, value: unknown): string | undefined {
  const result = schema?.safeParse(value);
  if (!result || result.success) return undefined;
  return result.error.issues[0]?.message ?? 'Please check this field.';
}

/**
 * Sends one step and keeps its error for the field. A 410 (the link was disabled or expired
 * meanwhile) is not the field's fault: the page's state is fetched again and shows why.
 */
function useStepSubmit<Input>(token: string, step: Step<Input>, onSuccess?: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const submit = (input: Input) => {
    setError(undefined);
    step.mutate(input, {
      onSuccess,
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 410) {
          void queryClient.invalidateQueries({ queryKey: visitorLinkKeys.state(token) });
          return;
        }
        // 409: the step no longer fits (a new NDA version, a session restarted in another tab):
        // the sentence stays, and the page follows the fresh state.
        if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: visitorLinkKeys.state(token) });
        const fieldMessage = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0]?.[0] : undefined;
        setError(fieldMessage ?? failure.message);
      },
    });
  };
  return { error, setError, submit };
}

/**
 * A step's form. It takes the focus as it appears (its first field, or the NDA's text to read
 * first): the previous step's form, which had it, is gone.
 */
function StepForm({ label, isPending, onSubmit, children }: { label: string; isPending: boolean; onSubmit: () => void; children: ReactNode }) {
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => formRef.current?.querySelector<HTMLElement>('input, [tabindex="0"]')?.focus(), []);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={isPending} className="grid gap-4">
        {children}
      </fieldset>
    </form>
  );
}

function SubmitButton({ isPending, pendingText, children }: { isPending: boolean; pendingText: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full">
      <PendingLabel isPending={isPending} pendingText={pendingText}>
        {children}
      </PendingLabel>
    </Button>
  );
}

export function EmailStep({ token, state, onSent }: { token: string; state: VisitorLinkState; onSent?: () => void }) {
  const step = useStartVisitorSession(token);
  const { error, setError, submit } = useStepSubmit(token, step, onSent);
  const [email, setEmail] = useState(state.email ?? '');
  return (
    <StepForm
      label="Your email"
      isPending={step.isPending}
      onSubmit={() => {
        const problem = ruleMessage(startVisitorSession.body?.shape.email, email);
        if (problem) return setError(problem);
        submit(email.trim());
      }}
    >
      <FormField
        id="visitor-email"
        label="Email"
        error={error}
        hint={`${state.companyName} sees who opened their documents. Your email also appears in the watermark.`}
      >
        {(control) => (
          <Input {...control} type="email" autoComplete="email" spellCheck={false} value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
      </FormField>
      <SubmitButton isPending={step.isPending} pendingText="Sending...">
        Continue
      </SubmitButton>
    </StepForm>
  );
}

export function CodeStep({ token, email, onUseAnotherEmail }: { token: string; email: string; onUseAnotherEmail: () => void }) {
  const step = useVerifyVisitorCode(token);
  const resend = useStartVisitorSession(token);
  const { error, setError, submit } = useStepSubmit(token, step);
  const [code, setCode] = useState('');
  const [resendNotice, setResendNotice] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const sendAgain = () => {
    setResendNotice(undefined);
    setError(undefined);
    resend.mutate(email, {
      onSuccess: () => {
        setResendNotice(`We sent a new code to ${email}. Codes from earlier emails no longer work.`);
        inputRef.current?.focus();
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        We sent a 6-digit code to <strong className="font-semibold break-all">{email}</strong>. It is valid for 10 minutes.
      </p>
      <StepForm
        label="Verification code"
        isPending={step.isPending}
        onSubmit={() => {
          const problem = ruleMessage(verifyVisitorCode.body?.shape.code, code);
          if (problem) return setError(problem);
          submit(code.trim());
        }}
      >
        <FormField id="visitor-code" label="Code" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              className="font-mono text-lg tracking-[0.4em]"
              value={code}
              // Pasted codes often carry spaces ("123 456"); only the digits count.
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          )}
        </FormField>
        <SubmitButton isPending={step.isPending} pendingText="Checking...">
          Verify
        </SubmitButton>
      </StepForm>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" className="h-auto px-0" onClick={sendAgain} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send a new code'}
        </Button>
        <Button variant="link" className="h-auto px-0" onClick={onUseAnotherEmail}>
          Use another email
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {resendNotice}
      </p>
    </div>
  );
}

export function PasswordStep({ token }: { token: string }) {
  const step = useSubmitVisitorPassword(token);
  const { error, setError, submit } = useStepSubmit(token, step);
  const [password, setPassword] = useState('');
  return (
    <StepForm
      label="Link password"
      isPending={step.isPending}
      onSubmit={() => {
        const problem = ruleMessage(submitVisitorPassword.body?.shape.password, password);
        if (problem) return setError(problem);
        submit(password);
      }}
    >
      <FormField id="visitor-password" label="Password" error={error} hint="The sender gave you this password separately from the link.">
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </FormField>
      <SubmitButton isPending={step.isPending} pendingText="Checking...">
        Continue
      </SubmitButton>
    </StepForm>
  );
}

export function NdaStep({ token, state }: { token: string; state: VisitorLinkState }) {
  const step = useAcceptVisitorNda(token);
  const { error, submit } = useStepSubmit(token, step);
  const [fullName, setFullName] = useState('');
  const [agrees, setAgrees] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ fullName?: string; agree?: string }>({});
  const agreeId = useId();
  // The page keys this step by the version's hash: a new version starts it afresh, unticked.
  const nda = state.nda;
  if (!nda) return <p className="text-sm text-muted-foreground">The NDA is not available. Reload the page to try again.</p>;
  return (
    <StepForm
      label="Accept the NDA"
      isPending={step.isPending}
      onSubmit={() => {
        const next = {
          fullName: ruleMessage(AcceptNdaBody.shape.fullName, fullName),
          agree: ruleMessage(AcceptNdaBody.shape.agree, agrees ? true : undefined),
        };
        setFieldErrors(next);
        if (next.fullName || next.agree) return;
        submit({ fullName: fullName.trim(), contentHash: nda.contentHash });
      }}
    >
      <div
        role="region"
        aria-label={`Non-disclosure agreement, version ${nda.version}`}
        tabIndex={0}
        className="max-h-72 overflow-y-auto rounded-md border bg-muted/40 p-4 text-sm leading-relaxed whitespace-pre-wrap outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {nda.text}
      </div>
      <FormField id="visitor-nda-name" label="Full name" error={fieldErrors.fullName} hint="Typing your name signs the agreement.">
        {(control) => <Input {...control} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
      </FormField>
      <div className="grid gap-2">
        <label htmlFor={agreeId} className="flex cursor-pointer items-start gap-2.5 text-sm">
          <input
            id={agreeId}
            type="checkbox"
            checked={agrees}
            onChange={(event) => setAgrees(event.target.checked)}
            aria-invalid={Boolean(fieldErrors.agree)}
            aria-describedby={fieldErrors.agree ? `${agreeId}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>I agree to the terms of this NDA with {state.companyName}.</span>
        </label>
        {fieldErrors.agree && (
          <p id={`${agreeId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {fieldErrors.agree}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <SubmitButton isPending={step.isPending} pendingText="Accepting...">
        Accept and continue
      </SubmitButton>
    </StepForm>
  );
}
