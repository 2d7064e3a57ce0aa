import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileApi } from '@contract/api/profile';
import type { ProfileUpdateInput } from '@contract/auth-forms';
import { userKeys } from '@/features/auth';
import { call } from '@/lib/api-client';

const updateProfile = (body: ProfileUpdateInput) => call(profileApi.update, { body });

/** The answer replaces the cached current user. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: 'Failed to update profile' },
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(userKeys.current, user),
  });
}
