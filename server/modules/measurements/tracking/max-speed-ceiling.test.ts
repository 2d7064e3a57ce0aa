import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { maxSpeedCeiling, trackVerdict } from './fit-result';
import type { RawTrack } from './track-clip';

const times = (fps: number, n = 120) => Array.from({ length: n }, (_, i) => i / fps);

/** A finished track with no doubts: only its frames' times and its Max Speed matter to the verdict here. */
function track(fps: number, plusMinusMph: number) {
  const frames = times(fps).map((time, frameIndex) => ({
    frameIndex,
    time,
    x: 0,
    y: 0,
    yards: null,
    confidence: 1,
    state: 'tracked' as const,
  }));
  const raw = { width: 640, height: 360, frames: [], lines: [], doubts: [], beside: [] } as RawTrack;
  const result = {
    frames,
    profile: [
      { time: 0, yards: 0, mph: 5 },
      { time: 0.9, yards: 12, mph: 10 },
      { time: 1.8, yards: 28, mph: 20 },
      { time: times(fps).at(-1)!, yards: 40, mph: 15 },
    ],
    maxSpeed: { mph: 20, plusMinusMph, fromYard: 12, toYard: 22, fromTime: 0.9, toTime: 1.9 },
  } as unknown as TrackResult;
  return trackVerdict(raw, result, []);
}

describe('the ceiling of a tracked Max Speed (issue 48)', () => {
  it('is 0.3 mph at 50 frames a second or more and 0.4 below, by the clip’s own frame times', () => {
    expect(maxSpeedCeiling(times(60000 / 1001))).toBe(0.3);
    expect(maxSpeedCeiling(times(240))).toBe(0.3);
    expect(maxSpeedCeiling(times(30000 / 1001))).toBe(0.4);
    expect(maxSpeedCeiling(times(25))).toBe(0.4);
  });

  it('refuses a wider ± with the reason in words, and lets one within it stand', () => {
    expect(track(30000 / 1001, 0.4).failure).toBeUndefined();
    expect(track(60000 / 1001, 0.3).failure).toBeUndefined();
    const wide = track(30000 / 1001, 4.97).failure;
    expect(wide).toMatch(/only known to ± 4\.97 mph, wider than the ± 0\.4 mph a verified Max Speed allows/);
    expect(track(60000 / 1001, 0.31).failure).toMatch(/wider than the ± 0\.3 mph/);
  });
});
