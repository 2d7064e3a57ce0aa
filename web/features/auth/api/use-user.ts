import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contract/auth';
import { api, ApiError } from '@/lib/api-client';

export const userQueryKey = ['/api/user'] as const;

/** The current user, or null when the server says 401. */
export async function fetchUser(): Promise<PublicUser | null> {
  try {
    const user = await api<PublicUser>('/api/user');
    sessionStorage.setItem('va.signedIn', '1');
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchUser,
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: false,
  gcTime: 0,
});

export function useUser() {
  const q = useQuery(userQueryOptions);
  return { user: q.data ?? null, isLoading: q.isLoading, refetch: q.refetch, query: q };
}
