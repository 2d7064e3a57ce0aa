import { statSync } from 'node:fs';
import { computeForty } from '../../../contract/forty-math';
import type { FramePoint } from '../../../contract/tracking';
import { fractionText, probeMedia, type MediaFacts } from '../../lib/media-probe';
import { frameChanges } from '../../lib/repeated-frames';
import { proposeForty } from '../../modules/forty/forty-propose';
import {
  clickConfirms,
  fitTrack,
  trackVerdict,
  type ClickNeeded,
} from '../../modules/measurements/tracking/fit-result';
import { trackClip } from '../../modules/measurements/tracking/track-clip';
import { timelineOf, type MediaRow } from '../../modules/videos';
import { rng } from './random';
import type { SceneTruth } from './truth';

/**
 * A scene's clip through the product as its jobs run it (decisions 210, 212): the upload's probe, the
 * timeline `timelineOf` gives the job, then the tracker and the fit, or the 40's proposer. Shared by the
 * accuracy benchmark and the fixed scenes of the test run.
 */
/** The upload's stored facts of a clip, as `timelineOf` reads them. */
const mediaRow = (facts: MediaFacts, repeatedFrames: MediaRow['repeatedFrames']) =>
  ({
    timeBase: fractionText(facts.timeBase),
    nominalFps: fractionText(facts.nominalFps),
    averageFps: fractionText(facts.averageFps),
    frameTicks: facts.frameTicks,
    variableFrameRate: facts.variableFrameRate,
    repeatedFrames,
    captureFps: facts.captureFps,
  }) as MediaRow;

export async function jobTimeline(file: string) {
  const facts = await probeMedia(file);
  // The repeated frames read at upload do not change the times the tracker and the proposer are given.
  const row = mediaRow(facts, null);
  const upright = facts.rotation === 90 || facts.rotation === 270;
  return {
    timeline: timelineOf(row),
    width: upright ? facts.height : facts.width,
    height: upright ? facts.width : facts.height,
    frameCount: facts.frameCount,
  };
}

/**
 * How far along the field from the point under the hips (the scene's truth) an analyst's click on the feet
 * falls, at most, either way (decision 305): a running player has a foot ahead of his hips or behind them.
 */
export const FOOT_YARDS = 0.3;

/**
 * An analyst who clicks a foot where the feet meet the field, as the workbench asked until decision 305 (it now
 * asks for the field under the hips, midway between the feet): a foot ahead of or behind the point the
 * scene's truth puts under the hips, up to `FOOT_YARDS` either way, and a pixel or two off the feet's row.
 * Seeded: the same scene, the same clicks.
 */
export function clicksOnAFoot(seed: number) {
  const r = rng(seed ^ 0x5eed);
  return (_frameIndex: number, g: { gx: number; gy: number; pxPerYd: number }) => ({
    x: g.gx + r.range(-FOOT_YARDS, FOOT_YARDS) * g.pxPerYd,
    y: g.gy + (r.next() + r.next() + r.next() - 1.5) * 1.5,
  });
}

/**
 * Whether the truth shows the runner in the picture on a frame: as it says, or, from a truth that does not say
 * (the film examples of another generator), where his ground point falls inside the picture.
 */
export function inViewOf(
  g: { gx: number; gy: number; inView?: boolean } | undefined,
  width: number,
  height: number,
) {
  return g?.inView ?? (!!g && g.gx >= 0 && g.gy >= 0 && g.gx < width && g.gy < height);
}

/** How many of the tracker's questions the benchmark's analyst answers unless told otherwise. */
export const ANALYST_CLICKS = 6;

/** A tracked point more than this far from the runner's true ground point is on someone else. */
const SWITCH_YARDS = 1;

/**
 * Tracks from one click (the truth's click unless given) and fits, as the job does. Where the tracker stops
 * and asks for a click (issue 48), the analyst is played by the truth: he clicks the runner's true ground
 * point on the frame asked, or where `aim` puts his click (`clicksOnAFoot`: a person's, decision 305), at most
 * `maxClicks` times (0: the question is the answer, nothing given).
 * `refused` holds the product's reason when it gives no Max Speed (or throws); `switchFrames` counts fitted
 * frames off the runner by > 1 yard; `asked` lists the questions.
 */
export async function trackScene(
  file: string,
  truth: SceneTruth,
  click?: FramePoint,
  {
    maxClicks = ANALYST_CLICKS,
    aim = (_frameIndex: number, g: { gx: number; gy: number }) => ({ x: g.gx, y: g.gy }),
  }: {
    maxClicks?: number;
    /** Where the analyst clicks on a frame, given the true ground point there: by default the truth itself. */
    aim?: (frameIndex: number, g: { gx: number; gy: number; pxPerYd: number }) => { x: number; y: number };
  } = {},
) {
  const asked: ClickNeeded[] = [];
  try {
    const { timeline, width, height, frameCount } = await jobTimeline(file);
    // The first click: the one given, else the analyst's on the truth's clear frame (where `aim` puts it).
    const first = (f: number) => ({ frameIndex: f, ...aim(f, truth.groundPointPx[f]) });
    const c = click ?? first(truth.click!.frameIndex);
    const seeds = [{ frameIndex: c.frameIndex, x: Math.round(c.x), y: Math.round(c.y) }];
    if (seeds[0].x < 0 || seeds[0].y < 0 || seeds[0].x >= width || seeds[0].y >= height)
      return { refused: 'no frame shows the runner clear of others inside the picture', asked } as const;
    const timing = { frameTimes: timeline.times, fps: timeline.fps, vfr: timeline.vfr };
    const seconds = timeline.times[timeline.times.length - 1];
    // Each answer tracks the clip again, as the job does, from the frames decoded for the first track.
    const facts = statSync(file);
    const reuse = `${file} ${facts.size} ${facts.mtimeMs}`;
    const confirmed: number[] = [];
    const ended: number[] = [];
    let raw: Awaited<ReturnType<typeof trackClip>> | null = null;
    for (;;) {
      // Tracked again only when a click is a new seed; a confirmation or 'not in view' is fitted again.
      raw ??= await trackClip({ file, width, height, frameCount, seconds, seeds, reuse });
      const result = fitTrack(raw, timing);
      const verdict = trackVerdict(raw, result, confirmed, ended);
      const need = verdict.needsClickAt;
      if (need) {
        asked.push(need);
        const g = truth.groundPointPx[need.frameIndex];
        if (asked.length > maxClicks)
          return { refused: `needs a click: ${need.reason}`, result, raw, asked } as const;
        if (!inViewOf(g, width, height)) {
          // The analyst answers 'the player is not in view here'.
          if (need.kind !== 'resume')
            return { refused: `needs a click: ${need.reason}`, result, raw, asked } as const;
          ended.push(need.frameIndex);
          continue;
        }
        const p = aim(need.frameIndex, g);
        if (need.kind === 'confirm' && clickConfirms(raw, result, need, p)) {
          confirmed.push(need.frameIndex);
          continue;
        }
        if (need.kind === 'confirm') confirmed.push(need.frameIndex);
        const i = seeds.findIndex((s) => s.frameIndex === need.frameIndex);
        if (i >= 0) seeds.splice(i, 1);
        seeds.push({ frameIndex: need.frameIndex, x: Math.round(p.x), y: Math.round(p.y) });
        seeds.sort((a, b) => a.frameIndex - b.frameIndex);
        raw = null;
        continue;
      }
      // The product's own verdict: a track it cannot stand behind fails with its reason (nothing stored).
      if (verdict.failure) return { refused: verdict.failure, result, raw, asked } as const;
      if (!result.maxSpeed)
        return { refused: result.problems.join('; ') || 'no Max Speed', result, raw, asked } as const;
      let switchFrames = 0;
      let trackedFrames = 0;
      for (const f of result.frames) {
        if (f.state !== 'tracked' && f.state !== 'corrected') continue;
        const g = truth.groundPointPx[f.frameIndex];
        trackedFrames += 1;
        if (Math.hypot(f.x - g.gx, f.y - g.gy) / g.pxPerYd > SWITCH_YARDS) switchFrames += 1;
      }
      return {
        result,
        raw,
        asked,
        given: {
          mph: result.maxSpeed.mph,
          plusMinus: result.maxSpeed.plusMinusMph,
          trueMph: truth.maxSpeed!.mph,
          switchFrames,
          trackedFrames,
          problems: result.problems,
          clicks: asked.length,
        },
      } as const;
    }
  } catch (err) {
    return { refused: err instanceof Error ? err.message : String(err), asked } as const;
  }
}

/** The 40's proposer from clicks on the start and finish lines: its frames minus the true ones. */
export async function proposeScene(file: string, truth: SceneTruth) {
  const { timeline, width, height } = await jobTimeline(file);
  const [l0, l40] = truth.forty!.lines!;
  const clickOf = (l: typeof l0) => ({ frameIndex: l.frameIndex, x: Math.round(l.x), y: Math.round(l.y) });
  const p = await proposeForty({
    file,
    width,
    height,
    frameTimes: timeline.times,
    startLine: clickOf(l0),
    finishLine: clickOf(l40),
  });
  const f = truth.forty!;
  const diff = (a: number | null | undefined, b: number) => (a === null || a === undefined ? null : a - b);
  return {
    proposal: p,
    start: diff(p.startFrame, f.startFrame),
    finish: diff(p.finishFrame, f.finishFrame),
    splits: [10, 20, 30].map((y) =>
      diff(p.lines.find((l) => l.yardLine === y)?.frameIndex, f.splitFrames[String(y)]),
    ),
  };
}

/**
 * The 40 timed from the true marks (the first frame showing movement, the first at or after each crossing),
 * as an analyst who marks them exactly gets it (issue 49): the upload's read of the frames (its repeated and
 * quiet frames), the timeline, and the kind's computation. `verified`: the preview raises no problem (the
 * ceiling of ± 0.03 s is one of them), so the completion stores it (`assertVerifiable`); `inside`: the true
 * time lies inside the range the frames allow (`insideStated`: inside the stated ± around the rounded time).
 * With `marked`, the start frame an analyst marked. A computation that throws (a 400 at preview) is `refused` with its
 * message.
 */
export async function timeScene(file: string, truth: SceneTruth, marked?: { startFrame: number }) {
  const facts = await probeMedia(file);
  const row = mediaRow(facts, await frameChanges(file, facts, facts.frameCount, undefined, facts.frameTicks));
  // With `marked`, the start as an analyst marked it instead of the true first frame (decision 330: an eye
  // may see the first movement a frame late where the phone left it undrawn).
  const f = { ...truth.forty!, ...marked };
  const lines = [
    { yardLine: 0, frameIndex: f.startFrame },
    ...[10, 20, 30].map((yardLine) => ({ yardLine, frameIndex: f.splitFrames[String(yardLine)] })),
    { yardLine: 40, frameIndex: f.finishFrame },
  ];
  try {
    const r = computeForty(timelineOf(row), { startFrame: f.startFrame, finishFrame: f.finishFrame, lines });
    return {
      verified: r.qualityProblems.length === 0,
      inside: r.secondsMin - 1e-9 <= f.seconds && f.seconds <= r.secondsMax + 1e-9,
      /** The true time within the stated ± of the rounded time (wider than the frames' own range). */
      insideStated: Math.abs(f.seconds - r.seconds) <= r.plusMinusSeconds + 1e-9,
      plusMinus: r.plusMinusSeconds,
      problems: r.qualityProblems,
    };
  } catch (err) {
    return { refused: err instanceof Error ? err.message : String(err) };
  }
}
