import { useState } from 'react';
import { Film } from 'lucide-react';
import type { Video } from '@contract/videos';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useVideoPages } from '../api/get-videos';
import { VideoPlayerModal } from './video-player-modal';
import { VideoTile } from './video-tile';
import { VideoUploadButton } from './video-upload';

interface LibraryPosition {
  id: number;
  name: string;
}

/** Every uploaded video is listed, with its state: 'Awaiting analysis' only while a request is measured on it. */
export const libraryVideos = (videos: Video[] | undefined) => videos ?? [];

export function VideoLibrary({
  playerId,
  positions,
  canUpload = true,
  awaitingVideoIds,
}: {
  playerId: number;
  positions: LibraryPosition[];
  canUpload?: boolean;
  /** Clips a pending request is measured on: only they read 'Awaiting analysis'. */
  awaitingVideoIds?: ReadonlySet<number>;
}) {
  const pages = useVideoPages(playerId);
  const { isLoading, error } = pages;
  const [playing, setPlaying] = useState<Video | null>(null);
  const shown = libraryVideos(pages.data?.pages.flatMap((p) => p.data.videos));

  if (isLoading) {
    return (
      <div
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        aria-label="Loading videos"
      >
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/3] w-full" data-testid="video-skeleton" />
        ))}
      </div>
    );
  }
  if (error) return <p className="text-destructive">{error.message}</p>;
  return (
    <>
      {shown.length === 0 ? (
        <EmptyLibrary playerId={playerId} positions={positions} canUpload={canUpload} />
      ) : (
        <div className="grid gap-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((v, i) => (
              // The first row (four tiles at the widest) is in view as the library opens: its images are its LCP.
              <VideoTile
                key={v.id}
                video={v}
                onPlay={setPlaying}
                eager={i < 4}
                awaiting={awaitingVideoIds?.has(v.id) ?? false}
                canRename={canUpload}
              />
            ))}
          </div>
          <LoadMoreButton query={pages} className="justify-self-center" />
        </div>
      )}
      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

function EmptyLibrary({
  playerId,
  positions,
  canUpload,
}: {
  playerId: number;
  positions: LibraryPosition[];
  canUpload: boolean;
}) {
  const [positionId, setPositionId] = useState<number | null>(positions[0]?.id ?? null);
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-background p-10 text-center">
      <Film className="size-10 text-muted-foreground" aria-hidden="true" />
      <div>
        <p className="text-lg font-semibold">No videos yet</p>
        <p className="text-sm text-muted-foreground">
          Upload game film for this player, or request an analysis to get a verified video.
        </p>
      </div>
      {canUpload && (
        <div className="grid w-full max-w-xs gap-2 text-left">
          <Label htmlFor="upload-position">Position</Label>
          <NativeSelect
            id="upload-position"
            value={positionId ?? ''}
            onChange={(e) => setPositionId(Number(e.target.value) || null)}
          >
            {positions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {canUpload && <VideoUploadButton playerId={playerId} positionId={positionId} />}
    </div>
  );
}
