import { describe, expect, it } from 'vitest';
import { trackVerdict } from '../../modules/measurements/tracking/fit-result';
import { fixedScenes } from './fixed-scenes.fixtures';
import { clicksOnAFoot, trackScene } from './product';
import { makeWorld, project } from './world';

/**
 * A fixed handful of the accuracy benchmark's Max Speed scenes (issue 48, decision 240), run through the
 * product as its jobs run it. Each one asserts what must hold. The 40's scenes are in
 * fixed-forty-scenes.test.ts, so the two files run side by side (decision 335).
 */
const { scene, benchmarkScene } = fixedScenes();

/** A Max Speed scene drawn as the benchmark draws it (its own size and length), tracked as the job tracks it. */
async function trackedAsTheBenchmark(seed: number) {
  const { file, truth } = await benchmarkScene(seed, 'max-speed');
  return { truth, t: await trackScene(file, truth) };
}

/** A Max Speed given by the product holds the truth inside its ± (none given: nothing to check here). */
function insideIfGiven(t: Awaited<ReturnType<typeof trackScene>>) {
  if (t.given) expect(Math.abs(t.given.mph - t.given.trueMph)).toBeLessThanOrEqual(t.given.plusMinus);
}

/** A benchmark scene gives a Max Speed with the truth inside its ±, or none, with the reason. */
async function insideOrRefused(seed: number) {
  const { t } = await trackedAsTheBenchmark(seed);
  insideIfGiven(t);
  if (!t.given) expect(t.refused).toMatch(/No Max Speed|needs a click/);
}

describe('fixed scenes of the accuracy benchmark (issue 48)', () => {
  it('a clean scene (no other player, camera 14 m up, panning): a Max Speed is given or refused, never 1 mph off', async () => {
    const { file, truth } = await scene(25, { others: 0 });
    const t = await trackScene(file, truth);
    if (t.given) {
      expect(Math.abs(t.given.mph - t.given.trueMph)).toBeLessThan(1);
      expect(t.given.switchFrames).toBe(0);
    } else expect(t.refused).toBeTruthy();
  });

  it('a clean scene: the truth lies inside the stated bound', async () => {
    const { file, truth } = await scene(25, { others: 0 });
    const t = await trackScene(file, truth);
    insideIfGiven(t);
  });

  it("a teammate in the same kit crossing in front does not take the track: the tracker asks, and gives the runner's speed or none", async () => {
    const { file, truth } = await scene(100);
    // Without an analyst to answer, the tracker stops where it cannot tell who is who.
    const alone = await trackScene(file, truth, undefined, { maxClicks: 0 });
    expect(alone.given).toBeUndefined();
    expect(alone.asked.length).toBeGreaterThan(0);
    expect(alone.refused).toMatch(/needs a click/);
    // With the analyst clicking the runner where it asks (the truth plays him), never someone else's speed.
    const t = await trackScene(file, truth);
    if (t.given) {
      expect(t.given.switchFrames).toBe(0);
      expect(Math.abs(t.given.mph - t.given.trueMph)).toBeLessThanOrEqual(t.given.plusMinus);
    }
  }, 600_000);

  it("a click on a teammate in the same kit beside the runner is not reported as the runner's speed without a flag", async () => {
    const { spec, file, truth } = await scene(87);
    const k = spec.others.findIndex((o) => o.sameKit && o.role === 'beside');
    const frame = truth.groundPointPx.find((f) => f.inView && f.t > 0.3) ?? truth.groundPointPx[0];
    const world = makeWorld(spec);
    const mate = world.othersAt(frame.t)[k];
    const p = project(world.cameraAt(frame.t), [mate.x, mate.y, 0]);
    const t = await trackScene(file, truth, { frameIndex: frame.i, x: p.u, y: p.v }, { maxClicks: 0 });
    // The tracker stops and asks for a click (or gives a value with its problems listed): never silent.
    if (t.given) expect(t.given.problems.length).toBeGreaterThan(0);
    else expect(t.asked.length).toBeGreaterThan(0);
  }, 300_000);

  // Issue 48: tracker 2.12.0 gave 14.12 ± 0.35 mph for a true 15.44 on this benchmark scene, its frames moved
  // by a step between two clicks' looks read on one frame (decision 311). Drawn as the benchmark drew it.
  it('seed 9583 (phone upright, 30 fps, 25 m up, a player beside the runner): the truth inside the ± or no Max Speed', async () => {
    await insideOrRefused(9583);
  }, 300_000);

  // Issue 48: the candidate of decision 342 (the step between two clicks' looks read from their difference on
  // the frames between them) gave 20.50 ± 0.26 mph for a true 20.95 on this fresh benchmark scene: four clicks
  // 13-17 frames apart, whose looks drift over each other's frames by as much as the step. Tracker 2.17.0
  // refuses it (clicks not lined up). Drawn as the benchmark drew it.
  it('seed 11722 (29.97 fps, 30 m up, a player beside the runner and two crossing, four clicks): the truth inside the ± or no Max Speed', async () => {
    await insideOrRefused(11722);
  }, 300_000);

  // Issue 48: the candidate of decision 343 (each click's look found again at the other clicks, the window
  // placed by one look across them), without its rule on looks that slide apart, gave 15.58 ± 0.27 mph for a
  // true 15.95 on this benchmark scene: the look placing the window slid 0.3 yards on the runner's body at a
  // crossing, and the step to the next click's look was read on the frames it slid over. Tracker 2.17.0
  // refuses it (clicks not lined up). Drawn as the benchmark drew it.
  it('seed 11357 (phone upright, 29.97 fps, a crossing, five clicks): the truth inside the ± or no Max Speed', async () => {
    await insideOrRefused(11357);
  }, 300_000);

  // Issue 48: tracker 2.21.0 refused this fresh benchmark scene, clicked by a person (on a foot, up to 0.3 yards
  // off the point under the hips), because his clicks near a crossing came too close together to line up; 2.22.0
  // fitted the steps between the clicks' frames with the run (decision 354) and gave it inside its ±. From 2.25.0
  // such a track is refused again, with the reason (decision 362: on planted-feet calibration scenes 4 of 10 such
  // fits held the truth outside their ±). Drawn as the benchmark drew it.
  it("seed 13205 (29.97 fps, a person's clicks crowded at a crossing): the steps fitted with the run, and refused with the reason", async () => {
    const { file, truth } = await benchmarkScene(13205, 'max-speed');
    const t = await trackScene(file, truth, undefined, { aim: clicksOnAFoot(13205) });
    expect(t.result!.fit.clickSteps).toBeGreaterThan(0);
    expect(t.given).toBeUndefined();
    expect(t.refused).toMatch(
      /clicked on frames too close together to tell where on his body each click was made/,
    );
  }, 300_000);

  // Issue 48: tracker 2.23.0 gave 17.80 ± 0.38 mph for a true 16.96 on this fresh benchmark scene, clicked by a
  // person (on a foot): a player in the same kit ran beside the runner, over him in the picture, and the tracked
  // point slid along the body (decision 360); the clicks the tracker asked for came too close together to line
  // up, and their steps were fitted with the run. From 2.25.0 such clicks are refused (decision 362). Drawn as the
  // benchmark drew it, the runner's feet planted.
  it("seed 14325 (25 fps, a player in the same kit beside the runner, a person's clicks): refused with the reason, not 0.84 mph high", async () => {
    const { file, truth } = await benchmarkScene(14325, 'max-speed');
    const t = await trackScene(file, truth, undefined, { aim: clicksOnAFoot(14325) });
    expect(t.given).toBeUndefined();
    expect(t.refused).toMatch(/^No Max Speed from this track: /);
  }, 300_000);

  // Issue 48: tracker 2.26.0 gave 17.59 ± 0.28 mph for a true 18.10 on this calibration scene, clicked by the exact
  // analyst: a player who looks the same ran beside the runner and came close enough to be taken for him around his
  // fastest 10 yards, and the tracked point slid 0.13 yards along his body (decision 360). From 2.27.0 such a
  // window is refused (decision 364). Drawn as the benchmark drew it.
  it('seed 14534 (59.94 fps, portrait, a look-alike beside the runner and close): refused with the reason, not 0.51 mph low', async () => {
    const { t } = await trackedAsTheBenchmark(14534);
    expect(t.given).toBeUndefined();
    expect(t.refused).toMatch(/another player who looks the same ran beside him and came close enough/);
  }, 300_000);

  // Issue 48: tracker 2.23.0 gave 20.06 ± 0.33 mph for a true 20.98 on this fresh benchmark scene, clicked by a
  // person (on a foot): the looks of his two clicks, 0.43 yards apart, met 0.1 s after the fastest 10 yards, and
  // the step slowed the fitted curve there and drew the window 0.7 s early. From 2.24.0 the whole track is
  // placed on the look at the window (decision 361). Drawn as the benchmark drew it, the runner's feet planted.
  it("seed 14417 (25 fps at a variable rate, a player beside, a person's clicks): placed on one look, the truth inside the ±", async () => {
    const { file, truth } = await benchmarkScene(14417, 'max-speed');
    const t = await trackScene(file, truth, undefined, { aim: clicksOnAFoot(14417) });
    expect(t.given, t.refused).toBeDefined();
    insideIfGiven(t);
  }, 300_000);

  // Issue 48: tracker 2.17.0 gave 16.74 ± 0.21 mph for a true 16.97 on this fresh benchmark scene (decision
  // 348): its yard lines were placed half an analysis pixel up and left of the picture the clicks and the
  // tracked points are read in, which spread them outward, and a centroid of the few pixels about a ridge's
  // brightest one read slanted lines up to a third of a pixel off (decision 349). Drawn as the benchmark drew it.
  it('seed 12666 (60 fps, CRF 34, a runner as bright as the grass, a pan): the truth inside the ± or no Max Speed', async () => {
    await insideOrRefused(12666);
  }, 300_000);

  // Issue 48: tracker 2.13.0 kept frames 65-68 of this benchmark scene as the runner's, 0.9-2.1 yards off him:
  // the look of the click on frame 70, followed back, took another player, while the look of the click on
  // frame 59 stayed on the runner (decision 312). Drawn as the benchmark drew it.
  it('seed 9757 (a crossing at 60 fps): where two clicks’ looks part, no frame between them is kept as the runner’s a yard off him', async () => {
    const { t, truth } = await trackedAsTheBenchmark(9757);
    insideIfGiven(t);
    if (!('raw' in t) || !t.raw) throw new Error(`not tracked: ${t.refused}`);
    const raw = t.raw;
    const clicks = raw.clicks ?? [];
    expect(clicks.length).toBeGreaterThan(1);
    const off: number[] = [];
    for (let i = clicks[0]; i <= clicks[clicks.length - 1]; i += 1) {
      const f = raw.frames[i];
      const g = truth.groundPointPx[i];
      if (f?.state === 'tracked' && g && Math.hypot(f.x - g.gx, f.y - g.gy) > g.pxPerYd) off.push(i);
    }
    expect(off).toEqual([]);
  }, 300_000);

  // Issue 48: on this benchmark scene the pan lags and the runner leaves the picture while still gaining
  // speed; tracker 2.14.0 measured the fastest 10 yards of what it saw, 17.52 mph for a true 19.65, ending on
  // its last frame, and only a ± over the ceiling kept it from being given (decision 313). Drawn as the
  // benchmark drew it.
  it('seed 9744 (30 fps, a late pan, the runner out of the picture at top speed): no Max Speed from the run up to the edge of what was seen', async () => {
    const { t, truth } = await trackedAsTheBenchmark(9744);
    insideIfGiven(t);
    if (!('result' in t) || !t.result?.maxSpeed || !t.raw) throw new Error(`not fitted: ${t.refused}`);
    const { raw, result } = t;
    const top = result.maxSpeed!;
    // The value behind the refusal is the run up to the edge, well short of the truth.
    expect(truth.maxSpeed!.mph - top.mph).toBeGreaterThan(1);
    // Were its ± under the ceiling, the verdict still refuses it, for where the 10 yards are.
    const narrow = { ...result, maxSpeed: { ...top, plusMinusMph: 0.2 } };
    expect(trackVerdict(raw, narrow, [], [], { checkWindow: false }).failure).toMatch(
      /last seen for sure on frame \d+ while still gaining speed/,
    );
  }, 300_000);
});
