import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserInput, AdminUpdateUserInput, AdminUser } from '@contract/admin';
import type { Role } from '@contract/constants';
import { api } from '@/lib/api-client';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

export const getAdminUsers = (role?: Role) => api<AdminUser[]>(role ? `/api/admin/users?role=${role}` : '/api/admin/users');

export const adminUsersQueryOptions = (role?: Role) =>
  queryOptions({ queryKey: [...adminUsersQueryKey, role ?? 'all'], queryFn: () => getAdminUsers(role), staleTime: 0 });

export const useAdminUsers = (role?: Role) => useQuery(adminUsersQueryOptions(role));

function useInvalidateUsers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminUsersQueryKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: AdminCreateUserInput) => api<AdminUser>('/api/admin/users', { method: 'POST', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: AdminUpdateUserInput & { id: number }) =>
      api<AdminUser>(`/api/admin/users/${body.id}`, { method: 'PUT', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/users/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useExpireSession() {
  return useMutation({ mutationFn: () => api<{ message: string }>('/api/admin/expire-session', { method: 'POST' }) });
}
