import { useEffect, useMemo, useRef, useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import type { Mark } from '@contract/measurement-math';
import type { Landmark, MeasurementField, PreviewInput } from '@contract/measurements';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useVideoMedia } from '../../api/get-video-media';
import { usePreviewMeasurement } from '../../api/preview-measurement';
import { MediaFacts } from '../media-facts';
import { useDebouncedValue } from '../use-debounced-value';
import { FrameViewer } from '../viewer/frame-viewer';
import { ConfirmPanel, type Confirmation } from './confirm-panel';
import { LiveResults } from './live-results';
import { MarkControls } from './mark-controls';
import { MarkList } from './mark-list';
import { moveMark, nextYard, placeMark, removeMark, yardLabel } from './marks';
import { SourceUpload } from './source-upload';

/** What the complete call sends: the marks (and any override) and the Max Speed they give. */
export interface MeasuredCompletion {
  field: MeasurementField;
  maxSpeed: number;
}

/**
 * The max-speed workbench of the Process dialog: the request's source clip decoded frame by frame,
 * the analyst's yard-line marks, and the server's live computation beside them.
 */
export function MeasurementWorkbench({ item, onChange, onQualityReject }: {
  item: QueueItem;
  onChange: (m: MeasuredCompletion | null) => void;
  onQualityReject: () => void;
}) {
  const [videoId, setVideoId] = useState<number | null>(item.sourceVideoId ?? null);
  const media = useVideoMedia(videoId);
  const change = (id: number) => setVideoId(id);

  if (!videoId) {
    return (
      <section className="grid justify-items-start gap-2 rounded-md border border-dashed p-4" aria-label="Source video">
        <p className="font-medium">No source clip yet</p>
        <p className="text-sm text-muted-foreground">Download the play from Hudl (start at the time given above) and upload it here; the speed is measured on this file.</p>
        <SourceUpload requestId={item.id} playerId={item.playerId} label="Upload source clip" onUploaded={(r) => change(r.video.id)} />
      </section>
    );
  }
  if (media.isPending || (media.isError && media.error instanceof ApiError && media.error.status === 409)) {
    return <p className="flex items-center gap-2 text-sm text-muted-foreground"><Spinner size="sm" /> Reading the source clip (frame times, codec, working copy)...</p>;
  }
  if (media.isError) return <p role="alert" className="text-sm text-destructive">The source clip cannot be opened: {media.error.message}</p>;
  if (media.data.status === 'failed') return <p role="alert" className="text-sm text-destructive">The source clip could not be read: {media.data.error ?? 'unknown error'}</p>;
  return (
    <Bench key={videoId} item={item} media={media.data} onChange={onChange} onQualityReject={onQualityReject} onVideo={change} />
  );
}

function Bench({ item, media, onChange, onQualityReject, onVideo }: {
  item: QueueItem;
  media: NonNullable<ReturnType<typeof useVideoMedia>['data']>;
  onChange: (m: MeasuredCompletion | null) => void;
  onQualityReject: () => void;
  onVideo: (id: number) => void;
}) {
  const [frame, setFrame] = useState(0);
  const [landmark, setLandmark] = useState<Landmark>('torso');
  const [marks, setMarks] = useState<Mark[]>([]);
  const [yard, setYard] = useState('10');
  const [yardError, setYardError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmation | null>(null);

  const input = useMemo<PreviewInput>(() => ({ videoId: media.videoId, landmark, marks }), [media.videoId, landmark, marks]);
  const settled = useDebouncedValue(input, 300);
  const preview = usePreviewMeasurement(settled);
  const pending = settled !== input || preview.isFetching;
  const error = preview.isError ? preview.error.message : null;
  const result = error ? undefined : preview.data;

  // Any change to the marks takes back a confirmation: the number must come from the marks sent.
  useEffect(() => setConfirmed(null), [input]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (!confirmed) return report.current(null);
    const field: MeasurementField = { ...input, ...(confirmed.override ? { override: confirmed.override } : {}) };
    report.current({ field, maxSpeed: confirmed.override?.maxSpeed ?? confirmed.maxSpeed });
  }, [confirmed, input]);

  const here = marks.find((m) => m.frameIndex === frame) ?? null;
  const mark = () => {
    const y = Number(yard);
    if (!/^\d{1,3}$/.test(yard.trim()) || y % 5 !== 0 || y > 100) return setYardError('Yard line must be a 5-yard line between 0 and 100');
    setYardError(null);
    const next = placeMark(marks, { frameIndex: frame, yardLine: y });
    setMarks(next);
    setYard(String(nextYard(next)));
  };

  return (
    <section className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]" aria-label="Measurement workbench">
      <div className="grid min-w-0 content-start gap-3">
        <FrameViewer media={media} frame={frame} onFrameChange={setFrame} overlay={here ? `Marked: ${yardLabel(here.yardLine)}` : null}>
          <MarkControls
            landmark={landmark}
            onLandmark={setLandmark}
            yard={yard}
            onYard={setYard}
            onMark={mark}
            markedYard={here?.yardLine ?? null}
            disabled={false}
          />
          {yardError && <p role="alert" className="text-sm text-destructive">{yardError}</p>}
        </FrameViewer>
        <details className="rounded-md border p-2 text-sm">
          <summary className="cursor-pointer font-medium">Source clip #{media.videoId}</summary>
          <div className="mt-2 grid gap-2">
            <MediaFacts media={media} />
            <div><SourceUpload requestId={item.id} playerId={item.playerId} label="Upload a different clip" variant="outline" onUploaded={(r) => onVideo(r.video.id)} /></div>
          </div>
        </details>
      </div>
      <div className="grid min-w-0 content-start gap-3">
        <h3 className="font-semibold">Marks <span className="font-normal text-muted-foreground">({marks.length})</span></h3>
        <MarkList
          marks={marks}
          frameTimes={media.frameTimes}
          current={frame}
          onGo={setFrame}
          onMove={(from) => setMarks(moveMark(marks, from, frame))}
          onRemove={(f) => setMarks(removeMark(marks, f))}
        />
        <LiveResults markCount={marks.length} result={result} error={error} pending={pending} onQualityReject={onQualityReject} />
        <ConfirmPanel
          result={result}
          ready={!pending && !error && (result?.qualityProblems.length ?? 1) === 0}
          confirmed={confirmed}
          onConfirm={setConfirmed}
        />
      </div>
    </section>
  );
}
