import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import type { BodyIn } from '@contract/endpoint';
import { toPlayerBody } from '@contract/players';
import type { PlayerFormValues } from '@contract/players-forms';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api-client';
import { playerKeys } from './keys';

/**
 * The specification's client sends userId fixed at 1; the server takes the owner from the session. The
 * add form's resolver has already required what the create body needs (hudlUrl).
 */
const createPlayer = (values: PlayerFormValues) => {
  const body = { ...toPlayerBody(values), userId: 1 } as BodyIn<typeof playersApi.create>;
  return call(playersApi.create, { body });
};

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
