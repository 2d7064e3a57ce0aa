import type { TrackResult } from '../../../../contract/tracking';
import { windowEnds } from './fit-result';
import type { RawTrack } from './track-clip';

/** The fit's figures a bound is made of (yards; the window below is 1 s long). */
export type Terms = Pick<TrackResult['fit'], 'groundYards' | 'perspectiveYards' | 'calibrationYards'>;

/**
 * A finished 120-frame track for the verdict's tests, with no doubts: only what the verdict reads is real.
 * Its fastest 10 yards run from 0.9 s to 1.9 s at 20 mph ± `plusMinusMph`; the fitted curve gives 5 mph at
 * the start, 19.5 at 0.9 s, 20 at 1.8 s, 18.5 at 2.4 s and 15 at the end. `terms`: the fit's figures its
 * bound was made of; `clicks`: the clicked frames the track keeps (none: a track before tracker 2.9.0);
 * `unsure`: frames the tracker was unsure of (every other frame is tracked).
 */
export function finishedTrack(
  fps: number,
  plusMinusMph: number,
  { terms, clicks, unsure = [] }: { terms?: Terms; clicks?: number[]; unsure?: number[] } = {},
) {
  const frames = Array.from({ length: 120 }, (_, frameIndex) => ({
    frameIndex,
    time: frameIndex / fps,
    x: 0,
    y: 0,
    yards: null,
    confidence: 1,
    state: unsure.includes(frameIndex) ? ('unsure' as const) : ('tracked' as const),
  }));
  const raw = { width: 640, height: 360, frames: [], lines: [], doubts: [], beside: [], clicks } as RawTrack;
  const result = {
    frames,
    profile: [
      { time: 0, yards: 0, mph: 5 },
      { time: 0.9, yards: 12, mph: 19.5 },
      { time: 1.8, yards: 28, mph: 20 },
      { time: 2.4, yards: 34, mph: 18.5 },
      { time: 119 / fps, yards: 50, mph: 15 },
    ],
    maxSpeed: { mph: 20, plusMinusMph, fromYard: 12, toYard: 22, fromTime: 0.9, toTime: 1.9 },
    ...(terms && { fit: { residualYards: 0, framesUsed: 100, knots: [], coefficients: [], ...terms } }),
  } as unknown as TrackResult;
  return { raw, result };
}

/**
 * A track on the same yard lines in every frame (`lines`: x at the top and bottom of the picture) and its
 * timing at `fps` frames a second, for the fit's tests; `more` adds to the track (its lens, clicks, reach).
 */
export function onFixedLines(
  size: { width: number; height: number; fps: number },
  frames: RawTrack['frames'],
  lines: RawTrack['lines'][0]['lines'],
  more: Partial<RawTrack> = {},
) {
  const raw: RawTrack = {
    width: size.width,
    height: size.height,
    frames,
    lines: frames.map((f) => ({ frameIndex: f.frameIndex, lines })),
    doubts: [],
    beside: [],
    ...more,
  };
  const timing = {
    frameTimes: frames.map((f) => f.frameIndex / size.fps),
    fps: { num: size.fps, den: 1 },
    vfr: false,
  };
  return { raw, timing };
}

/** The frames where the fastest 10 yards begin and end, as an analyst who checked both confirmed them (decision 308). */
export function checkedEnds(result: TrackResult) {
  const ends = windowEnds(result);
  return ends ? [ends.first.frameIndex, ends.last.frameIndex] : [];
}

/**
 * The fastest 10 yards' speed as tracked, before the lean's likely share was taken off (tracker 2.17.0, decision
 * 331): for fixtures whose tracked points carry no lean, so that what they test is the window, not the lean.
 */
export function trackedMph(result: TrackResult) {
  const m = result.maxSpeed!;
  return m.mph + (result.fit.leanShiftYards / (m.toTime - m.fromTime)) * (3600 / 1760);
}
