import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg';

/**
 * ffmpeg reading raw RGB pictures on stdin at a given rate and writing a clip with the output arguments
 * given: the one encoder of the generated clips (runs, fields, 40s) whose truth the tests know.
 */
export function rawVideoEncoder(o: { width: number; height: number; rate: string; output: string[] }) {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${o.width}x${o.height}`,
    '-r',
    o.rate,
    '-i',
    '-',
    ...o.output,
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`))));
  });
  return {
    /** Writes one picture (width x height x 3 bytes), waiting when ffmpeg is behind. */
    async write(frame: Buffer) {
      if (!child.stdin.write(frame)) await new Promise((r) => child.stdin.once('drain', r));
    },
    /** Closes the input and waits for the clip to be written. */
    async end() {
      child.stdin.end();
      await done;
    },
  };
}
