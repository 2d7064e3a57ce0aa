import type { Player, Position } from '@contract/players';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

export type PositionSlot = 'primary' | 'secondary';

/** Primary or secondary position; secondary is disabled when the player has none. */
export function PositionToggle({
  player,
  positions,
  value,
  onChange,
}: {
  player: Player;
  positions: Position[];
  value: PositionSlot;
  onChange: (v: PositionSlot) => void;
}) {
  const label = (slot: string, id: number | null) => {
    const pos = positions.find((p) => p.id === id);
    if (!pos) return slot;
    return (
      <>
        {slot}: <span className="sm:hidden">{pos.key}</span>
        <span className="hidden sm:inline">{pos.name}</span>
      </>
    );
  };
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
      {/* Labels wrap instead of being cut off ('Secondary: Defensive Tackle' in a narrow card). */}
      <ToggleGroupItem
        value="primary"
        className="h-auto min-h-8 min-w-0 flex-1 whitespace-normal py-1 leading-tight"
      >
        <span>{label('Primary', player.primaryPositionId)}</span>
      </ToggleGroupItem>
      <ToggleGroupItem
        value="secondary"
        className="h-auto min-h-8 min-w-0 flex-1 whitespace-normal py-1 leading-tight"
        disabled={!player.secondaryPositionId}
      >
        <span>{label('Secondary', player.secondaryPositionId)}</span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
