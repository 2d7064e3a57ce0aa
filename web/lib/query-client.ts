import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/** Defaults of the specification: never stale, no refetch on focus, no retry, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn as any,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
