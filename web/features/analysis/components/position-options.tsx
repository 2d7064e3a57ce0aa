import { positionName, usePositions } from '@/features/players';

/** The player's primary and secondary positions, the only ones a request may name. */
export function PositionOptions({ primary, secondary }: { primary?: number; secondary?: number | null }) {
  const { data } = usePositions();
  return (
    <>
      {primary ? <option value={primary}>{positionName(data, primary)} (Primary)</option> : null}
      {secondary ? <option value={secondary}>{positionName(data, secondary)} (Secondary)</option> : null}
    </>
  );
}
