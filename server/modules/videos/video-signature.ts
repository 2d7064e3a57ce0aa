import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

export type VideoExt = 'mp4' | 'mov' | 'webm';
export const VIDEO_CONTENT_TYPES: Record<VideoExt, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};
const notAVideo = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please upload a video file (MP4, MOV or WebM)');

const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** Recognises a video by its first bytes, never by the client's name or type. */
function detectVideo(head: Buffer): VideoExt | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (head.length < 12) return null;
  const box = head.toString('latin1', 4, 8);
  if (box === 'ftyp') return head.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  return QUICKTIME_ATOMS.has(box) ? 'mov' : null;
}

/**
 * Reads the first bytes of an upload, decides whether it is a video, then puts the bytes back so the
 * stream can be piped on whole. Fails with 415 for anything else.
 */
export function sniffVideo(stream: Readable): Promise<VideoExt> {
  return new Promise((resolve, reject) => {
    // The multipart parser may have ended the part before we got here (a body cut short while an
    // earlier await ran): a destroyed stream emits nothing more, so waiting for it would hang.
    if (stream.errored) return reject(stream.errored);
    if (stream.destroyed) return reject(new Error('Unexpected end of form'));
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const finish = () => {
      cleanup();
      const head = Buffer.concat(chunks);
      const ext = detectVideo(head);
      if (!ext) return reject(notAVideo());
      if (!stream.readableEnded) stream.unshift(head);
      resolve(ext);
    };
    function onReadable() {
      let chunk: Buffer | null;
      while ((chunk = stream.read()) !== null) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= 16) return finish();
      }
    }
    const onEnd = () => finish();
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
