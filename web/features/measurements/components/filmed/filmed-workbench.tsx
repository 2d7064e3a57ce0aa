import type { QueueItem } from '@contract/analysis';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useVideoMedia } from '../../api/get-video-media';
import { MediaFacts } from '../media-facts';
import type { FilmedMeasurement } from './filmed-bench';
import { kindViews } from '../../kinds';

/** A filmed kind's workbench in the Process dialog: the clip the family uploaded with the request, on the kind's bench. */
export function FilmedWorkbench({
  kind,
  item,
  onChange,
  onQualityReject,
}: {
  kind: string;
  item: QueueItem;
  onChange: (m: FilmedMeasurement | null) => void;
  onQualityReject: () => void;
}) {
  const media = useVideoMedia(item.sourceVideoId);
  // Each filmed kind's bench, registered by the kind's folder (decision 271).
  const Bench = kindViews(kind)?.Bench;
  if (!Bench)
    return (
      <p role="alert" className="text-sm text-destructive">
        No workbench measures this kind.
      </p>
    );
  if (!item.sourceVideoId)
    return (
      <p role="alert" className="text-sm text-destructive">
        This request has no clip: reject it.
      </p>
    );
  if (media.isPending || (media.isError && media.error instanceof ApiError && media.error.status === 409))
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" /> The clip is still being prepared. It opens here when it is ready.
      </p>
    );
  if (media.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        The clip cannot be opened: {media.error.message}
      </p>
    );
  if (media.data.status === 'failed')
    return (
      <p role="alert" className="text-sm text-destructive">
        The clip could not be read: {media.data.error ?? 'unknown error'}
      </p>
    );
  return (
    <div className="grid gap-3">
      <Bench media={media.data} onChange={onChange} onQualityReject={onQualityReject} />
      <details className="rounded-md border p-2 text-sm">
        <summary className="cursor-pointer font-medium">Clip #{media.data.videoId}</summary>
        <div className="mt-2">
          <MediaFacts media={media.data} />
        </div>
      </details>
    </div>
  );
}
