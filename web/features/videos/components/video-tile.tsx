import { formatSpeed } from '@contract/measurement-math';
import type { Video } from '@contract/videos';
import { Card, CardContent } from '@/components/ui/card';
import { SpeedEvidence } from '@/components/measured-speed';
import { formatShortDate, relativeTime } from '@/lib/format';
import { ClipName } from './clip-name';
import { ClipReadiness } from './clip-readiness';
import { VideoThumb } from './video-thumb';

/** One library tile: its name, position, date, season and the verified value, or its state (awaiting analysis, none asked, processing). */
export function VideoTile({
  video,
  onPlay,
  eager,
  awaiting = false,
  canRename = false,
}: {
  video: Video;
  /** The family (or an admin) may name the clip here (decision 259). */
  canRename?: boolean;
  /** A pending request is measured on this clip (issue 52 item 7: a fresh upload is not 'awaiting'). */
  awaiting?: boolean;
  onPlay: (v: Video) => void;
  /** The tile is in view as the library opens (`VideoThumb`). */
  eager?: boolean;
}) {
  const value =
    video.igaScore != null ? (
      `IGA Score: ${Number(video.igaScore).toFixed(1)}`
    ) : video.maxSpeed != null ? (
      <>
        Max Speed: {formatSpeed(Number(video.maxSpeed), video.maxSpeedPlusMinus)}
        {video.maxSpeedPlusMinus != null && (
          <span className="flex flex-wrap items-baseline gap-x-2">
            <SpeedEvidence methodLabel={video.methodLabel} requestId={video.analysisRequestId} />
          </span>
        )}
      </>
    ) : awaiting ? (
      'Awaiting analysis'
    ) : (
      'No analysis requested'
    );
  // An unreadable file: the family was mailed; it is removed on this date (decision 132).
  const state = video.removeOn
    ? `Unreadable · removed on ${formatShortDate(video.removeOn)}`
    : video.status === 'ready'
      ? value
      : video.status === 'failed'
        ? 'Could not be processed'
        : awaiting
          ? 'Processing video · Awaiting analysis'
          : 'Processing video';
  return (
    <Card className="overflow-hidden" data-testid="video-tile">
      <VideoThumb video={video} onPlay={onPlay} eager={eager} className="rounded-none" />
      <CardContent className="grid gap-1 p-4 pt-3 text-sm sm:p-4 sm:pt-3">
        <ClipName video={video} canRename={canRename} />
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold">{video.positionKey ?? 'Unknown'}</span>
          <time className="text-xs text-muted-foreground" dateTime={video.createdAt}>
            {formatShortDate(video.createdAt)}
          </time>
        </div>
        <span className="text-muted-foreground">
          {video.season ? `Season: ${video.season}` : relativeTime(video.createdAt)}
        </span>
        <span className="font-medium" data-testid="video-state">
          {state}
        </span>
        {/* A clip of the family's with no result yet: what it is ready for (decision 247). */}
        {video.status !== 'failed' && !video.removeOn && video.maxSpeed == null && video.igaScore == null && (
          <ClipReadiness videoId={video.id} compact className="mt-1" />
        )}
      </CardContent>
    </Card>
  );
}
