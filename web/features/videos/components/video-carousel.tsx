import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Film } from 'lucide-react';
import { formatSpeed } from '@contract/measurement-math';
import type { Video } from '@contract/videos';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useVideos } from '../api/get-videos';
import { VideoPlayerModal } from './video-player-modal';
import { VideoThumb } from './video-thumb';

/** The player's videos, three per view on wider screens, draggable, with previous and next buttons. */
export function VideoCarousel({ playerId }: { playerId: number; positionId?: number | null }) {
  const { data, isLoading } = useVideos(playerId);
  const [playing, setPlaying] = useState<Video | null>(null);
  const videos = data?.videos ?? [];

  if (isLoading) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Loading videos">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className={`aspect-video w-full ${i > 0 ? 'hidden sm:block' : ''}`} />
        ))}
      </div>
    );
  }
  if (videos.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Film className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No videos available</p>
        <p className="text-sm text-muted-foreground">No videos uploaded yet</p>
        <p className="text-sm text-muted-foreground">
          Upload your first video to start analyzing performance
        </p>
      </div>
    );
  }
  return (
    <>
      <Slides videos={videos} onPlay={setPlaying} />
      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

function Slides({ videos, onPlay }: { videos: Video[]; onPlay: (v: Video) => void }) {
  const [ref, embla] = useEmblaCarousel({ align: 'start', dragFree: false, containScroll: 'trimSnaps' });
  const [can, setCan] = useState({ prev: false, next: false });
  const update = useCallback(
    () => embla && setCan({ prev: embla.canScrollPrev(), next: embla.canScrollNext() }),
    [embla],
  );
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => void embla.off('select', update).off('reInit', update);
  }, [embla, update]);

  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label="Player videos">
      <div ref={ref} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {videos.map((v) => (
            <div
              key={v.id}
              className="min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/2 lg:basis-1/3"
              data-testid="carousel-video"
            >
              <VideoThumb video={v} onPlay={onPlay} />
              <div className="mt-2 flex flex-wrap justify-between gap-x-2 text-sm">
                <span className="min-w-0 truncate text-muted-foreground" title={v.name ?? undefined}>
                  {v.name ?? `Season ${v.season}`}
                  {v.positionKey ? ` · ${v.positionKey}` : ''}
                </span>
                <span className="font-medium">
                  {v.maxSpeed != null
                    ? formatSpeed(Number(v.maxSpeed), v.maxSpeedPlusMinus)
                    : v.igaScore != null
                      ? `IGA ${Number(v.igaScore).toFixed(1)}`
                      : ''}
                </span>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="outline"
          size="icon"
          onClick={() => embla?.scrollPrev()}
          disabled={!can.prev}
          aria-label="Previous videos"
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          onClick={() => embla?.scrollNext()}
          disabled={!can.next}
          aria-label="Next videos"
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
