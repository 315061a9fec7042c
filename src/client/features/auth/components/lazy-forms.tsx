// The /auth forms that are not the sign-in form, each fetched the first time it opens: the Register
// tab's form and the "Forgot password?" form use react-hook-form and zod (about 40 kB gzipped),
// which are not part of the first load of /auth, which only needs to sign in (ADR 0035).
// While one loads, a focusable placeholder holds its place in the tab order; if it has the focus
// when the form arrives, the form's first field takes it, so a keyboard user who tabbed into the
// tab panel straight away lands on "Account Type" as if the form had always been there.
import { Suspense, lazy, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

const RegisterFormFields = lazy(async () => ({ default: (await import('./register-form-fields')).RegisterFormFields }));
const ForgotPasswordFields = lazy(async () => ({ default: (await import('./forgot-password-form')).ForgotPasswordFields }));

export function RegisterForm() {
  return (
    <LazyForm label="Create account">
      <RegisterFormFields />
    </LazyForm>
  );
}

/** The email form behind "Forgot password?"; it takes the focus as it opens, since the link that opened it is gone. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  return (
    <LazyForm label="Reset your password" takesFocus>
      <ForgotPasswordFields onBack={onBack} />
    </LazyForm>
  );
}

function LazyForm({ label, takesFocus = false, children }: { label: string; takesFocus?: boolean; children: ReactNode }) {
  const placeholderHadFocusRef = useRef(false);
  const focusFirstFieldIfWanted = useCallback(
    (form: HTMLElement) => {
      if (!takesFocus && !placeholderHadFocusRef.current) return;
      placeholderHadFocusRef.current = false;
      form.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    },
    [takesFocus],
  );
  return (
    <Suspense
      fallback={
        <div
          tabIndex={0}
          role="group"
          aria-label={label}
          aria-busy="true"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          // Detached while still in the document, so the focus can be read as the form replaces it.
          ref={(placeholder) => () => {
            placeholderHadFocusRef.current = document.activeElement === placeholder;
          }}
        >
          <Spinner label="Loading the form" className="flex justify-center py-24" />
        </div>
      }
    >
      <OnArrival onArrival={focusFirstFieldIfWanted}>{children}</OnArrival>
    </Suspense>
  );
}

/** Calls `onArrival` with its content's element once the content has rendered (before paint). */
function OnArrival({ onArrival, children }: { onArrival: (content: HTMLElement) => void; children: ReactNode }) {
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (content.current) onArrival(content.current);
  }, [onArrival]);
  return <div ref={content}>{children}</div>;
}
