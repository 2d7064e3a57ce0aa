import { useEffect, useId, useState } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play, ZoomIn, ZoomOut, Maximize } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { displayFrame, frameIndexOf } from '../frame-numbers';
import type { useZoomPan } from './use-zoom-pan';

const RATES = [
  { value: '1', label: '1x' },
  { value: '0.25', label: '1/4x' },
  { value: '0.125', label: '1/8x' },
];

interface Props {
  frame: number;
  total: number;
  disabled: boolean;
  playing: boolean;
  rate: number;
  zoom: ReturnType<typeof useZoomPan>;
  onStep: (delta: number) => void;
  onJump: (frame: number) => void;
  onTogglePlay: () => void;
  onRate: (rate: number) => void;
}

export function FrameControls({
  frame,
  total,
  disabled,
  playing,
  rate,
  zoom,
  onStep,
  onJump,
  onTogglePlay,
  onRate,
}: Props) {
  const [jump, setJump] = useState(String(displayFrame(frame)));
  // Two viewers can share a page (a receipt's, and the correction dialog's).
  const jumpId = useId();
  useEffect(() => setJump(String(displayFrame(frame))), [frame]);
  const submitJump = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1 && n <= total) onJump(frameIndexOf(n));
    else setJump(String(displayFrame(frame)));
  };
  return (
    <div className="grid gap-2">
      <input
        type="range"
        min={1}
        max={Math.max(1, total)}
        value={displayFrame(frame)}
        disabled={disabled}
        onChange={(e) => onJump(frameIndexOf(Number(e.target.value)))}
        aria-label="Frame slider"
        className="w-full accent-[var(--color-primary)]"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onStep(-1)} disabled={disabled || frame <= 0}>
          <ChevronLeft aria-hidden /> Previous frame
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onTogglePlay}
          disabled={disabled}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onStep(1)}
          disabled={disabled || frame >= total - 1}
        >
          Next frame <ChevronRight aria-hidden />
        </Button>
        <ToggleGroup
          type="single"
          size="sm"
          variant="outline"
          value={String(rate)}
          onValueChange={(v) => v && onRate(Number(v))}
          aria-label="Playback speed"
        >
          {RATES.map((r) => (
            <ToggleGroupItem key={r.value} value={r.value} aria-label={`Play at ${r.label}`}>
              {r.label}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor={jumpId} className="text-sm">
            Go to frame
          </label>
          <Input
            id={jumpId}
            inputMode="numeric"
            className="h-8 w-20"
            value={jump}
            disabled={disabled}
            onChange={(e) => setJump(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              submitJump();
            }}
          />
          <Button size="sm" variant="secondary" onClick={submitJump} disabled={disabled}>
            Go
          </Button>
        </div>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => zoom.zoom(0.8)}
            disabled={zoom.scale <= 1}
            aria-label="Zoom out"
          >
            <ZoomOut aria-hidden />
          </Button>
          <span className="w-10 text-center text-xs tabular-nums text-muted-foreground">
            {Math.round(zoom.scale * 100)}%
          </span>
          <Button variant="ghost" size="icon" onClick={() => zoom.zoom(1.25)} aria-label="Zoom in">
            <ZoomIn aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={zoom.reset}
            disabled={zoom.scale === 1}
            aria-label="Fit frame"
          >
            <Maximize aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
