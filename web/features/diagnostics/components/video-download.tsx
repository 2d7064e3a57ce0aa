import { useEffect, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { videosApi } from '@contract/api/videos';
import { pathOf } from '@contract/endpoint';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';

const CLEANUP_MS = 2000;

/** Why a download did not start, in words, by the answer's status (issue 27 item 11: never silent). */
function whyNot(status: number, videoId: number): Problem {
  if (status === 401)
    return { text: 'You are signed out. Sign in with an admin account to download videos.', signIn: true };
  if (status === 403) return { text: 'Only admins can download videos on this page.', signIn: false };
  if (status === 404) return { text: `There is no stored video with ID ${videoId}.`, signIn: false };
  return {
    text: `The download did not start (the server answered ${status}). Try again later.`,
    signIn: false,
  };
}
interface Problem {
  text: string;
  signIn: boolean;
}

/** Downloads a video through a hidden frame, removed again after 2 seconds. */
export function VideoDownload() {
  const [id, setId] = useState('1');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const download = async () => {
    const videoId = Number(id);
    setProblem(null);
    if (!Number.isInteger(videoId) || videoId < 1)
      return setProblem({ text: 'Enter a video ID: a whole number from 1.', signIn: false });
    const url = pathOf(videosApi.download, { id: videoId });
    setBusy(true);
    try {
      // A frame cannot report an error, so the call is checked first without its body.
      const head = await fetch(url, { method: 'HEAD', credentials: 'include' });
      if (!head.ok) {
        // The specification's failure toast, and why under the form (issue 27 item 11).
        toast({
          title: 'Download Failed',
          description: 'Unable to download this video. Please try again later.',
          variant: 'destructive',
        });
        return setProblem(whyNot(head.status, videoId));
      }
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
      setProblem({
        text: 'The server could not be reached. Check the connection and try again.',
        signIn: false,
      });
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
        {problem && (
          <p role="alert" className="mt-3 text-sm text-destructive" data-testid="download-problem">
            {problem.text}{' '}
            {problem.signIn && (
              <Link
                className="font-medium text-primary underline underline-offset-2"
                to={`${paths.auth}?next=${encodeURIComponent(paths.testVideoDownload)}`}
              >
                Sign in
              </Link>
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
