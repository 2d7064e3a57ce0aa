import type { Player, Position } from '@contract/players';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

export type PositionSlot = 'primary' | 'secondary';

/** Primary or secondary position; secondary is disabled when the player has none. */
export function PositionToggle({ player, positions, value, onChange }: {
  player: Player; positions: Position[]; value: PositionSlot; onChange: (v: PositionSlot) => void;
}) {
  const name = (id: number | null) => positions.find((p) => p.id === id)?.name;
  return (
    <ToggleGroup
      type="single"
      variant="outline"
      size="sm"
      value={value}
      onValueChange={(v) => v && onChange(v as PositionSlot)}
      aria-label="Position"
      className="w-full flex-nowrap"
    >
      <ToggleGroupItem value="primary" className="min-w-0 flex-1">
        <span className="truncate">Primary{name(player.primaryPositionId) ? `: ${name(player.primaryPositionId)}` : ''}</span>
      </ToggleGroupItem>
      <ToggleGroupItem value="secondary" className="min-w-0 flex-1" disabled={!player.secondaryPositionId}>
        <span className="truncate">Secondary{name(player.secondaryPositionId) ? `: ${name(player.secondaryPositionId)}` : ''}</span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
