import { MoveHorizontal, Trash2 } from 'lucide-react';
import type { Mark } from '@contract/measurement-math';
import { Button } from '@/components/ui/button';
import { displayFrame, formatTime } from '../frame-numbers';
import { yardLabel } from './marks';

/** The marks in frame order: jump to one, move it to the current frame, or remove it. */
export function MarkList({
  marks,
  frameTimes,
  current,
  onGo,
  onMove,
  onRemove,
}: {
  marks: Mark[];
  frameTimes: number[];
  current: number;
  onGo: (frame: number) => void;
  onMove: (fromFrame: number) => void;
  onRemove: (frame: number) => void;
}) {
  if (marks.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No marks yet: step to the first frame at which the landmark crosses a yard line, then mark it.
      </p>
    );
  return (
    <ol className="grid gap-1" aria-label="Marks" data-testid="mark-list">
      {marks.map((m) => (
        <li
          key={m.frameIndex}
          className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm"
          data-current={m.frameIndex === current || undefined}
        >
          <button
            type="button"
            className="min-w-0 flex-1 text-left hover:underline"
            onClick={() => onGo(m.frameIndex)}
          >
            <span className="font-medium">{yardLabel(m.yardLine)}</span>
            <span className="text-muted-foreground">
              {' '}
              · Frame {displayFrame(m.frameIndex)} · {formatTime(frameTimes[m.frameIndex] ?? 0)}
            </span>
          </button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => onMove(m.frameIndex)}
            disabled={m.frameIndex === current}
            aria-label={`Move the ${yardLabel(m.yardLine)} mark to this frame`}
            title="Move to the current frame"
          >
            <MoveHorizontal aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => onRemove(m.frameIndex)}
            aria-label={`Remove the ${yardLabel(m.yardLine)} mark`}
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ol>
  );
}
