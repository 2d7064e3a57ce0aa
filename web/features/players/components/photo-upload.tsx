import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ImagePlus, Trash2 } from 'lucide-react';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB, PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE } from '@contract/players';
import { Button } from '@/components/ui/button';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { uploadPhoto } from '../api/upload-photo';

interface PhotoUploadProps {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  name: string;
  /** Both pages show a refused photo under the drop zone; the edit page also toasts it. */
  variant: 'add' | 'edit';
}

/** Idle -> uploading (simulated progress up to 90 %, then 100 %) -> reset after half a second. */
export function PhotoUpload({ value, onChange, name, variant }: PhotoUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const onDropAccepted = async ([file]: File[]) => {
    if (!file) return;
    setDropError(null);
    setProgress(0);
    timer.current = setInterval(() => setProgress((p) => (p === null ? p : Math.min(90, p + 10))), 150);
    try {
      const { url } = await uploadPhoto(file);
      onChange(url);
      setProgress(100);
      toast({ title: 'Photo uploaded', description: 'Your profile photo has been uploaded successfully' });
    } catch (err) {
      // The server judges the bytes: not an image, or too many pixels, is said where the photo was dropped.
      const message = (err as Error).message || 'Failed to upload image';
      setDropError(message);
      if (variant === 'edit') toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    } finally {
      clearInterval(timer.current);
      setTimeout(() => setProgress(null), 500);
    }
  };

  const onDropRejected = (rejections: FileRejection[]) => {
    const error = rejections[0]?.errors[0];
    if (!error) return;
    // react-dropzone's own wording says bytes ('larger than 5242880 bytes'): ours says MB, as the hint does.
    setDropError(
      error.code === 'file-too-large'
        ? PHOTO_TOO_LARGE
        : error.code === 'file-invalid-type'
          ? PHOTO_NOT_IMAGE
          : error.message,
    );
    if (variant === 'add') return;
    if (error.code === 'file-invalid-type')
      toast({ title: 'Invalid file type', description: PHOTO_NOT_IMAGE, variant: 'destructive' });
    else if (error.code === 'file-too-large')
      toast({ title: 'File too large', description: PHOTO_TOO_LARGE, variant: 'destructive' });
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
    maxFiles: 1,
    multiple: false,
    maxSize: PHOTO_MAX_BYTES,
    disabled: progress !== null,
    onDropAccepted: (files) => void onDropAccepted(files),
    onDropRejected,
  });

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <InitialsAvatar name={name || 'New player'} src={value} size="xl" className="size-24 text-3xl" />
      <div className="w-full min-w-0 flex-1 space-y-2">
        <div
          {...getRootProps({
            className: cn(
              'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors hover:bg-accent/50',
              isDragActive && 'border-primary bg-accent/50',
              progress !== null && 'cursor-wait opacity-70',
            ),
          })}
        >
          <input {...getInputProps({ 'aria-label': 'Upload photo' })} />
          <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">
            {isDragActive ? 'Drop the photo here' : 'Click or drag a photo to upload'}
          </p>
          <p className="text-xs text-muted-foreground">PNG, JPG or JPEG, less than {PHOTO_MAX_MB}MB</p>
        </div>
        {progress !== null && (
          <div className="space-y-1" aria-live="polite">
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Uploading photo"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className={cn('h-full bg-primary transition-all', WIDTHS[Math.round(progress / 10)])} />
            </div>
            <p className="text-xs text-muted-foreground">Uploading... {progress}%</p>
          </div>
        )}
        {dropError && (
          <p role="alert" className="text-sm text-destructive">
            {dropError}
          </p>
        )}
        {value && progress === null && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(null);
              toast({ title: 'Photo removed' });
            }}
          >
            <Trash2 aria-hidden /> Remove photo
          </Button>
        )}
      </div>
    </div>
  );
}

// Tailwind classes for the bar width keep the markup free of inline styles.
const WIDTHS = [
  'w-0',
  'w-[10%]',
  'w-[20%]',
  'w-[30%]',
  'w-[40%]',
  'w-[50%]',
  'w-[60%]',
  'w-[70%]',
  'w-[80%]',
  'w-[90%]',
  'w-full',
];
