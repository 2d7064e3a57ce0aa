import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserInput, AdminUpdateUserInput, AdminUser } from '@contract/admin';
import type { Role } from '@contract/constants';
import { api, apiPage } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Rows per 'Load more' on the user management page. */
const ADMIN_USERS_PAGE = 25;

interface AdminUserFilters {
  role?: Role;
  q?: string;
  verified?: boolean;
}

const usersPath = (f: AdminUserFilters) => {
  const params = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE) });
  if (f.role) params.set('role', f.role);
  if (f.q) params.set('q', f.q);
  if (f.verified !== undefined) params.set('verified', String(f.verified));
  return `/api/admin/users?${params}`;
};

/** Users by id, 25 a page; 'Load more' follows the server's cursor (decision 063). */
const adminUsersQueryOptions = (f: AdminUserFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(f),
    queryFn: ({ pageParam, signal }) => apiPage<AdminUser[]>(usersPath(f), pageParam, signal),
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
    mutationFn: (body: AdminCreateUserInput) =>
      api<AdminUser>('/api/admin/users', { method: 'POST', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: (body: AdminUpdateUserInput & { id: number }) =>
      api<AdminUser>(`/api/admin/users/${body.id}`, { method: 'PUT', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/users/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useExpireSession() {
  return useMutation({
    mutationFn: () => api<{ message: string }>('/api/admin/expire-session', { method: 'POST' }),
  });
}
