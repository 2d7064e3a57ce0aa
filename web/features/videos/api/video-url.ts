import { videosApi } from '@contract/api/videos';
import { pathOf } from '@contract/endpoint';
import { call } from '@/lib/api-client';

/** A fresh short-lived URL for a stored video (the list's URLs expire after a few minutes). */
export const refreshVideoUrl = (videoId: number) => call(videosApi.refreshUrl, { body: { videoId } });

const downloadPath = (videoId: number) => pathOf(videosApi.download, { id: videoId });

/** Saves the file as video_{id}.mp4; falls back to a direct link when the blob route fails to start. */
export async function downloadVideo(videoId: number): Promise<void> {
  const name = `video_${videoId}.mp4`;
  let res: Response;
  try {
    res = await fetch(downloadPath(videoId), { credentials: 'include' });
  } catch {
    clickLink(downloadPath(videoId), name);
    return;
  }
  if (!res.ok) throw new Error(`${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  clickLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 2000);
}

function clickLink(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
