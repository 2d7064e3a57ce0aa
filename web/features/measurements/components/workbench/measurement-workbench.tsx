import { useEffect, useRef, useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import type { VideoMedia } from '@contract/measurements';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { ApiError } from '@/lib/api-client';
import { useVideoMedia } from '../../api/get-video-media';
import { MediaFacts } from '../media-facts';
import { MarkingBench, type MeasuredCompletion } from './marking-bench';
import { SourceUpload } from './source-upload';
import { TrackBench, type TrackedCompletion } from '../../tracking/track-bench';
import { CrossCheck, type MarkedSpeed, type TrackedSpeed } from './cross-check';

export type { MeasuredCompletion } from './marking-bench';
export type { TrackedCompletion } from '../../tracking/track-bench';

/**
 * The max-speed workbench of the Process dialog: the request's source clip decoded frame by frame,
 * the analyst's yard-line marks, and the server's live computation beside them.
 */
export function MeasurementWorkbench({
  item,
  onChange,
  onQualityReject,
  onSourceUploaded,
  onTracked,
  onTrackRefused,
}: {
  item: QueueItem;
  onChange: (m: MeasuredCompletion | null) => void;
  /** Given, the analyst may track the player instead of marking (issue 31) and complete from the track. */
  onTracked?: (m: TrackedCompletion | null) => void;
  onQualityReject: () => void;
  /**
   * Given, a track the tracker refused offers the request's rejection, with the refusal's advice to the family
   * (decision 352): the request's own workbench only, not a blind audit's.
   */
  onTrackRefused?: (advice: string) => void;
  /** A new source clip changes the request: the screen that lists requests refetches them. */
  onSourceUploaded?: () => void;
}) {
  const [videoId, setVideoId] = useState<number | null>(item.sourceVideoId ?? null);
  const media = useVideoMedia(videoId);
  const change = (id: number) => {
    onSourceUploaded?.();
    setVideoId(id);
  };

  if (!videoId) {
    return (
      <section
        className="grid justify-items-start gap-2 rounded-md border border-dashed p-4"
        aria-label="Source video"
      >
        <p className="font-medium">No source clip yet</p>
        <p className="text-sm text-muted-foreground">
          Download the play from Hudl (start at the time given above) and upload it here; the speed is
          measured on this file.
        </p>
        <SourceUpload
          requestId={item.id}
          playerId={item.playerId}
          label="Upload source clip"
          onUploaded={(r) => change(r.video.id)}
        />
      </section>
    );
  }
  if (media.isPending || (media.isError && media.error instanceof ApiError && media.error.status === 409)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" /> The source clip is still being prepared (frame times, codec, working copy). It
        opens here when it is ready; you can close this and come back.
      </p>
    );
  }
  if (media.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        The source clip cannot be opened: {media.error.message}
      </p>
    );
  if (media.data.status === 'failed')
    return (
      <p role="alert" className="text-sm text-destructive">
        The source clip could not be read: {media.data.error ?? 'unknown error'}
      </p>
    );
  return (
    <Bench
      key={videoId}
      item={item}
      media={media.data}
      onChange={onChange}
      onTracked={onTracked}
      onQualityReject={onQualityReject}
      onTrackRefused={onTrackRefused}
      onVideo={change}
    />
  );
}

function Bench({
  item,
  media,
  onChange,
  onTracked,
  onQualityReject,
  onTrackRefused,
  onVideo,
}: {
  item: QueueItem;
  media: VideoMedia;
  onChange: (m: MeasuredCompletion | null) => void;
  onTracked?: (m: TrackedCompletion | null) => void;
  onQualityReject: () => void;
  onTrackRefused?: (advice: string) => void;
  onVideo: (id: number) => void;
}) {
  const [mode, setMode] = useState<'mark' | 'track'>('mark');
  const [marked, setMarked] = useState<MarkedSpeed | null>(null);
  const [tracked, setTracked] = useState<TrackedSpeed | null>(null);
  // Each bench keeps its own confirmation; the request is completed from the one shown.
  const [markedDone, setMarkedDone] = useState<MeasuredCompletion | null>(null);
  const [trackedDone, setTrackedDone] = useState<TrackedCompletion | null>(null);
  const report = useRef({ onChange, onTracked });
  report.current = { onChange, onTracked };
  useEffect(() => {
    if (mode === 'mark') {
      report.current.onTracked?.(null);
      report.current.onChange(markedDone);
    } else {
      report.current.onChange(null);
      report.current.onTracked?.(trackedDone);
    }
  }, [mode, markedDone, trackedDone]);
  const choose = (v: string) => {
    if (v === 'mark' || v === 'track') setMode(v);
  };
  // Both benches stay mounted, the other one hidden: marks and a track can be compared (issue 31).
  return (
    <div className="grid gap-3">
      <ToggleGroup
        type="single"
        variant="outline"
        value={mode}
        onValueChange={choose}
        aria-label="How to measure"
      >
        <ToggleGroupItem value="mark">Mark crossings</ToggleGroupItem>
        <ToggleGroupItem value="track">Track the player</ToggleGroupItem>
      </ToggleGroup>
      {marked && tracked && <CrossCheck marked={marked} tracked={tracked} />}
      <div hidden={mode !== 'track'}>
        <TrackBench
          media={media}
          onConfirm={setTrackedDone}
          onResult={setTracked}
          onReject={onTrackRefused}
        />
      </div>
      <div hidden={mode !== 'mark'}>
        <MarkingBench
          media={media}
          onChange={setMarkedDone}
          onQualityReject={onQualityReject}
          onResult={setMarked}
          below={
            <details className="rounded-md border p-2 text-sm">
              <summary className="cursor-pointer font-medium">Source clip #{media.videoId}</summary>
              <div className="mt-2 grid gap-2">
                <MediaFacts media={media} />
                <div>
                  <SourceUpload
                    requestId={item.id}
                    playerId={item.playerId}
                    label="Upload a different clip"
                    variant="outline"
                    onUploaded={(r) => onVideo(r.video.id)}
                  />
                </div>
              </div>
            </details>
          }
        />
      </div>
    </div>
  );
}
