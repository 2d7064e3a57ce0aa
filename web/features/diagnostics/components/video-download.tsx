import { useEffect, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { videosApi } from '@contract/api/videos';
import { pathOf } from '@contract/endpoint';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';

const CLEANUP_MS = 2000;
const failed = () =>
  toast({
    title: 'Download Failed',
    description: 'Unable to download this video. Please try again later.',
    variant: 'destructive',
  });

/** Downloads a video through a hidden frame, removed again after 2 seconds. */
export function VideoDownload() {
  const [id, setId] = useState('1');
  const [busy, setBusy] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const download = async () => {
    const videoId = Number(id);
    if (!Number.isInteger(videoId) || videoId < 1) return failed();
    const url = pathOf(videosApi.download, { id: videoId });
    setBusy(true);
    try {
      // A frame cannot report an error, so the call is checked first without its body.
      const head = await fetch(url, { method: 'HEAD', credentials: 'include' });
      if (!head.ok) return failed();
      const frame = document.createElement('iframe');
      frame.hidden = true;
      frame.dataset.testid = 'download-frame';
      frame.src = url;
      document.body.appendChild(frame);
      timers.current.push(window.setTimeout(() => frame.remove(), CLEANUP_MS));
      toast({
        title: 'Download Started',
        description: 'Your download will begin shortly. Check your downloads folder.',
      });
    } catch {
      failed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>Test Video Download</CardTitle>
        <CardDescription>
          Downloads a video by its id, as the video player&apos;s Download Video button does.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void download();
          }}
        >
          <FormField label="Video ID" htmlFor="video-id" className="flex-1">
            <Input
              id="video-id"
              inputMode="numeric"
              value={id}
              onChange={(e) => setId(e.target.value.replace(/\D/g, ''))}
            />
          </FormField>
          <Button type="submit" disabled={busy || !id}>
            <Download aria-hidden /> Download Video
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
