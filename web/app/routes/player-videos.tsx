import { useMemo } from 'react';
import { useParams } from 'react-router';
import { isAdmin } from '@contract/access';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { RequestButtons } from '@/features/analysis/components/request-buttons';
import { useRequestHistory } from '@/features/analysis/api/get-request-history';
import { usePlayer } from '@/features/players/api/get-player';
import { positionName, usePositions } from '@/features/players/api/get-positions';
import { useVideoPages } from '@/features/videos/api/get-videos';
import { libraryVideos, VideoLibrary } from '@/features/videos/components/video-library';
import { VideoUploadButton } from '@/features/videos/components/video-upload';
import { useUser } from '@/features/auth/api/use-user';
import { paths } from '@/lib/paths';
import NotFound from './not-found';

/** Screen: the player's video library. */
export default function PlayerVideosRoute() {
  const playerId = Number(useParams().id);
  const player = usePlayer(playerId, { live: false, enabled: playerId > 0 });
  const positions = usePositions();
  // The same cached pages the library shows: no second request for the whole list.
  const videos = useVideoPages(playerId);
  const { user } = useUser();
  // The clips a pending request is measured on (issue 52 item 7: a fresh upload is not 'awaiting').
  const history = useRequestHistory(playerId);
  const awaiting = useMemo(
    () =>
      new Set(
        (history.data ?? [])
          .filter((r) => r.status === 'pending' && r.sourceVideoId !== null)
          .map((r) => r.sourceVideoId!),
      ),
    [history.data],
  );
  // The empty library has its own upload control with a position choice.
  const hasListed = libraryVideos(videos.data?.pages[0]?.data.videos).length > 0;
  if (!(playerId > 0) || player.error) return <NotFound />;
  const p = player.data;
  // Analysts can watch any library but only the family (or an admin) adds to it; the server enforces the same.
  const canUpload = Boolean(p && user && (p.userId === user.id || isAdmin(user.role)));
  const own = p ? [p.primaryPositionId, p.secondaryPositionId].filter((x): x is number => Boolean(x)) : [];
  const options = own.map((id) => ({ id, name: positionName(positions.data, id) }));

  return (
    <div className="grid gap-4">
      <Breadcrumb
        items={[
          { label: 'Dashboard', to: paths.home },
          { label: 'Player Card', to: paths.player(playerId) },
          { label: 'Videos' },
        ]}
      />
      <PageHeader
        title={p ? `${p.firstName} ${p.lastName} Videos` : <Skeleton className="h-8 w-64" />}
        subtitle="Upload and manage player performance videos"
        actions={
          p && (
            <>
              {/* Every requestable kind is offered here as on the player card (issue 51). */}
              <RequestButtons playerId={playerId} player={p} />
              {hasListed && canUpload && (
                <VideoUploadButton
                  playerId={playerId}
                  positionId={p.primaryPositionId}
                  label="Upload Video"
                  variant="outline"
                />
              )}
            </>
          )
        }
      />
      {p ? (
        <VideoLibrary
          playerId={playerId}
          positions={options}
          canUpload={canUpload}
          awaitingVideoIds={awaiting}
        />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
