import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@contract/access';
import type { AdminCreateUserInput, AdminUpdateUserInput } from '@contract/admin';
import { adminApi } from '@contract/api/admin';
import { apiPage, call } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Rows per 'Load more' on the user management page. */
const ADMIN_USERS_PAGE = 25;

interface AdminUserFilters {
  role?: Role;
  q?: string;
  verified?: boolean;
}

const usersQuery = (f: AdminUserFilters, cursor: string | null) => ({
  limit: ADMIN_USERS_PAGE,
  role: f.role || undefined,
  q: f.q || undefined,
  verified: f.verified === undefined ? undefined : f.verified ? ('true' as const) : ('false' as const),
  cursor: cursor ?? undefined,
});

/** Users by id, 25 a page; 'Load more' follows the server's cursor (decision 063). */
const adminUsersQueryOptions = (f: AdminUserFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(f),
    queryFn: ({ pageParam, signal }) =>
      apiPage(adminApi.listUsers, { query: usersQuery(f, pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useAdminUsers = (f: AdminUserFilters) => useInfiniteQuery(adminUsersQueryOptions(f));

function useInvalidateUsers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminKeys.users });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: (body: AdminCreateUserInput) => call(adminApi.createUser, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: (body: AdminUpdateUserInput & { id: number }) =>
      call(adminApi.updateUser, { params: { id: body.id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: (id: number) => call(adminApi.deleteUser, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useExpireSession() {
  return useMutation({
    mutationFn: () => call(adminApi.expireSession),
  });
}
