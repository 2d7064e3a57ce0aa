import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toPlayerBody, type Player, type PlayerFormValues } from '@contract/players';
import { toast } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { playerKeys } from './keys';

const createPlayer = (values: PlayerFormValues) =>
  api<Player>('/api/players', { method: 'POST', body: { ...toPlayerBody(values), userId: 1 } });

export function useCreatePlayer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPlayer,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: playerKeys.list() });
      toast({ title: 'Success', description: 'Player created successfully' });
    },
  });
}
