import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../lib/ffmpeg';
import { momentsAt, momentsPerCall } from './clip-facts';

/** One picture as a lone ffmpeg seeks and reads it (how the check read each moment before decision 337). */
function alone(file: string, seconds: number, w: number, h: number) {
  const r = spawnSync(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-ss',
      seconds.toFixed(4),
      '-i',
      file,
      '-map',
      '0:v:0',
    ].concat([
      '-frames:v',
      '1',
      '-vf',
      `scale=${w}:${h}:flags=area,format=gray`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ]),
    { maxBuffer: 1 << 24 },
  );
  return r.stdout.length >= w * h ? new Uint8Array(r.stdout.subarray(0, w * h)) : null;
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'clip-moments-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clip = (name: string, size: string) => {
  const file = path.join(dir, name);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30:duration=1`,
  ];
  spawnSync(ffmpegPath(), [
    ...args,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-bf',
    '2',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
};

// Decision 337: the readiness check's dozen moments, read by as few ffmpeg as the memory cap allows.
describe("a clip's moments for the readiness check", () => {
  it('are read twelve 720p moments to one ffmpeg, five of 1080p, one of 4K (the memory cap)', () => {
    expect([640 * 360, 1280 * 720, 1920 * 1080, 3840 * 2160].map(momentsPerCall)).toEqual([48, 12, 5, 1]);
  });

  it.each([
    ['a 720p clip (one ffmpeg)', '1280x720', 1280 * 720],
    ['a 1080p clip (two ffmpeg: five moments, then three)', '1920x1080', 1920 * 1080],
  ])('%s: the same pictures as read one at a time, and none past the end', (_, size, pixels) => {
    const file = clip(`${size}.mp4`, size);
    const seconds = [...Array.from({ length: 7 }, (_, i) => (i + 0.5) / 7), 1.5];
    return momentsAt(file, seconds, pixels, 320, 180).then((pictures) => {
      expect(pictures).toHaveLength(8);
      expect(pictures[7]).toBeNull();
      // Compared as bytes (a deep equality of typed arrays reads them element by element).
      const same = (a: Uint8Array | null, b: Uint8Array | null) =>
        a && b ? Buffer.compare(a, b) === 0 : a === b;
      seconds.forEach((s, i) =>
        expect(same(pictures[i], alone(file, s, 320, 180)), `moment ${i}`).toBe(true),
      );
      // Moments differ from one another: each is read at its own time.
      expect(same(pictures[0], pictures[5])).toBe(false);
    });
  });
});
