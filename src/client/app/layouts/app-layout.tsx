// The frame around every signed-in screen: sidebar (lg and up), top bar, and the one <main>.
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SignedInUserContext, useCurrentUser } from '@/features/auth/api';
import { LiveEventsProvider } from '@/lib/live-events';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';

// Only accounts with an address to verify need the banner (and its resend call): its own chunk.
const VerificationBanner = lazy(async () => ({ default: (await import('@/features/account/components/verification-banner')).VerificationBanner }));

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id;
  // Digests need the user's time zone (issue #18): stored from the browser once per session if the
  // account has none. Imported after the first paint, so no screen waits for it or carries its code.
  // If the chunk does not load (offline, a new deploy), the next page load tries again.
  useEffect(() => {
    if (userId === undefined) return;
    const storeTimeZone = async () => (await import('@/features/account/api')).storeBrowserTimeZoneOnce(queryClient, userId);
    storeTimeZone().catch(() => {});
  }, [queryClient, userId]);
  // The layout shows 'Loading...' when no user exists (the guard normally redirects first).
  if (!user) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        Loading...
      </div>
    );
  }
  return (
    <SignedInUserContext value={user}>
      <LiveEventsProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <div className="flex min-h-dvh bg-muted/30">
          <div className="fixed inset-y-0 left-0 z-20 hidden w-64 border-r border-sidebar-border bg-sidebar text-sidebar-foreground lg:block">
            <SidebarContent user={user} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col lg:pl-64">
            <TopBar user={user} />
            <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
              <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
                {(!user.emailVerified || user.pendingEmail !== null) && (
                  <Suspense fallback={null}>
                    <VerificationBanner user={user} />
                  </Suspense>
                )}
                {children}
              </div>
            </main>
          </div>
        </div>
      </LiveEventsProvider>
    </SignedInUserContext>
  );
}
