import { LANDMARK_LABELS, LANDMARKS, type Landmark } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

const YARDS = Array.from({ length: 21 }, (_, i) => i * 5);

/** Landmark, yard line (typed or picked) and 'Mark this frame'. */
export function MarkControls({
  landmark,
  onLandmark,
  yard,
  onYard,
  onMark,
  markedYard,
  disabled,
}: {
  landmark: Landmark;
  onLandmark: (l: Landmark) => void;
  yard: string;
  onYard: (y: string) => void;
  onMark: () => void;
  /** The yard line this frame is already marked as, if any. */
  markedYard: number | null;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3 sm:grid-cols-[auto_auto_1fr] sm:items-end">
      <div className="grid gap-1">
        <label htmlFor="mark-landmark" className="text-sm font-medium">
          Landmark
        </label>
        <NativeSelect
          id="mark-landmark"
          value={landmark}
          onChange={(e) => onLandmark(e.target.value as Landmark)}
          className="h-9"
        >
          {LANDMARKS.map((l) => (
            <option key={l} value={l}>
              {LANDMARK_LABELS[l]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor="mark-yard" className="text-sm font-medium">
          Yard line
        </label>
        <Input
          id="mark-yard"
          list="yard-lines"
          inputMode="numeric"
          className="h-9 w-24"
          value={yard}
          onChange={(e) => onYard(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onMark();
          }}
        />
        <datalist id="yard-lines">
          {YARDS.map((y) => (
            <option key={y} value={y} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={onMark} disabled={disabled}>
          Mark this frame
        </Button>
        {markedYard !== null && (
          <span className="text-sm text-muted-foreground">
            This frame is marked as the {markedYard}-yard line.
          </span>
        )}
      </div>
    </div>
  );
}
