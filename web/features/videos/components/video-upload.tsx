import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { VIDEO_ACCEPT, type Video } from '@contract/videos';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useUploadVideo } from '../api/upload-video';

const ACCEPT = [...Object.keys(VIDEO_ACCEPT), ...Object.values(VIDEO_ACCEPT).flat()].join(',');

/** A Select Video button over a hidden file chooser; shows the real upload percentage while sending. */
export function VideoUploadButton({ playerId, positionId, label = 'Select Video', onUploaded, ...button }: { playerId: number; positionId: number | null; label?: string; onUploaded?: (video: Video) => void } & ButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadVideo(playerId);
  const [name, setName] = useState<string | null>(null);
  const busy = upload.isPending;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Video file"
        data-testid="video-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setName(file.name);
          upload.mutate({ file, positionId }, { onSuccess: (v) => onUploaded?.(v) });
        }}
      />
      <Button {...button} disabled={busy || button.disabled} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        {busy ? `Uploading ${upload.progress ?? 0}%` : label}
      </Button>
      {busy && (
        <div className="grid w-full max-w-xs gap-1" aria-live="polite">
          <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={upload.progress ?? 0} aria-label="Upload progress">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${upload.progress ?? 0}%` }} />
          </div>
          <span className="truncate text-xs text-muted-foreground">{name}</span>
        </div>
      )}
    </>
  );
}
