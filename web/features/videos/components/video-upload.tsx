import { useState } from 'react';
import { VIDEO_ACCEPT_ATTR, type Video } from '@contract/videos';
import type { ButtonProps } from '@/components/ui/button';
import { FilePickButton } from '@/components/ui/file-pick-button';
import { useUploadVideo } from '../api/upload-video';

/** A Select Video button over a hidden file chooser; shows the real upload percentage while sending. */
export function VideoUploadButton({
  playerId,
  positionId,
  label = 'Select Video',
  onUploaded,
  ...button
}: {
  playerId: number;
  positionId: number | null;
  label?: string;
  onUploaded?: (video: Video) => void;
} & ButtonProps) {
  const upload = useUploadVideo(playerId);
  const [name, setName] = useState<string | null>(null);
  const busy = upload.isPending;
  return (
    <>
      <FilePickButton
        {...button}
        accept={VIDEO_ACCEPT_ATTR}
        inputLabel="Video file"
        testId="video-file-input"
        busy={busy}
        progress={upload.progress}
        onFile={(file) => {
          setName(file.name);
          upload.mutate({ file, positionId }, { onSuccess: (v) => onUploaded?.(v) });
        }}
      >
        {label}
      </FilePickButton>
      {busy && (
        <div className="grid w-full max-w-xs gap-1" aria-live="polite">
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress ?? 0}
            aria-label="Upload progress"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${upload.progress ?? 0}%` }}
            />
          </div>
          <span className="truncate text-xs text-muted-foreground">{name}</span>
        </div>
      )}
    </>
  );
}
