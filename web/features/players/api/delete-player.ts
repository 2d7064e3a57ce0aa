import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePlayerResult } from '@contract/players';
import { api } from '@/lib/api-client';
import { playerQueryKey } from './get-player';
import { playersQueryKey } from './get-players';

export const deletePlayer = (id: number) => api<DeletePlayerResult>(`/api/players/${id}`, { method: 'DELETE' });

/** Refunded credits change the balance in the header: the user is refetched too. */
export function useDeletePlayer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deletePlayer(id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: playerQueryKey(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: playersQueryKey }),
        qc.invalidateQueries({ queryKey: ['/api/user'] }),
      ]);
    },
  });
}
