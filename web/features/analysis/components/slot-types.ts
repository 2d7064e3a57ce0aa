import type { ReactNode } from 'react';

/** What the player card passes to the analysis pieces it places. */
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

export type DialogSlotProps = PlayerSlotProps & {
  /** The button that opens the dialog; null for none (a controlled dialog opened elsewhere). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};
