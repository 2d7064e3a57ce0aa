import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../lib/ffmpeg';
import { makeFortyClip } from '../../../lib/forty-clip';
import { momentsAt, momentsPerCall } from './clip-facts';

/** One picture as a lone ffmpeg seeks and reads it (how the check read each moment before decision 337). */
function alone(file: string, seconds: number, w: number, h: number) {
  const seek = ['-ss', seconds.toFixed(4), '-i', file, '-map', '0:v:0', '-frames:v', '1'];
  const gray = ['-vf', `scale=${w}:${h}:flags=area,format=gray`, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'];
  const r = spawnSync(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', ...seek, ...gray], {
    maxBuffer: 1 << 24,
  });
  return r.stdout.length >= w * h ? new Uint8Array(r.stdout.subarray(0, w * h)) : null;
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'clip-moments-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Decision 337: the readiness check's dozen moments, read by as few ffmpeg as the memory cap allows.
describe("a clip's moments for the readiness check", () => {
  it('are read twelve 720p moments to one ffmpeg, five of 1080p, one of 4K (the memory cap)', () => {
    expect([640 * 360, 1280 * 720, 1920 * 1080, 3840 * 2160].map(momentsPerCall)).toEqual([48, 12, 5, 1]);
  });

  it.each([
    ['a 720p clip (one ffmpeg)', 1280, 720],
    ['a 1080p clip (two ffmpeg: five moments, then three)', 1920, 1080],
  ])('%s: the same pictures as read one at a time, and none past the end', async (_, width, height) => {
    // A 40's clip (its frame number burned in), with B-frames, so a seek lands between reference frames.
    const c = await makeFortyClip(path.join(dir, `${height}.mp4`), { fps: 30, width, height, bFrames: 2 });
    const end = c.frameTimes[c.frameTimes.length - 1];
    const seconds = [...Array.from({ length: 7 }, (_, i) => ((i + 0.5) * end) / 7), end + 1];
    return momentsAt(c.file, seconds, width * height, 320, 180).then((pictures) => {
      expect(pictures).toHaveLength(8);
      expect(pictures[7]).toBeNull();
      // Compared as bytes (a deep equality of typed arrays reads them element by element).
      const same = (a: Uint8Array | null, b: Uint8Array | null) =>
        a && b ? Buffer.compare(a, b) === 0 : a === b;
      seconds.forEach((s, i) =>
        expect(same(pictures[i], alone(c.file, s, 320, 180)), `moment ${i}`).toBe(true),
      );
      // Moments differ from one another: each is read at its own time.
      expect(same(pictures[0], pictures[5])).toBe(false);
    });
  });
});
