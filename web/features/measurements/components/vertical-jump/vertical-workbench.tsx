import type { QueueItem } from '@contract/analysis';
import type { VerticalMeasurement } from '@contract/vertical-jump';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useVideoMedia } from '../../api/get-video-media';
import { MediaFacts } from '../media-facts';
import { VerticalBench } from './vertical-bench';

/** The vertical jump's workbench in the Process dialog: the clip the family uploaded with the request. */
export function VerticalWorkbench({
  item,
  onChange,
  onQualityReject,
}: {
  item: QueueItem;
  onChange: (m: VerticalMeasurement | null) => void;
  onQualityReject: () => void;
}) {
  const media = useVideoMedia(item.sourceVideoId);
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
      <VerticalBench media={media.data} onChange={onChange} onQualityReject={onQualityReject} />
      <details className="rounded-md border p-2 text-sm">
        <summary className="cursor-pointer font-medium">Clip #{media.data.videoId}</summary>
        <div className="mt-2">
          <MediaFacts media={media.data} />
        </div>
      </details>
    </div>
  );
}
