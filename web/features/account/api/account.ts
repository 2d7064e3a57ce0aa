import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@contract/account';
import { api } from '@/lib/api-client';
import { resetCacheWithUser, SIGNED_IN_FLAG } from '@/features/auth';

/** The export is a download: the browser saves the JSON the server names. */
export const accountExportUrl = '/api/account/export';

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    // The dialog shows the error under the password field.
    meta: { toast: false },
    mutationFn: (input: DeleteAccountInput) =>
      api<{ message: string }>('/api/account', { method: 'DELETE', body: input }),
    onSuccess: () => {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      resetCacheWithUser(qc, null);
    },
  });
}
