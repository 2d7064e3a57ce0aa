import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, sha256File } from '../../lib/media-probe';
import { renderScene } from './render';
import { describeScene, drawScene, timingOf } from './spec';
import { readTruth } from './truth';
import { bodyOf, groundAt, makeWorld, SOLE_MIDDLE } from './world';

/** The scene renderer of issue 48: tiny scenes (320x180, about a second) so the checks stay fast. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'scene-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tiny = { width: 320, height: 180, seconds: 1, rotate: 0 as const };

describe('drawn scenes', () => {
  it('the same seed draws the same conditions; another seed draws others; an override changes only itself', () => {
    expect(drawScene(11)).toEqual(drawScene(11));
    expect(describeScene(drawScene(11))).not.toBe(describeScene(drawScene(12)));
    const a = drawScene(11);
    const b = drawScene(11, { crf: 20 });
    expect(b.crf).toBe(20);
    expect({ ...b, crf: a.crf }).toEqual(a);
    expect(describeScene(a)).toMatch(/^seed 11 · /);
    expect(describeScene(a)).not.toContain('\n');
  });

  it('every condition stays inside its range over many seeds', () => {
    const rates = new Set<string>();
    for (let seed = 1; seed <= 300; seed += 1) {
      const s = drawScene(seed);
      rates.add(s.fps);
      expect(s.camera.heightM).toBeGreaterThanOrEqual(1.2);
      expect(s.camera.heightM).toBeLessThanOrEqual(30);
      expect(s.camera.distanceYd).toBeGreaterThanOrEqual(9);
      expect(s.camera.distanceYd).toBeLessThanOrEqual(60);
      expect(s.crf).toBeGreaterThanOrEqual(26);
      expect(s.crf).toBeLessThanOrEqual(34);
      expect(s.others.length).toBeLessThanOrEqual(7);
      if (s.kind === 'forty') expect(s.camera.pan).toBe(false);
    }
    expect([...rates].sort()).toEqual(['120', '240', '25', '30', '30000/1001', '60', '60000/1001']);
  });
});

describe('a rendered scene', () => {
  it('is the same file for the same seed, and decodes to the stated frames, rate and times', async () => {
    const spec = drawScene(3, {
      ...tiny,
      kind: 'max-speed',
      fps: '30000/1001',
      jitter: 0,
      drops: [],
      repeats: [],
    });
    const a = await renderScene(spec, path.join(dir, 'a.mp4'));
    const b = await renderScene(spec, path.join(dir, 'b.mp4'));
    expect((await sha256File(path.join(dir, 'a.mp4'))).sha256).toBe(
      (await sha256File(path.join(dir, 'b.mp4'))).sha256,
    );
    expect(b).toEqual(a);
    const facts = await probeMedia(path.join(dir, 'a.mp4'));
    expect(facts.frameCount).toBe(a.nFrames);
    expect(facts.nominalFps).toEqual({ num: 30000, den: 1001 });
    expect(facts.variableFrameRate).toBe(false);
    expect(a.nFrames).toBe(29);
    expect(await readTruth(path.join(dir, 'a.truth.json'))).toEqual(a);
  });

  it('keeps jittered times, a dropped frame and rotation metadata as drawn', async () => {
    const spec = drawScene(4, { ...tiny, rotate: 90, fps: '60', jitter: 0.4, drops: [0.5], repeats: [0.3] });
    const truth = await renderScene(spec, path.join(dir, 'vfr.mp4'));
    const facts = await probeMedia(path.join(dir, 'vfr.mp4'));
    expect(facts.rotation).toBe(90);
    expect([facts.width, facts.height]).toEqual([180, 320]);
    expect(facts.variableFrameRate).toBe(true);
    expect(facts.frameCount).toBe(truth.nFrames);
    expect(truth.nFrames).toBe(59);
    const tick = facts.timeBase.num / facts.timeBase.den;
    facts.frameTicks.forEach((k, i) =>
      expect(Math.abs(k * tick - truth.frameTimes[i])).toBeLessThan(1.5 * tick),
    );
    // The gap where the frame was lost: two frame durations.
    const gaps = truth.frameTimes.slice(1).map((t, i) => t - truth.frameTimes[i]);
    expect(Math.max(...gaps)).toBeGreaterThan(1.55 / 60);
    // The repeated frame shows the picture (and the runner's place) of the one before.
    const rep = truth.repeats![0];
    expect(truth.groundPointPx[rep].X).toBe(truth.groundPointPx[rep - 1].X);
    expect(truth.groundPointPx[rep].shownT).toBe(truth.frameTimes[rep - 1]);
  });

  it("puts the runner's ground point where the camera sees it: pixels back to field yards", async () => {
    // Seed 4 starts from rest: the feet blend into their plants as he gathers speed.
    const spec = drawScene(4, { ...tiny, kind: 'max-speed', repeats: [] });
    const truth = await renderScene(spec, path.join(dir, 'g.mp4'));
    const world = makeWorld(spec);
    for (const f of truth.groundPointPx) {
      const g = groundAt(world.cameraAt(f.t), f.gx, f.gy)!;
      expect(Math.abs(g.x - f.X)).toBeLessThan(1e-3);
      expect(Math.abs(g.y - f.Y)).toBeLessThan(1e-3);
      expect(f.pxPerYd).toBeGreaterThan(0);
    }
    // His soles where the camera sees them; a foot down stands still from frame to frame (decision 359).
    let stood = 0;
    truth.groundPointPx.forEach((f, k) => {
      const cam = world.cameraAt(f.t);
      for (const [side, foot] of f.feet!.entries()) {
        const g = groundAt(cam, foot.u, foot.v)!;
        expect(Math.abs(g.x - foot.X)).toBeLessThan(1e-3);
        expect(Math.abs(g.y - foot.Y)).toBeLessThan(1e-3);
        if (foot.down) {
          // On the shoe drawn there (the middle of its sole).
          const shoe = bodyOf(world.runnerAt(f.t)).filter((c) => c.color.join() === '25,25,28')[side];
          const mid = [(shoe.a[0] + shoe.b[0]) / 2, (shoe.a[1] + shoe.b[1]) / 2];
          expect(Math.hypot(foot.X - mid[0], foot.Y - mid[1])).toBeLessThan(0.025);
        }
        const before = truth.groundPointPx[k - 1]?.feet![side];
        if (foot.down && before?.down) {
          stood += 1;
          expect(Math.abs(foot.X - before.X)).toBeLessThan(1e-6);
        }
      }
    });
    expect(stood).toBeGreaterThan(0);
    // The runner keeps moving the drawn way, and the top 10 yards are inside the clip.
    const xs = truth.groundPointPx.map((f) => f.X * spec.runner.dir);
    expect(xs[xs.length - 1]).toBeGreaterThan(xs[0]);
    expect(truth.click!.frameIndex).toBeGreaterThanOrEqual(0);
  });

  it('plants a foot that carries the runner: still on the ground through each contact, the leg drawn to it, the sole on the shoe (decision 359)', () => {
    // Running left and right, from rest and already running, and a 40 from its stance.
    const scenes = [
      { seed: 8, kind: 'max-speed' as const },
      { seed: 2, kind: 'max-speed' as const },
      { seed: 4, kind: 'max-speed' as const },
      { seed: 11, kind: 'max-speed' as const },
      { seed: 1, kind: 'forty' as const },
    ];
    for (const { seed, kind } of scenes) {
      const spec = drawScene(seed, { kind });
      const world = makeWorld(spec);
      const h = spec.runner.heightYd;
      for (const side of [0, 1]) {
        // The ankle's place on every millisecond while the foot is down, contact by contact.
        const contacts: number[][] = [];
        let down: number[] | null = null;
        for (let t = 0; t < spec.seconds; t += 0.001) {
          const pose = world.runnerAt(t);
          const a = pose.ankles![side];
          if (pose.down![side]) {
            down ??= [];
            down.push(a[0]);
            const parts = bodyOf(pose);
            // The shin drawn ends at the ankle (a leg at full stretch as he gathers speed may fall short by a centimetre, its shoe then 2 cm up).
            const shin = parts.filter(
              (c) => Math.abs(c.ra - 0.045 * h) < 1e-9 && Math.abs(c.rb - 0.035 * h) < 1e-9,
            )[side];
            expect(Math.hypot(shin.b[0] - a[0], shin.b[1] - a[1], shin.b[2] - a[2])).toBeLessThan(0.015);
            // The shoe's sole lies on the ground, and the truth's sole (its middle) on the shoe, to those centimetres.
            const shoe = parts.filter((c) => c.color.join() === '25,25,28')[side];
            expect(Math.abs(shoe.a[2] - shoe.ra)).toBeLessThan(0.025);
            const sole = [a[0] + pose.hx * SOLE_MIDDLE * h, a[1] + pose.hy * SOLE_MIDDLE * h];
            const mid = [(shoe.a[0] + shoe.b[0]) / 2, (shoe.a[1] + shoe.b[1]) / 2];
            expect(Math.hypot(sole[0] - mid[0], sole[1] - mid[1])).toBeLessThan(0.015);
          } else if (down) {
            contacts.push(down);
            down = null;
          }
        }
        // Each contact still to a millimetre and 0.02 s or more long; a step a second or more on each foot once
        // he runs.
        expect(contacts.length).toBeGreaterThanOrEqual(2);
        for (const c of contacts) {
          expect(Math.max(...c) - Math.min(...c)).toBeLessThan(0.001);
          expect(c.length).toBeGreaterThanOrEqual(20);
        }
        // The runner moves on between one contact and the next of the same foot, his way: a stride, not a slide.
        for (let k = 0; k + 1 < contacts.length; k += 1)
          expect(spec.runner.dir * (contacts[k + 1][0] - contacts[k][0])).toBeGreaterThan(1);
      }
    }
  });

  it("tells the runner's height in the picture: an upright body seen from high above the field is shorter than from the sideline", async () => {
    const base = drawScene(8, { ...tiny, kind: 'max-speed', repeats: [] });
    // The same runner from a phone at head height on the sideline and from a press box 24 m up, both 25
    // yards from his lane and not zoomed; his drawn height against his height in yards at the field's scale.
    const seen = async (heightM: number, name: string) => {
      const spec = {
        ...base,
        others: [],
        camera: { ...base.camera, heightM, distanceYd: 25, zoom: 1, rollDeg: 0, k1: 0 },
      };
      const truth = await renderScene(spec, path.join(dir, name));
      const shown = truth.groundPointPx.filter((f) => f.inView);
      expect(shown.length).toBeGreaterThan(0);
      const ratios = shown.map((f) => f.tallPx! / (spec.runner.heightYd * f.pxPerYd)).sort((a, b) => a - b);
      return ratios[Math.floor(ratios.length / 2)];
    };
    const side = await seen(1.6, 'side.mp4');
    const above = await seen(24, 'above.mp4');
    expect(side).toBeGreaterThan(0.85);
    expect(side).toBeLessThan(1.15);
    expect(above).toBeLessThan(0.8);
  });

  it('a 40: still in the stance until the first movement, the frames of the start, splits and finish', async () => {
    const spec = drawScene(9, {
      kind: 'forty',
      width: 320,
      height: 180,
      fps: '60',
      repeats: [],
      drops: [],
      jitter: 0,
    });
    const truth = await renderScene(spec, path.join(dir, 'forty.mp4'));
    const f = truth.forty!;
    const t = truth.frameTimes;
    expect(t[f.startFrame]).toBeGreaterThan(f.tMove);
    expect(t[f.startFrame - 1]).toBeLessThanOrEqual(f.tMove);
    expect(t[f.finishFrame]).toBeGreaterThanOrEqual(f.tFinish - 1e-9);
    expect(t[f.finishFrame - 1]).toBeLessThan(f.tFinish);
    expect(f.seconds).toBeCloseTo(f.tFinish - f.tMove, 9);
    expect(f.splits['10']).toBeLessThan(f.splits['20']);
    expect(f.splitFrames['30']).toBeLessThan(f.finishFrame);
    // Still before the start: the same ground point on every frame.
    const before = truth.groundPointPx.slice(0, f.startFrame).map((p) => p.X);
    expect(new Set(before).size).toBe(1);
    expect(truth.nFrames).toBe(Math.floor(spec.seconds * timingOf(spec.fps).rate));
    expect(truth.forty!.lines!.map((l) => l.yardLine)).toEqual([0, 40]);
  });
});
