import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, Download } from 'lucide-react';
import { formatSpeed } from '@contract/measurement-math';
import type { Video } from '@contract/videos';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { trackEvent } from '@/features/analytics';
import { downloadVideo, refreshVideoUrl } from '../api/video-url';

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/** Loads a fresh playable URL on open; one playback error earns one more URL refresh, then the error panel. */
export function VideoPlayerModal({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const retried = useRef(false);
  const reported = useRef(false);

  // Each opening (and each retry) counts: an address that arrives for an earlier one is dropped.
  const opening = useRef(0);

  const load = async (v: Video) => {
    const mine = ++opening.current;
    setState({ status: 'loading' });
    try {
      const { url } = await refreshVideoUrl(v.id);
      if (mine === opening.current) setState({ status: 'ready', url });
    } catch {
      if (mine !== opening.current) return;
      setState({ status: 'error' });
      toast({
        title: 'Error loading video',
        description: 'Unable to play this video. Please try again later.',
        variant: 'destructive',
      });
    }
  };

  useEffect(() => {
    retried.current = false;
    reported.current = false;
    // Closed, it forgets the last address: opened again it shows the spinner, never the old clip
    // that the fresh address would replace a moment later.
    if (video) void load(video);
    else {
      opening.current += 1;
      setState({ status: 'loading' });
    }
    // Reloads only when another video is opened, not when the same video's row is refetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video?.id]);

  const onPlaybackError = () => {
    if (!video) return;
    if (!retried.current) {
      retried.current = true;
      void load(video);
      return;
    }
    setState({ status: 'error' });
    toast({
      title: 'Error playing video',
      description: 'Unable to play this video. Please try again later.',
      variant: 'destructive',
    });
  };

  const onPlay = () => {
    if (!video || reported.current) return;
    reported.current = true;
    trackEvent('video_played', { videoId: video.id, playerId: video.playerId });
  };

  const onDownload = async () => {
    if (!video) return;
    toast({
      title: 'Download Started',
      description: 'Your download will begin shortly. Check your downloads folder.',
      variant: 'info',
    });
    try {
      await downloadVideo(video.id);
    } catch {
      toast({
        title: 'Download Failed',
        description: 'Unable to download this video. Please try again later.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={video !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Video Player</DialogTitle>
          <DialogDescription className="sr-only">Plays the processed analysis video</DialogDescription>
        </DialogHeader>
        <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-md bg-black">
          {state.status === 'loading' && <Spinner size="lg" className="text-white" label="Loading video" />}
          {state.status === 'error' && (
            <div
              role="alert"
              className="flex max-w-sm flex-col items-center gap-2 p-6 text-center text-white"
            >
              <AlertTriangle className="size-8 text-warning" aria-hidden="true" />
              <p>Unable to play this video. The file may be unavailable or the URL may have expired.</p>
            </div>
          )}
          {state.status === 'ready' && (
            // Game film: no speech to caption, and families upload no caption files.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              key={state.url}
              src={state.url}
              controls
              autoPlay
              playsInline
              // Black, never the dialog's white, wherever a clip of another shape leaves room.
              className="h-full w-full bg-black object-contain"
              onError={onPlaybackError}
              onPlay={onPlay}
              data-testid="video-player"
            />
          )}
        </div>
        {video && (
          <DialogFooter className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <span>
                Season: <strong>{video.season}</strong>
              </span>
              {video.maxSpeed != null && (
                <span data-testid="video-player-speed">
                  <strong>{formatSpeed(Number(video.maxSpeed), video.maxSpeedPlusMinus)}</strong>
                </span>
              )}
              {video.igaScore != null && (
                <span>
                  IGA Score: <strong>{Number(video.igaScore).toFixed(1)}</strong>
                </span>
              )}
            </div>
            <Button variant="outline" onClick={onDownload}>
              <Download aria-hidden="true" /> Download Video
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
