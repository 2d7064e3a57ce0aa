import { useDropzone, type FileRejection } from 'react-dropzone';
import { FileVideo, UploadCloud, X } from 'lucide-react';
import { VIDEO_ACCEPT, VIDEO_MAX_BYTES } from '@contract/videos';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const sizeText = (n: number) =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

/** Drag-and-drop (or click) for the one processed video; react-dropzone's messages explain refusals. */
export function VideoDropzone({
  file,
  onFile,
  disabled,
}: {
  file: File | null;
  onFile: (f: File | null) => void;
  disabled?: boolean;
}) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: VIDEO_ACCEPT,
    maxFiles: 1,
    maxSize: VIDEO_MAX_BYTES,
    multiple: false,
    disabled,
    onDropAccepted: (files) => onFile(files[0] ?? null),
  });
  const errors = (fileRejections as FileRejection[]).flatMap((r) => r.errors.map((e) => e.message));
  if (file) {
    return (
      <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-3">
        <FileVideo className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <p className="text-xs text-muted-foreground">{sizeText(file.size)}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onFile(null)}
          disabled={disabled}
          aria-label="Remove video"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <div
        {...getRootProps()}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed p-6 text-center transition-colors hover:border-primary/60',
          isDragActive && 'border-primary bg-primary/5',
          disabled && 'pointer-events-none opacity-50',
        )}
        data-testid="video-dropzone"
      >
        <input {...getInputProps()} aria-label="Processed video file" />
        <UploadCloud className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">Drag the processed video here, or click to choose</p>
        <p className="text-xs text-muted-foreground">MP4, MOV or WebM, up to 2 GB</p>
      </div>
      {errors.map((m) => (
        <p key={m} role="alert" className="text-sm text-destructive">
          {m}
        </p>
      ))}
    </div>
  );
}
