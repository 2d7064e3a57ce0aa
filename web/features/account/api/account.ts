import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@contract/account';
import { accountApi } from '@contract/api/account';
import { pathOf } from '@contract/endpoint';
import { call } from '@/lib/api-client';
import { resetCacheWithUser, SIGNED_IN_FLAG } from '@/features/auth';

/** The export is a download: the browser saves the JSON the server names. */
export const accountExportUrl = pathOf(accountApi.export);

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    // The dialog shows the error under the password field.
    meta: { toast: false },
    mutationFn: (input: DeleteAccountInput) => call(accountApi.delete, { body: input }),
    onSuccess: () => {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      resetCacheWithUser(qc, null);
    },
  });
}
