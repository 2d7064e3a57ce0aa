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
