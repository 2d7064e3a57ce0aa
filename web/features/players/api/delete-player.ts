import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { call } from '@/lib/api-client';
import { userKeys } from '@/features/auth';
import { playerKeys } from './keys';

const deletePlayer = (id: number) => call(playersApi.delete, { params: { id } });

/** Refunded credits change the balance in the header: the user is refetched too. */
export function useDeletePlayer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: 'Something went wrong' },
    mutationFn: () => deletePlayer(id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: playerKeys.detail(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: playerKeys.list() }),
        qc.invalidateQueries({ queryKey: userKeys.current }),
      ]);
    },
  });
}
