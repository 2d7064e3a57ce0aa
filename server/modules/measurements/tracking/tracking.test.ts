import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { probeMedia } from '../../../lib/media-probe';
import {
  decodeGray,
  decodeViaLauncherForTests,
  decodeViaSocketForTests,
  recycleFrames,
  spareReaderForTests,
} from './decode-gray';
import { launcherForTests, whenLauncherReady } from '../../../lib/launcher';
import { makeFieldClip, type FieldClip, type FieldClipOptions } from './field-clip.fixtures';
import { fitTrack } from './fit-result';
import { linesThread } from './lines-thread';
import { forgetDecodedForTests, prepareLines, trackClip, type PreparedLines } from './track-clip';
import { renderScene } from '../../../test/scene/render';
import { drawScene } from '../../../test/scene/spec';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tracking-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * ffmpeg processes this process or its launcher started that are still there (running, or exited and not
 * collected).
 */
function ffmpegChildren() {
  const parents = [process.pid, launcherForTests()?.pid].filter((p) => p !== undefined);
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // pid (comm) state ppid ...
        const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
        return m && m[1].includes('ffmpeg') && parents.includes(Number(m[3])) ? [`${pid} ${m[2]}`] : [];
      } catch {
        return [];
      }
    });
}

/** One click on the runner's ground point, then the whole pipeline as the job runs it. */
async function trackFromOneClick(clip: FieldClip, seedFrame: number) {
  const media = await probeMedia(clip.file);
  const tick = media.timeBase.num / media.timeBase.den;
  const timing = {
    frameTimes: media.frameTicks.map((k) => k * tick),
    fps: media.variableFrameRate ? media.averageFps : media.nominalFps,
    vfr: media.variableFrameRate,
  };
  const g = clip.groundPoints[seedFrame];
  // As the job calls it (track.service.ts): with the file's frame count and length.
  const raw = await trackClip({
    file: clip.file,
    width: clip.width,
    height: clip.height,
    frameCount: media.frameCount,
    seconds: timing.frameTimes[timing.frameTimes.length - 1],
    seeds: [{ frameIndex: seedFrame, x: Math.round(g.x), y: Math.round(g.y) }],
  });
  const result = fitTrack(raw, timing);
  // The tracker counts yards from the line behind the click; the clip knows the field's own numbers.
  const offset = Math.floor(clip.yardsAt(clip.frameTimes[seedFrame]) / 5) * 5;
  return { raw, result, timing, offset };
}

/** A 2.5 s 640x360 scene through a lens (k1 -0.07), the runner alone: the tracker follows it after the decode. */
function lensClip(file: string) {
  const spec = drawScene(7011, {
    kind: 'max-speed',
    width: 640,
    height: 360,
    rotate: 0,
    fps: '30000/1001',
    seconds: 2.5,
    others: 0,
    drops: [],
    repeats: [],
    jitter: 0,
  });
  spec.camera.k1 = -0.07;
  return renderScene(spec, file);
}

const cases: { name: string; opts: FieldClipOptions; seed: number; maxBound: number; rate: string }[] = [
  { name: '59.94 fps', opts: { fps: '60000/1001' }, seed: 70, maxBound: 0.3, rate: '59\\.94' },
  { name: '29.97 fps', opts: { fps: '30000/1001' }, seed: 35, maxBound: 0.4, rate: '29\\.97' },
  {
    name: 'variable rate about 29.97 fps',
    opts: { fps: '30000/1001', vfr: true },
    seed: 35,
    maxBound: 0.4,
    rate: 'variable rate, about (29\\.97|30\\.\\d+)',
  },
  {
    name: '1080p phone clip held upright (rotation 90)',
    opts: { fps: '30000/1001', width: 1080, height: 1920, rotate: 90, seconds: 3 },
    seed: 20,
    maxBound: 0.4,
    rate: '29\\.97',
  },
];

describe('tracked Max Speed from one click (issue 31)', () => {
  for (const c of cases) {
    it(`${c.name}: the true top speed is inside a bound of at most ${c.maxBound} mph, crossings within a frame`, async () => {
      const clip = await makeFieldClip(path.join(dir, `${c.name.replace(/\W+/g, '-')}.mp4`), c.opts);
      const { result, offset, timing } = await trackFromOneClick(clip, c.seed);
      expect(timing.frameTimes).toHaveLength(clip.frameTimes.length);
      const max = result.maxSpeed!;
      expect(max).not.toBeNull();
      expect(max.plusMinusMph).toBeLessThanOrEqual(c.maxBound);
      expect(Math.abs(max.mph - clip.trueTopMph)).toBeLessThanOrEqual(max.plusMinusMph);
      expect(max.toYard - max.fromYard).toBeCloseTo(10, 1);
      // Every 5-yard line the runner passes inside the tracked run is proposed, within one frame.
      const proposed = new Map(result.crossings.map((x) => [x.yardLine + offset, x.frameIndex]));
      const truths = clip.crossings.filter(
        (x) => x.frameIndex > 1 && x.frameIndex < clip.frameTimes.length - 2,
      );
      expect(truths.length).toBeGreaterThanOrEqual(3);
      for (const t of truths)
        expect(Math.abs(proposed.get(t.yardLine)! - t.frameIndex)).toBeLessThanOrEqual(1);
      // A variable rate is named by its average over the file (ffprobe's avg_frame_rate).
      expect(result.method).toMatch(
        new RegExp(`^video ${c.rate} fps, tracked, ${result.fit.framesUsed} frames$`),
      );
    }, 240_000);
  }

  it('keeps the runner while other players cross in front of him, and flags nothing it did not lose', async () => {
    const clip = await makeFieldClip(path.join(dir, 'crowd.mp4'), { fps: '60000/1001', seconds: 3 });
    expect(clip.occluded.length).toBeGreaterThan(0);
    const { raw } = await trackFromOneClick(clip, 20);
    for (const f of raw.frames) {
      const truth = clip.groundPoints[f.frameIndex];
      if (f.state === 'tracked') expect(Math.hypot(f.x - truth.x, f.y - truth.y)).toBeLessThan(3);
    }
    const lost = raw.frames.filter((f) => f.state === 'low').map((f) => f.frameIndex);
    for (const n of lost) expect(clip.occluded).toContain(n);
  }, 240_000);

  it('gives the same result bit for bit when run again on the same file with the same click', async () => {
    const clip = await makeFieldClip(path.join(dir, 'twice.mp4'), { fps: '30000/1001', seconds: 2.5 });
    const a = await trackFromOneClick(clip, 30);
    const b = await trackFromOneClick(clip, 30);
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
    expect(a.result.maxSpeed).not.toBeNull();
  }, 240_000);

  it('follows the player while the clip decodes, to the very track it follows once the clip is in (decision 299)', async () => {
    const clip = await makeFieldClip(path.join(dir, 'early.mp4'), { fps: '60000/1001', seconds: 2.2 });
    expect(clip.occluded.length).toBeGreaterThan(0);
    const media = await probeMedia(clip.file);
    const n = clip.frameTimes.length;
    expect(media.frameCount).toBe(n);
    const click = (i: number) => ({
      frameIndex: i,
      x: Math.round(clip.groundPoints[i].x),
      y: Math.round(clip.groundPoints[i].y),
    });
    /**
     * The track (as JSON), and whether the one followed during the decode was kept: with the lines found on the
     * tracking thread (`inline`), the one that follows the player during the decode (decision 341).
     */
    const track = async (frameCount: number | undefined, seeds = [click(20), click(90)], inline = true) => {
      let during: boolean | undefined;
      const raw = await trackClip({
        file: clip.file,
        width: clip.width,
        height: clip.height,
        frameCount,
        seconds: 2.2,
        seeds,
        onFollowed: (d) => (during = d),
        inline,
      });
      return { json: JSON.stringify(raw), frames: raw.frames, during };
    };
    // Followed after the decode (no count given): the track every other run must give.
    const after = await track(undefined);
    expect(after.during).toBe(false);
    expect(after.frames).toHaveLength(n);
    expect(after.frames.filter((f) => f.state === 'tracked').length).toBeGreaterThan(n / 2);
    // During the decode, kept: the file's count, or one off either way (as some files state; the same pace).
    for (const count of [n, n - 1, n + 1]) {
      const t = await track(count);
      expect(t.during).toBe(true);
      expect(t.json).toBe(after.json);
    }
    // With the lines thread (decision 341), followed during the decode while its lines keep up, or once the
    // clip is in, on the lines it found: the same track.
    expect(await linesThread()).not.toBeNull();
    expect((await track(n, undefined, false)).json).toBe(after.json);
    expect((await track(undefined, undefined, false)).json).toBe(after.json);
    // A count far off sets another pace for the identity check: followed again, the same track.
    expect(await track(Math.round(n / 2))).toMatchObject({ during: false, json: after.json });
    // One click late in the clip (the frames before it followed once it is in); one past the clip's end, put
    // on the last frame by the count decoded (kept) or not (followed again).
    const late = [click(110)];
    expect(await track(n, late)).toMatchObject({ during: true, json: (await track(undefined, late)).json });
    const past = [click(30), { ...click(n - 1), frameIndex: n + 5 }];
    const pastAfter = (await track(undefined, past)).json;
    expect(await track(n, past)).toMatchObject({ during: true, json: pastAfter });
    expect(await track(n - 1, past)).toMatchObject({ during: false, json: pastAfter });
  }, 300_000);

  it('follows the player again after the decode on a clip through a lens, to the same track (decision 299)', async () => {
    const file = path.join(dir, 'lens.mp4');
    const truth = await lensClip(file);
    const media = await probeMedia(file);
    const c = truth.click!;
    const seeds = [{ frameIndex: c.frameIndex, x: Math.round(c.x), y: Math.round(c.y) }];
    let during: boolean | undefined;
    const opts = { file, width: 640, height: 360, seconds: 2.5, seeds };
    const raw = await trackClip({ ...opts, frameCount: media.frameCount, onFollowed: (d) => (during = d) });
    expect(during).toBe(false);
    expect(raw.lens!.k1).toBeLessThan(-0.03);
    expect(JSON.stringify(raw)).toBe(JSON.stringify(await trackClip(opts)));
    // The lines found on the tracking thread, not on the lines thread (decision 341): the same track.
    expect(JSON.stringify(raw)).toBe(
      JSON.stringify(await trackClip({ ...opts, frameCount: media.frameCount, inline: true })),
    );
  }, 300_000);

  it('tracks a clip again from the frames and lines its last track decoded, to the track a fresh decode gives (decision 333)', async () => {
    const plain = await makeFieldClip(path.join(dir, 'again.mp4'), { fps: '60000/1001', seconds: 2.5 });
    const lensFile = path.join(dir, 'again-lens.mp4');
    const lensTruth = await lensClip(lensFile);
    const at = (g: { x: number; y: number } | { gx: number; gy: number }, frameIndex: number) =>
      'gx' in g
        ? { frameIndex, x: Math.round(g.gx), y: Math.round(g.gy) }
        : { frameIndex, x: Math.round(g.x), y: Math.round(g.y) };
    const clips = [
      {
        file: plain.file,
        width: plain.width,
        height: plain.height,
        first: [at(plain.groundPoints[20], 20)],
        then: [at(plain.groundPoints[20], 20), at(plain.groundPoints[100], 100)],
      },
      {
        file: lensFile,
        width: 640,
        height: 360,
        first: [at(lensTruth.groundPointPx[30], 30)],
        then: [at(lensTruth.groundPointPx[10], 10), at(lensTruth.groundPointPx[30], 30)],
      },
    ];
    for (const c of clips) {
      const frameCount = (await probeMedia(c.file)).frameCount;
      /** The track as JSON, and whether the clip was decoded for it (its progress began with the decode's). */
      const track = async (seeds: typeof c.first, reuse?: string) => {
        const shares: number[] = [];
        const raw = await trackClip({
          file: c.file,
          width: c.width,
          height: c.height,
          frameCount,
          seconds: 2.5,
          seeds,
          reuse,
          onProgress: (share) => shares.push(share),
        });
        return { json: JSON.stringify(raw), decoded: shares[0] < 0.7 };
      };
      // What the clip is known by (the job: its video's stored file).
      const key = `${c.file} stored`;
      expect((await track(c.first, key)).decoded).toBe(true);
      // An answer's click: tracked again from every click, on the frames decoded for the first track.
      const again = await track(c.then, key);
      expect(again.decoded).toBe(false);
      expect(again.json).toBe((await track(c.then)).json);
      // Another clip's key lets it go: decoded again, into the memory of the frames let go (decision 355), to
      // the same track.
      expect(await track(c.then, `${c.file} another`)).toEqual({ json: again.json, decoded: true });
      expect(await track(c.first, key)).toMatchObject({ decoded: true });
    }
    forgetDecodedForTests();
  }, 300_000);

  it("reads the lens and yard lines found at the clip's upload, to the track that finds them itself (decision 344)", async () => {
    // The recipes of the test above: made once in a run (decision 340).
    const plain = await makeFieldClip(path.join(dir, 'prepared.mp4'), { fps: '60000/1001', seconds: 2.5 });
    const lensFile = path.join(dir, 'prepared-lens.mp4');
    const lensTruth = await lensClip(lensFile);
    const g = plain.groundPoints[30];
    const lensG = lensTruth.groundPointPx[30];
    const clips = [
      { file: plain.file, width: plain.width, height: plain.height, g: { x: g.x, y: g.y }, lens: false },
      { file: lensFile, width: 640, height: 360, g: { x: lensG.gx, y: lensG.gy }, lens: true },
    ];
    for (const c of clips) {
      const frameCount = (await probeMedia(c.file)).frameCount;
      const clip = { file: c.file, width: c.width, height: c.height, frameCount, seconds: 2.5 };
      const seeds = [{ frameIndex: 30, x: Math.round(c.g.x), y: Math.round(c.g.y) }];
      const prepared = await prepareLines(clip);
      expect(prepared).not.toBeNull();
      expect(prepared!.lines).toHaveLength(frameCount);
      expect(prepared!.k1 !== 0).toBe(c.lens);
      /** The track as JSON, whether it read the lines given, and whether it followed the player while decoding. */
      const track = async (given?: PreparedLines) => {
        let used: boolean | undefined;
        let during: boolean | undefined;
        const raw = await trackClip({
          ...clip,
          seeds,
          prepared: given,
          onPrepared: (u) => (used = u),
          onFollowed: (d) => (during = d),
        });
        return { json: JSON.stringify(raw), used, during };
      };
      const fresh = await track();
      expect(fresh).toMatchObject({ used: false, during: !c.lens });
      // The runner followed from the click, not a track of nothing.
      const followed = (JSON.parse(fresh.json) as { frames: { state: string }[] }).frames;
      expect(followed.filter((f) => f.state === 'tracked').length).toBeGreaterThan(0.8 * frameCount);
      // Read, they give the same track, followed while the clip decodes even where it has a lens.
      expect(await track(prepared!)).toEqual({ json: fresh.json, used: true, during: true });
      if (c.lens) continue;
      // Lines found at another size, or on another count of frames, are not read: the lines are found again.
      expect(await track({ ...prepared!, size: '320x180' })).toEqual({ ...fresh, used: false });
      expect(await track({ ...prepared!, lines: prepared!.lines.slice(1) })).toEqual({
        ...fresh,
        used: false,
      });
    }
    // A clip followed on some of its frames (240 fps: every second one, from the click) has none found before.
    expect(
      await prepareLines({
        file: path.join(dir, 'none.mp4'),
        width: 1280,
        height: 720,
        frameCount: 480,
        seconds: 2,
      }),
    ).toBeNull();
  }, 300_000);

  it('re-fits from a corrected frame and leaves dropped frames out', async () => {
    const clip = await makeFieldClip(path.join(dir, 'refit.mp4'), { fps: '30000/1001', seconds: 2.5 });
    const { raw, timing } = await trackFromOneClick(clip, 30);
    const before = fitTrack(raw, timing);
    const wrong = raw.frames[40];
    const after = fitTrack(raw, timing, {
      corrections: [{ frameIndex: 40, x: wrong.x + 40, y: wrong.y }],
      dropped: [41, 42],
    });
    expect(after.frames[40]).toMatchObject({ state: 'corrected', x: wrong.x + 40 });
    expect(after.frames[41].state).toBe('dropped');
    expect(after.fit.framesUsed).toBeLessThan(before.fit.framesUsed);
    expect(after.frames[40].yards! - before.frames[40].yards!).toBeGreaterThan(1);
  }, 240_000);

  /** A half-second 320x180 clip of the runner alone: cheap to decode. */
  const shortClip = (name: string) =>
    makeFieldClip(path.join(dir, name), {
      fps: '30000/1001',
      seconds: 0.5,
      width: 320,
      height: 180,
      crowd: false,
    });

  it('refuses a clip longer than its memory for pictures, naming the fix', async () => {
    const clip = await shortClip('long.mp4');
    await expect(decodeGray(clip.file, 320, 180, undefined, 5)).rejects.toThrow(
      'The clip is too long to track: trim it to the run (at most 5 frames)',
    );
    // Work on a frame that fails: the decode fails with it, ffmpeg is stopped and its exit collected (no
    // child process of this one is left, running or a zombie).
    await expect(
      decodeGray(clip.file, 320, 180, () => {
        throw new Error('The work on a frame failed');
      }),
    ).rejects.toThrow('The work on a frame failed');
    await vi.waitFor(() => expect(ffmpegChildren()).toEqual([]), { timeout: 10_000 });
    // A file ffmpeg cannot decode: its reason, nothing else.
    await expect(decodeGray(path.join(dir, 'missing.mp4'), 320, 180)).rejects.toThrow(/^Decoding failed: /);
    const grey = await decodeGray(clip.file, 320, 180);
    expect(grey.frames).toHaveLength(clip.frameTimes.length);
    // With colour (issue 48): the very same grey pictures, and two colour planes at half size each way.
    const colour = await decodeGray(clip.file, 320, 180, undefined, Infinity, true);
    expect(colour.frames.map((f) => Buffer.from(f).toString('base64'))).toEqual(
      grey.frames.map((f) => Buffer.from(f).toString('base64')),
    );
    expect(colour.chroma?.map((c) => c.length)).toEqual(grey.frames.map(() => 2 * 160 * 90));
    // Grass is green: less blue and less red than grey, in both planes.
    const [cb, cr] = [colour.chroma![0][0], colour.chroma![0][160 * 90]];
    expect(cb).toBeLessThan(128);
    expect(cr).toBeLessThan(128);
  }, 120_000);

  it('reads the frames from a Unix socket, byte for byte what standard output gives, and leaves no socket behind (decision 353)', async () => {
    const clip = await shortClip('socket.mp4');
    const folders = () => new Set(readdirSync(tmpdir()).filter((d) => d.startsWith('va-decode-')));
    const before = folders();
    const pictures = (g: { frames: Uint8Array[]; chroma?: Uint8Array[] }) =>
      [...g.frames, ...(g.chroma ?? [])].map((f) => Buffer.from(f).toString('base64'));
    const read = async () => ({
      grey: pictures(await decodeGray(clip.file, 320, 180)),
      colour: pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true)),
    });
    const socket = await read();
    // A clip too long, work on a frame that fails, a file ffmpeg cannot open: each ends, its folder removed.
    await expect(decodeGray(clip.file, 320, 180, undefined, 5)).rejects.toThrow(/too long to track/);
    await expect(
      decodeGray(clip.file, 320, 180, () => {
        throw new Error('The work on a frame failed');
      }),
    ).rejects.toThrow('The work on a frame failed');
    await expect(decodeGray(path.join(dir, 'missing.mp4'), 320, 180)).rejects.toThrow(/^Decoding failed: /);
    decodeViaSocketForTests(false);
    try {
      expect(await read()).toEqual(socket);
    } finally {
      decodeViaSocketForTests(true);
    }
    expect(socket.grey).toHaveLength(clip.frameTimes.length);
    expect(socket.colour).toHaveLength(2 * clip.frameTimes.length);
    await vi.waitFor(() => expect([...folders()].filter((d) => !before.has(d))).toEqual([]));
    // A temporary folder whose path leaves a socket too little room: standard output, the same bytes, and
    // nothing left in it. (A reader thread takes the environment it is started with.)
    const long = path.join(dir, 'x'.repeat(100));
    await mkdir(long);
    const tmp = process.env.TMPDIR;
    const freshReader = async () => {
      await spareReaderForTests()?.terminate();
      await vi.waitFor(() => expect(spareReaderForTests()).toBeNull());
    };
    process.env.TMPDIR = long;
    try {
      await freshReader();
      expect(await read()).toEqual(socket);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      await freshReader();
    }
    expect(readdirSync(long)).toEqual([]);
    await vi.waitFor(() => expect(ffmpegChildren()).toEqual([]), { timeout: 10_000 });
  }, 120_000);

  it('decodes with ffmpeg started by the launcher, into the memory of frames let go: the same pictures (decision 355)', async () => {
    const clip = await shortClip('launched.mp4');
    const longerClip = makeFieldClip(path.join(dir, 'launched-longer.mp4'), {
      fps: '30000/1001',
      seconds: 3,
      width: 320,
      height: 180,
      crowd: false,
    });
    const pictures = (g: { frames: Uint8Array[]; chroma?: Uint8Array[] }) =>
      [...g.frames, ...(g.chroma ?? [])].map((f) => Buffer.from(f).toString('base64'));
    decodeViaLauncherForTests(false);
    let direct: { grey: string[]; colour: string[] };
    try {
      direct = {
        grey: pictures(await decodeGray(clip.file, 320, 180)),
        colour: pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true)),
      };
    } finally {
      decodeViaLauncherForTests(true);
    }
    expect(await whenLauncherReady()).toBe(true);
    // ffmpeg is the launcher's child while it decodes: looked for as each frame arrives and every millisecond
    // between, on a clip long enough that a busy machine cannot hide the whole of ffmpeg's life from both.
    const helper = launcherForTests()!.pid;
    let sawIt = false;
    const look = () => {
      sawIt ||= childOf(helper);
    };
    const poll = setInterval(look, 1);
    try {
      await decodeGray((await longerClip).file, 320, 180, look);
    } finally {
      clearInterval(poll);
    }
    expect(sawIt).toBe(true);
    const launched = await decodeGray(clip.file, 320, 180);
    expect(pictures(launched)).toEqual(direct.grey);
    // Memory let go, written over (other pictures), filled by the next decode of that frame size: it moves to
    // the reader (gone from here), and the pictures are the clip's.
    const other = await decodeGray(clip.file, 320, 180, undefined, Infinity, true);
    for (const f of other.frames) f.fill(7);
    recycleFrames(other.frames);
    const again = await decodeGray(clip.file, 320, 180, undefined, Infinity, true);
    expect(other.frames.map((f) => f.byteLength)).toEqual(other.frames.map(() => 0));
    expect(pictures(again)).toEqual(direct.colour);
    // Grey frames are of another size: none of it is taken, and none is kept for the decode after.
    recycleFrames(again.frames);
    expect(pictures(await decodeGray(clip.file, 320, 180))).toEqual(direct.grey);
    expect(pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true))).toEqual(direct.colour);
    expect(again.frames.every((f) => f.byteLength === 320 * 180)).toBe(true);
    await vi.waitFor(() => expect(ffmpegChildren()).toEqual([]), { timeout: 10_000 });
  }, 120_000);

  it('decodes on a reader thread started when the last decode ended, never on one that stopped (decision 346)', async () => {
    const clip = await shortClip('spare.mp4');
    const pictures = (g: { frames: Uint8Array[]; chroma?: Uint8Array[] }) =>
      [...g.frames, ...g.chroma!].map((f) => Buffer.from(f).toString('base64'));
    const first = pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true));
    expect(first.length).toBe(2 * clip.frameTimes.length);
    // One waits for the next decode, which takes it; another is started when that one ends.
    const waiting = spareReaderForTests();
    expect(waiting).not.toBeNull();
    expect(pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true))).toEqual(first);
    expect(spareReaderForTests()).not.toBeNull();
    expect(spareReaderForTests()).not.toBe(waiting);
    // One that stopped while it waited is not taken: the decode starts its own.
    await spareReaderForTests()!.terminate();
    await vi.waitFor(() => expect(spareReaderForTests()).toBeNull());
    expect(pictures(await decodeGray(clip.file, 320, 180, undefined, Infinity, true))).toEqual(first);
    await vi.waitFor(() => expect(ffmpegChildren()).toEqual([]), { timeout: 10_000 });
  }, 120_000);
});

/** Whether an ffmpeg of the launcher (pid `helper`) runs now. */
function childOf(helper: number | undefined) {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .some((pid) => {
      try {
        const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return !!m && m[1].includes('ffmpeg') && Number(m[3]) === helper;
      } catch {
        return false;
      }
    });
}
