import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg';

const W = 320;
const H = 180;
/**
 * Largest difference of any pixel (gray levels, after area scaling to 320x180) for a frame to count as
 * a repeat of the one before it. A phone that repeats a frame it did not capture encodes the same
 * picture again: measured on x264 repeats, no pixel moved by more than 21 levels; a moving runner or a
 * panning camera moves edges by far more (up to 255). A false repeat only widens the bound.
 */
const SAME_MAX_DIFF = 32;

/**
 * The frames (presentation order) whose picture repeats the frame before it, read by decoding every
 * frame small and gray; null when the decoded count differs from the probed one (then nothing is
 * claimed). Memory is two small frames whatever the clip's length.
 */
export function repeatedFrames(file: string, expectedFrames: number, timeoutMs = 10 * 60_000) {
  return new Promise<number[] | null>((resolve, reject) => {
    const size = W * H;
    const child = spawn(
      ffmpegPath(),
      [
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
        `scale=${W}:${H}:flags=area,format=gray`,
        '-f',
        'rawvideo',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let prev: Buffer | null = null;
    let cur: Buffer = Buffer.alloc(size);
    let filled = 0;
    let index = 0;
    const repeats: number[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      let off = 0;
      while (off < chunk.length) {
        const n = Math.min(size - filled, chunk.length - off);
        chunk.copy(cur, filled, off, off + n);
        filled += n;
        off += n;
        if (filled < size) continue;
        if (prev && same(prev, cur)) repeats.push(index);
        const spare: Buffer = prev ?? Buffer.alloc(size);
        prev = cur;
        cur = spare;
        filled = 0;
        index += 1;
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && index === expectedFrames ? repeats : null);
    });
  });
}

function same(a: Buffer, b: Buffer) {
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i] - b[i]) > SAME_MAX_DIFF) return false;
  return true;
}
