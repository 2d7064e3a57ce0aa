import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { toPlayerBody } from '@contract/players';
import type { PlayerFormValues } from '@contract/players-forms';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api-client';
import { playerKeys } from './keys';

const updatePlayer = (id: number, values: PlayerFormValues) =>
  call(playersApi.update, { params: { id }, body: toPlayerBody(values) });

export function useUpdatePlayer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorMessage: 'Failed to update player' },
    mutationFn: (values: PlayerFormValues) => updatePlayer(id, values),
    onSuccess: async (player) => {
      qc.setQueryData(playerKeys.detail(id), player);
      await Promise.all([
        qc.invalidateQueries({ queryKey: playerKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: playerKeys.list() }),
      ]);
      toast({ title: 'Success', description: 'Player updated successfully' });
    },
  });
}
