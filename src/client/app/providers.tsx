// App-wide providers: the query cache (lib/query-client) and the toasts.
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

// The toast renderer (Radix Toast) is its own chunk, fetched as the app first renders instead of
// before it: nothing shows a toast in the first moments, and the toast store (lib/use-toast) keeps
// any toast raised earlier until the renderer mounts.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
