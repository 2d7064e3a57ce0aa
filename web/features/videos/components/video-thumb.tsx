import { Play } from 'lucide-react';
import type { Video } from '@contract/videos';
import { cn } from '@/lib/cn';

/**
 * A ready video's thumbnail with a play button on hover; a failed one reads 'Could not be read', anything
 * else 'Processing...'. `eager`: in view as the screen opens, so its image is asked for as it renders, not
 * once the browser has laid the page out and found it in view (lazy loading; decision 232).
 */
export function VideoThumb({
  video,
  onPlay,
  className,
  eager = false,
}: {
  video: Video;
  onPlay: (v: Video) => void;
  className?: string;
  eager?: boolean;
}) {
  const ready = video.status === 'ready';
  const label = `Play video from season ${video.season}`;
  // A failed file is not being processed any more: say it cannot be read instead of 'Processing...'.
  const waiting = video.status === 'failed' ? 'Could not be read' : 'Processing...';
  return (
    <button
      type="button"
      disabled={!ready}
      onClick={() => onPlay(video)}
      aria-label={ready ? label : waiting}
      className={cn(
        'group relative block aspect-video w-full overflow-hidden rounded-md bg-muted text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {ready && video.thumbnail ? (
        <img
          src={video.thumbnail}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          draggable={false}
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="flex h-full items-center justify-center text-sm text-muted-foreground">
          {ready ? 'No preview' : waiting}
        </span>
      )}
      {ready && (
        <span className="absolute inset-0 flex items-center justify-center bg-black/0 transition group-hover:bg-black/30 group-focus-visible:bg-black/30">
          <span className="flex size-12 items-center justify-center rounded-full bg-white/90 opacity-0 shadow transition group-hover:opacity-100 group-focus-visible:opacity-100">
            <Play className="ml-0.5 size-6 fill-current text-primary" aria-hidden="true" />
          </span>
        </span>
      )}
    </button>
  );
}
