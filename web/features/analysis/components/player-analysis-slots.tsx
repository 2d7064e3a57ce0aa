/**
 * The analysis feature's pieces of the player card. The players feature places them; the analysis
 * feature owns what they render. Props are the contract between the two.
 */
export interface PlayerSlotProps {
  playerId: number;
  /** The position the card's toggle has chosen (primary or secondary). */
  positionId?: number | null;
  player?: {
    id: number;
    firstName: string;
    lastName: string;
    primaryPositionId: number;
    secondaryPositionId: number | null;
    graduationYear: number;
    heightInches: number;
    weight: number;
    hudlUrl: string | null;
  };
}

export function RequestSpeedDialog(_p: PlayerSlotProps & { trigger?: React.ReactNode; open?: boolean; onOpenChange?: (o: boolean) => void }) {
  return null;
}
export function RequestIgaDialog(_p: PlayerSlotProps & { trigger?: React.ReactNode; open?: boolean; onOpenChange?: (o: boolean) => void }) {
  return null;
}
export function PendingRequestsBanner(_p: PlayerSlotProps) {
  return null;
}
export function PlayerStatsPanel(_p: PlayerSlotProps) {
  return null;
}
export function VideoCarousel(_p: PlayerSlotProps) {
  return null;
}
/** Highest max speed and IGA score of a player for one position; '--' until there is one. */
export function usePlayerHighlights(_playerId: number, _positionId?: number | null): { maxSpeed: number | null; igaScore: number | null } {
  return { maxSpeed: null, igaScore: null };
}
