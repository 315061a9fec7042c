// The app's QueryClient, and the one place a mutation's invalidations are carried out. Cache
// policy: no retries, no refetch on window focus and data never goes stale on its
// own; what a write changes is refetched because the mutation says so in its `meta`:
//
//   useMutation({ mutationFn, meta: { invalidates: [matchKeys.all, dashboardKeys.all] } })
//
// Keys come from the features' key factories (`xKeys` in each features/<domain>/api.ts). A
// mutation's own onSuccess runs after these invalidations have started, and only does what is
// not an invalidation: a toast, a navigation, a cache write with the answer.
import { MutationCache, QueryClient, type Mutation, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Refetched when the live stream first opens too (see lib/live-events.tsx). */
      live?: boolean;
    };
    mutationMeta: {
      /** Query keys (prefixes) to refetch after the mutation succeeds. */
      invalidates?: readonly QueryKey[];
      /** Refetch them after a failure too: a 409 often means the other party changed it first. */
      invalidatesOnError?: boolean;
      /**
       * Hold the mutation (its pending state and its own onSuccess) until the refetches finish,
       * so a toast and the fresh list arrive together.
       */
      awaitsInvalidation?: boolean;
    };
  }
}

/** Marks every query under these keys stale and refetches the ones on screen. */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function createQueryClient(): QueryClient {
  const invalidateDeclared = (mutation: Mutation<unknown, unknown, unknown>) => {
    const { invalidates, awaitsInvalidation } = mutation.meta ?? {};
    if (!invalidates?.length) return;
    const done = invalidateKeys(queryClient, invalidates);
    if (awaitsInvalidation) return done;
  };
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => invalidateDeclared(mutation),
      onError: (_error, _variables, _context, mutation) => {
        if (mutation.meta?.invalidatesOnError) return invalidateDeclared(mutation);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
