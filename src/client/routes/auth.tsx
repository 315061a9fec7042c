// /auth: sign in or create an account. Forms on the left; the welcome
// text and the three product promises on the right, from the lg breakpoint up. Both forms return
// to the deep link in ?next= (features/auth/return-path.ts); a session that ended elsewhere is said
// above them.
import { FileLock2, Handshake, LogIn, Sparkles, type LucideIcon } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { ThemeMenu } from '@/components/theme-menu';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsSessionEnded } from '@/features/auth/api';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SESSION_ENDED_MESSAGE } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Sparkles,
    title: 'Advanced matching algorithm',
    description: 'Every match is scored on business model, investment philosophy and strategic alignment, so each introduction starts from real fit.',
  },
  {
    icon: FileLock2,
    title: 'Secure document sharing',
    description: 'Keep your pitch deck, financials and legal documents in one data room, with granular permission controls over who sees what.',
  },
  {
    icon: Handshake,
    title: 'Relationship management tools',
    description: 'Track milestones, keep every conversation in one place, and grow relationships well beyond the initial funding.',
  },
];

export function AuthScreen() {
  useDocumentTitle('Sign in');
  const isSessionEnded = useIsSessionEnded();
  return (
    <main className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <BrandMark />
          <ThemeMenu />
        </div>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome to VentureMatch</h1>
            <p className="mt-2 text-sm text-muted-foreground sm:text-base">Sign in to your account, or create one to start finding the right match.</p>
            {isSessionEnded && (
              <p
                role="alert"
                className="mt-6 flex items-start gap-2 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground"
              >
                <LogIn aria-hidden className="mt-0.5 size-4 shrink-0" />
                {SESSION_ENDED_MESSAGE}
              </p>
            )}
            <Tabs defaultValue="login" className="mt-8">
              <TabsList aria-label="Sign in or create an account" className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <div className="mt-4 rounded-xl border bg-card p-6 shadow-sm">
                <TabsContent value="login" className="mt-0">
                  <h2 className="text-lg font-semibold">Sign in</h2>
                  <p className="mt-1 mb-6 text-sm text-muted-foreground">Enter your username and password to continue.</p>
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register" className="mt-0">
                  <h2 className="text-lg font-semibold">Create your account</h2>
                  <p className="mt-1 mb-6 text-sm text-muted-foreground">Join as a startup raising capital or as an investor looking for your next deal.</p>
                  <RegisterForm />
                </TabsContent>
              </div>
            </Tabs>
          </div>
        </div>
        <p className="text-center text-xs text-muted-foreground">© {new Date().getFullYear()} VentureMatch</p>
      </div>
      <section
        aria-labelledby="auth-welcome-title"
        className="relative hidden overflow-hidden bg-gradient-to-br from-brand-from to-brand-to text-white lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20"
      >
        {/* Soft decorative light; purely visual. */}
        <div aria-hidden className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-black/10 blur-3xl" />
        <div className="relative max-w-lg">
          <p className="text-sm font-semibold tracking-wider text-white/90 uppercase">Startups × Investors</p>
          <h2 id="auth-welcome-title" className="mt-3 text-4xl leading-tight font-semibold tracking-tight">
            Where great startups and the right investors find each other
          </h2>
          <p className="mt-4 text-lg text-white/90">
            VentureMatch connects founders and investors by compatibility, not by cold email, and gives both sides the tools to build a lasting partnership.
          </p>
          <ul className="mt-10 grid gap-6">
            {FEATURES.map(({ icon: Icon, title, description }) => (
              <li key={title} className="flex gap-4">
                <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/25">
                  <Icon aria-hidden className="size-5" />
                </div>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-white/90">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}
