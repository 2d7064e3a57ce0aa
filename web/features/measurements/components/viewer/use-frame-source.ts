import { useEffect, useState } from 'react';
import type { VideoMedia } from '@contract/measurements';
import { getVideoMedia } from '../../api/get-video-media';
import { FrameSource } from './frame-source';

type State =
  { status: 'loading' } | { status: 'ready'; source: FrameSource } | { status: 'error'; message: string };

/**
 * Opens the working file of a video for frame-exact decoding. The browser's frame list must match the
 * server's (`frameTimes`): the marks the analyst makes are frame indexes the server turns into times.
 */
export function useFrameSource(media: Pick<VideoMedia, 'videoId' | 'workingUrl' | 'frameTimes'> | undefined) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const url = media?.workingUrl ?? null;
  const expected = media?.frameTimes.length ?? 0;
  // The signed URL changes on every fetch of the media; the file does not.
  const videoId = media?.videoId;
  useEffect(() => {
    if (!url) {
      setState(
        media
          ? { status: 'error', message: 'The working copy of this video is not available' }
          : { status: 'loading' },
      );
      return;
    }
    let source: FrameSource | null = null;
    let cancelled = false;
    setState({ status: 'loading' });
    if (typeof VideoDecoder === 'undefined') {
      setState({
        status: 'error',
        message: 'This browser has no WebCodecs (use a current Chrome, Edge or Safari over https)',
      });
      return;
    }
    const refresh = async () => (await getVideoMedia(videoId!)).workingUrl ?? url;
    FrameSource.open(url, refresh)
      .then((s) => {
        if (cancelled) return s.dispose();
        source = s;
        if (s.count !== expected) {
          setState({
            status: 'error',
            message: `The browser reads ${s.count} frames but the server listed ${expected}; the frames cannot be matched, so marking is disabled.`,
          });
          return;
        }
        setState({ status: 'ready', source: s });
      })
      .catch(
        (e: unknown) =>
          !cancelled &&
          setState({
            status: 'error',
            message: e instanceof Error ? e.message : 'The video could not be opened',
          }),
      );
    return () => {
      cancelled = true;
      source?.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reopen only for another video
  }, [videoId, Boolean(url), expected]);
  return state;
}
