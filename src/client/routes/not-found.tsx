// Any path the router does not know. Shown signed in or out, outside the app layout, so it
// never bounces a visitor to /auth just because a link was wrong.
import { Compass } from 'lucide-react';
import { paths } from '@/app/paths';
import { BrandMark } from '@/components/brand-mark';
import { LinkButton } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  const { data: user } = useCurrentUser();
  const home = user ? { href: paths.dashboard(user.userType), label: 'Back to dashboard' } : { href: paths.auth, label: 'Go to sign in' };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/30 p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="flex justify-center">
          <BrandMark />
        </div>
        <div className="mx-auto mt-8 mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Compass aria-hidden className="size-6" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <LinkButton href={home.href} direction="back" variant="default" className="mt-6">
          {home.label}
        </LinkButton>
      </div>
    </main>
  );
}
