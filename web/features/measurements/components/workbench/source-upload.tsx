import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { VIDEO_ACCEPT } from '@contract/videos';
import type { VideoMedia } from '@contract/measurements';
import type { Video } from '@contract/videos';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useUploadSourceVideo } from '../../api/upload-source-video';

const ACCEPT = [...Object.keys(VIDEO_ACCEPT), ...Object.values(VIDEO_ACCEPT).flat()].join(',');

/** The analyst uploads the clip to measure (downloaded from Hudl by its owner); it becomes the request's source. */
export function SourceUpload({ requestId, playerId, label, onUploaded, variant = 'default' }: {
  requestId: number;
  playerId: number;
  label: string;
  onUploaded: (r: { video: Video; media: VideoMedia }) => void;
  variant?: 'default' | 'outline';
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadSourceVideo(requestId, playerId);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Source clip file"
        data-testid="source-video-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          upload.mutate(file, {
            onSuccess: onUploaded,
            onError: (err) => toast({ title: 'Error', description: err.message || 'Upload failed', variant: 'destructive' }),
          });
        }}
      />
      <Button size="sm" variant={variant} disabled={upload.isPending} onClick={() => input.current?.click()}>
        <Upload aria-hidden />
        {upload.isPending ? `Uploading ${upload.progress ?? 0}%` : label}
      </Button>
    </>
  );
}
