import { usePlayer } from '@/features/players';
import type { PlayerSlotProps } from './slot-types';

type SlotPlayer = NonNullable<PlayerSlotProps['player']>;

/** The player the card passed in, or fetched by id when a screen places a slot on its own. */
export function useSlotPlayer({ playerId, player }: PlayerSlotProps): SlotPlayer | undefined {
  const q = usePlayer(playerId, { live: false, enabled: !player && playerId > 0 });
  return player ?? q.data;
}
