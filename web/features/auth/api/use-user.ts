import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contract/auth';
import { authApi } from '@contract/api/auth';
import { ApiError, call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { userKeys } from './keys';

/** The current user, or null when the server says 401. */
export async function fetchUser(): Promise<PublicUser | null> {
  try {
    const user = await call(authApi.user);
    sessionStorage.setItem('va.signedIn', '1');
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

const userQueryOptions = queryOptions({
  queryKey: userKeys.current,
  queryFn: fetchUser,
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: false,
  gcTime: 0,
});

/** The only hook for GET /api/user: the signed-in user, or null. */
export function useUser() {
  const q = useQuery(userQueryOptions);
  return { user: q.data ?? null, isLoading: q.isLoading, refetch: q.refetch, query: q };
}

/**
 * Asks for the user before React renders, so the session check takes a connection ahead of the
 * screen's code (decision 191); `useUser` then joins the request in flight. Answers the user, or null
 * when signed out or the check failed.
 */
export function prefetchUser(): Promise<PublicUser | null> {
  return queryClient.fetchQuery(userQueryOptions).catch(() => null);
}
