import type { VideoMedia } from '@contract/measurements';

const short = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 12)}…` : hash);

/** What the server read from the file: the facts the numbers rest on. */
export function MediaFacts({ media }: { media: VideoMedia }) {
  const items: [string, string][] = [
    [
      'File',
      `${media.container} · ${media.codec} · ${media.width}×${media.height}${media.rotation ? ` · rotated ${media.rotation}°` : ''}`,
    ],
    [
      'Frame rate',
      `${media.nominalFps} (average ${media.averageFps})${media.variableFrameRate ? ' · variable' : ''}`,
    ],
    ['Frames', `${media.frameCount} · ${media.durationSeconds.toFixed(2)} s · time base ${media.timeBase}`],
    ['SHA-256', short(media.sha256)],
  ];
  if (media.hasWorkingCopy)
    items.push([
      'Working copy',
      `${media.workingCodec} · ${short(media.workingSha256)} (every frame at its original time)`,
    ]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs" data-testid="media-facts">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 break-words" title={k === 'SHA-256' ? media.sha256 : undefined}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}
