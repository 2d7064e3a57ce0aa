import { useState } from 'react';
import { formatSpeed } from '@contract/measurement-math';
import type { Receipt } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useCorrectMeasurement } from '../../api/correct-measurement';
import { useVideoMedia } from '../../api/get-video-media';
import { MarkingBench, type MeasuredCompletion } from '../workbench/marking-bench';

/**
 * An analyst re-checks the marks on the same clip and saves a correction: a new revision of the
 * receipt (the earlier ones stay readable).
 */
export function CorrectDialog({ receipt, onSaved }: { receipt: Receipt; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const videoId = receipt.video.videoId;
  if (!videoId) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Correct this measurement
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Correct Max Speed</DialogTitle>
          <DialogDescription>
            Revision {receipt.revision}: {formatSpeed(receipt.maxSpeed, receipt.plusMinus)}. Move, add or
            remove marks, confirm, and save: the receipt gets a new revision.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <Correction
            receipt={receipt}
            videoId={videoId}
            onSaved={() => {
              setOpen(false);
              onSaved();
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Correction({
  receipt,
  videoId,
  onSaved,
  onCancel,
}: {
  receipt: Receipt;
  videoId: number;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const media = useVideoMedia(videoId);
  const [measured, setMeasured] = useState<MeasuredCompletion | null>(null);
  const correct = useCorrectMeasurement(receipt.requestId, receipt.playerId);
  if (media.isPending) return <Spinner />;
  if (media.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        The clip cannot be opened: {media.error.message}
      </p>
    );
  const initial = {
    landmark: receipt.landmark,
    marks: receipt.measurement.marks.map((m) => ({ frameIndex: m.frameIndex, yardLine: m.yardLine })),
  };
  const save = () => {
    if (!measured) return;
    correct.mutate(measured.field, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Correction saved as a new revision' });
        onSaved();
      },
    });
  };
  return (
    <>
      <MarkingBench media={media.data} initial={initial} onChange={setMeasured} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={correct.isPending}>
          Cancel
        </Button>
        <Button onClick={save} disabled={!measured || correct.isPending}>
          {correct.isPending ? 'Saving...' : 'Save correction'}
        </Button>
      </DialogFooter>
    </>
  );
}
