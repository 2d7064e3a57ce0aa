import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Receipt } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useVideoMedia } from '../../api/get-video-media';
import { displayFrame, formatTime } from '../frame-numbers';
import { FrameViewer } from '../viewer/frame-viewer';

/**
 * The marked frames one by one (stills the server cut with ffmpeg at each exact presentation time),
 * and on request the frame-exact viewer on the working file, opened at the mark, to check the frames
 * either side of it.
 */
export function MarkedFrames({ receipt }: { receipt: Receipt }) {
  const stills = receipt.stills;
  const [at, setAt] = useState(0);
  const [viewer, setViewer] = useState(false);
  const still = stills[at];
  if (!still)
    return <p className="text-sm text-muted-foreground">No stills were stored with this receipt.</p>;
  // A tracked value's stills are the track's proposed crossings, not an analyst's marks (issue 31).
  const tracked = Boolean(receipt.measurement.tracked);
  const caption = `${still.yardLine}-yard line · Frame ${displayFrame(still.frameIndex)} (frameIndex ${still.frameIndex}) · ${formatTime(still.time)}`;
  return (
    <div className="grid gap-2" data-testid="marked-frames">
      <figure className="grid gap-1">
        <img
          src={still.url}
          alt={`${tracked ? 'Proposed crossing frame' : 'Marked frame'}: ${caption}`}
          className="aspect-video w-full rounded-md bg-black object-contain"
        />
        <figcaption className="text-sm font-medium" data-testid="marked-frame-caption">
          {tracked ? 'Proposed crossing' : 'Mark'} {at + 1} of {stills.length}: {caption}
        </figcaption>
      </figure>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => setAt(at - 1)} disabled={at === 0}>
          <ChevronLeft aria-hidden /> Previous mark
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAt(at + 1)} disabled={at >= stills.length - 1}>
          Next mark <ChevronRight aria-hidden />
        </Button>
        {receipt.video.videoId && (
          <Button size="sm" variant="secondary" onClick={() => setViewer(!viewer)} aria-expanded={viewer}>
            {viewer ? 'Close the frame viewer' : 'Check the frames around this mark'}
          </Button>
        )}
      </div>
      {viewer && receipt.video.videoId && (
        <AroundMark videoId={receipt.video.videoId} frame={still.frameIndex} key={still.frameIndex} />
      )}
    </div>
  );
}

function AroundMark({ videoId, frame: start }: { videoId: number; frame: number }) {
  const media = useVideoMedia(videoId);
  const [frame, setFrame] = useState(start);
  if (media.isPending) return <Spinner />;
  if (media.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        The video cannot be opened: {media.error.message}
      </p>
    );
  return (
    <FrameViewer
      media={media.data}
      frame={frame}
      onFrameChange={setFrame}
      overlay={frame === start ? 'The marked frame' : null}
    />
  );
}
