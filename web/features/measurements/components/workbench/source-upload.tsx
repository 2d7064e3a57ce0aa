import type { VideoMedia } from '@contract/measurements';
import { VIDEO_ACCEPT_ATTR, type Video } from '@contract/videos';
import { FilePickButton } from '@/components/ui/file-pick-button';
import { useUploadSourceVideo } from '../../api/upload-source-video';

/** The analyst uploads the clip to measure (downloaded from Hudl by its owner); it becomes the request's source. */
export function SourceUpload({
  requestId,
  playerId,
  label,
  onUploaded,
  variant = 'default',
}: {
  requestId: number;
  playerId: number;
  label: string;
  onUploaded: (r: { video: Video; media: VideoMedia }) => void;
  variant?: 'default' | 'outline';
}) {
  const upload = useUploadSourceVideo(requestId, playerId);
  return (
    <FilePickButton
      size="sm"
      variant={variant}
      accept={VIDEO_ACCEPT_ATTR}
      inputLabel="Source clip file"
      testId="source-video-input"
      busy={upload.isPending}
      progress={upload.progress}
      onFile={(file) => upload.mutate(file, { onSuccess: onUploaded })}
    >
      {label}
    </FilePickButton>
  );
}
