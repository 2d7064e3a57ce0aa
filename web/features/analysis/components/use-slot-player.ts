import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayerSlotProps } from './slot-types';

type SlotPlayer = NonNullable<PlayerSlotProps['player']>;

/** The player the card passed in, or fetched by id when a screen places a slot on its own. */
export function useSlotPlayer({ playerId, player }: PlayerSlotProps): SlotPlayer | undefined {
  const q = useQuery({
    queryKey: [`/api/players/${playerId}`],
    queryFn: ({ signal }) => api<SlotPlayer>(`/api/players/${playerId}`, { signal }),
    enabled: !player && playerId > 0,
  });
  return player ?? q.data;
}
