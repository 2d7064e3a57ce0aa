import { useRef, type ReactNode } from 'react';
import { Upload } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * A button over a hidden file chooser: picks one file, clears the chooser (so the same file can be
 * picked again) and shows the upload percentage while `busy`.
 */
export function FilePickButton({
  accept,
  inputLabel,
  testId,
  onFile,
  busy,
  progress,
  children,
  ...button
}: {
  accept: string;
  inputLabel: string;
  testId: string;
  onFile: (file: File) => void;
  busy: boolean;
  progress: number | null | undefined;
  children: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button {...button} disabled={busy || button.disabled} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        {busy ? `Uploading ${progress ?? 0}%` : children}
      </Button>
    </>
  );
}
