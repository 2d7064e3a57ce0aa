import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastMutationError } from './mutation-errors';

/** Defaults of the specification: never stale, no refetch on focus, no retry, no polling. */
export const queryClient = new QueryClient({
  // Every failed mutation is toasted here, once; a mutation's `meta` adjusts or silences it.
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => toastMutationError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/**
 * A read the specification has "refetched on window focus": refetched whenever the window regains focus,
 * and otherwise fresh for 5 s, so the parts of a screen that mount one after another (the player card's,
 * prefetched before it renders) share one answer instead of each asking again (decision 232).
 */
export const REFETCHED_ON_FOCUS = { refetchOnWindowFocus: 'always', staleTime: 5_000 } as const;
