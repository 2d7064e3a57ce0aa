import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput, PublicUser } from '@contract/auth';
import { userKeys } from '@/features/auth';
import { api } from '@/lib/api-client';

const updateProfile = (body: ProfileUpdateInput) =>
  api<PublicUser>('/api/user/profile', { method: 'PUT', body });

/** The answer replaces the cached current user. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: 'Failed to update profile' },
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(userKeys.current, user),
  });
}
