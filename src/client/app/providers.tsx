// App-wide providers: the query cache (lib/query-client, made by main.tsx, which starts the
// session check with it before the first render) and the toasts.
import { Suspense, lazy, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useToast } from '@/lib/use-toast';

// The toast renderer (Radix Toast) is its own chunk, fetched with the first toast rather than with
// the page: most visits to /auth show none before signing in, and the toast store (lib/use-toast)
// keeps the first toast until the renderer mounts, which then shows and announces it. A shown toast
// stays in the store (closed), so once mounted the renderer stays.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function ToasterOnceNeeded() {
  const hasToasts = useToast().toasts.length > 0;
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnceNeeded />
    </QueryClientProvider>
  );
}
