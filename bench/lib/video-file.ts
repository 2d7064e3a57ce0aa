import { readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { makeSampleVideo } from '../../server/lib/ffmpeg';

/**
 * A video file of exactly `bytes`: a 2 s ffmpeg clip (MP4, moov first) followed by one `free` box
 * that pads it. Still a valid MP4 (players and ffprobe skip `free`), written in seconds, where a
 * real clip of that size would take minutes of encoding.
 */
export async function makePaddedClip(out: string, bytes: number): Promise<void> {
  const clip = `${out}.clip.mp4`;
  await makeSampleVideo(clip, { seconds: 2 });
  const head = readFileSync(clip);
  rmSync(clip);
  const pad = bytes - head.length;
  if (pad < 8 || pad >= 2 ** 32)
    throw new Error(`cannot pad a ${head.length}-byte clip to ${bytes} bytes with one box`);
  const fh = await open(out, 'w');
  try {
    await fh.write(head);
    const box = Buffer.alloc(8);
    box.writeUInt32BE(pad, 0);
    box.write('free', 4, 'latin1');
    await fh.write(box);
    const zeros = Buffer.alloc(8 * 2 ** 20);
    for (let left = pad - 8; left > 0; left -= zeros.length)
      await fh.write(zeros, 0, Math.min(left, zeros.length));
  } finally {
    await fh.close();
  }
}
