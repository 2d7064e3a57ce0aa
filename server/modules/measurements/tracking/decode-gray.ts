import { spawn } from 'node:child_process';
import { FfmpegError, ffmpegPath } from '../../../lib/ffmpeg';

export interface GrayFrames {
  width: number;
  height: number;
  frames: Uint8Array[];
  /**
   * With `colour`: each frame's two colour-difference planes (Cb then Cr) at half the width and height,
   * as the video stores them (issue 48: a kit as bright as the grass differs from it only in colour).
   */
  chroma?: Uint8Array[];
}

/**
 * Every frame of the first video stream, in presentation order, turned upright by the file's rotation
 * (ffmpeg's autorotate), scaled to `width` x `height` and made grey. -vsync 0 keeps one picture per
 * stored frame, so frame n here is frame n of ffprobe's frame times, variable rates included.
 */
export function decodeGray(
  file: string,
  width: number,
  height: number,
  /** Called as each frame arrives, so work on it overlaps the decoding of the next ones. */
  onFrame?: (index: number, frame: Uint8Array) => void,
  maxFrames = Infinity,
  colour = false,
): Promise<GrayFrames> {
  return new Promise((resolve, reject) => {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vsync',
      '0',
      '-vf',
      `scale=${width}:${height}:flags=area,format=${colour ? 'yuvj420p' : 'gray'}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      colour ? 'yuvj420p' : 'gray',
      '-',
    ];
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const luma = width * height;
    // yuv420p: the grey plane, then Cb and Cr at half size each way (width and height are even).
    const size = colour ? luma + 2 * (width / 2) * (height / 2) : luma;
    const frames: Uint8Array[] = [];
    const chroma: Uint8Array[] = [];
    let current = new Uint8Array(size);
    let filled = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      let off = 0;
      while (off < chunk.length) {
        const n = Math.min(size - filled, chunk.length - off);
        current.set(chunk.subarray(off, off + n), filled);
        filled += n;
        off += n;
        if (filled === size) {
          if (frames.length >= maxFrames) {
            child.kill('SIGKILL');
            return reject(
              new FfmpegError(
                `The clip is too long to track: trim it to the run (at most ${maxFrames} frames)`,
              ),
            );
          }
          const grey = colour ? current.subarray(0, luma) : current;
          frames.push(grey);
          if (colour) chroma.push(current.subarray(luma));
          onFrame?.(frames.length - 1, grey);
          current = new Uint8Array(size);
          filled = 0;
        }
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new FfmpegError(`Decoding failed: ${stderr.trim().split('\n').pop()}`));
      resolve(colour ? { width, height, frames, chroma } : { width, height, frames });
    });
  });
}
