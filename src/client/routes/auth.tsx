// /auth: sign in or create an account, in the public screens' frame (features/auth/components/
// auth-frame). Both forms return to the deep link in ?next= (features/auth/return-path.ts); why the
// screen was opened (a session that ended elsewhere, a deleted account) is said above them.
// "Forgot password?" swaps the sign-in form for the recovery form in place; `?view=forgot` (where
// an expired reset link sends you) opens with it.
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { LogIn } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuthScreenNotice } from '@/features/auth/api';
import { AuthFrame } from '@/features/auth/components/auth-frame';
import { ForgotPasswordForm, RegisterForm } from '@/features/auth/components/lazy-forms';
import { FORGOT_PASSWORD_LINK_ID, LoginForm } from '@/features/auth/components/login-form';

type LoginView = 'sign-in' | 'forgot';

export function AuthScreen() {
  const notice = useAuthScreenNotice();
  const search = useSearch();
  const [view, setView] = useState<LoginView>(() => (new URLSearchParams(search).get('view') === 'forgot' ? 'forgot' : 'sign-in'));
  // Back from the recovery form, the focus returns to the link that opened it.
  const isReturningFromForgot = useRef(false);
  useEffect(() => {
    if (view !== 'sign-in' || !isReturningFromForgot.current) return;
    isReturningFromForgot.current = false;
    document.getElementById(FORGOT_PASSWORD_LINK_ID)?.focus();
  }, [view]);
  const backToSignIn = () => {
    isReturningFromForgot.current = true;
    setView('sign-in');
  };
  return (
    <AuthFrame
      documentTitle={view === 'forgot' ? 'Reset your password' : 'Sign in'}
      title="Welcome to VentureMatch"
      description="Sign in to your account, or create one to start finding the right match."
    >
      {notice && (
        <p
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground"
        >
          <LogIn aria-hidden className="mt-0.5 size-4 shrink-0" />
          {notice}
        </p>
      )}
      {/* `?register=investor&email=…` (a secure link's invitation) opens on the Register tab, filled in. */}
      <Tabs defaultValue={new URLSearchParams(search).has('register') ? 'register' : 'login'} className="mt-8">
        <TabsList aria-label="Sign in or create an account" className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <div className="mt-4 rounded-xl border bg-card p-6 shadow-sm">
          <TabsContent value="login" className="mt-0">
            {view === 'forgot' ? (
              <>
                <h2 className="text-lg font-semibold">Forgot your password?</h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">
                  Enter the email address of your account and we will send you a link to choose a new one.
                </p>
                <ForgotPasswordForm onBack={backToSignIn} />
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold">Sign in</h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">Enter your username and password to continue.</p>
                <LoginForm onForgotPassword={() => setView('forgot')} />
              </>
            )}
          </TabsContent>
          <TabsContent value="register" className="mt-0">
            <h2 className="text-lg font-semibold">Create your account</h2>
            <p className="mt-1 mb-6 text-sm text-muted-foreground">Join as a startup raising capital or as an investor looking for your next deal.</p>
            <RegisterForm />
          </TabsContent>
        </div>
      </Tabs>
    </AuthFrame>
  );
}
