import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { maxSpeedCeiling, trackVerdict, widenedBy } from './fit-result';
import type { RawTrack } from './track-clip';

const times = (fps: number, n = 120) => Array.from({ length: n }, (_, i) => i / fps);

/** The fit's figures a bound is made of (yards; the window below is 1 s long). */
type Terms = Pick<TrackResult['fit'], 'groundYards' | 'perspectiveYards' | 'calibrationYards'>;

/**
 * A finished track with no doubts: only its frames' times, its Max Speed and (where given) the fit's
 * figures its bound was made of matter to the verdict here.
 */
function fitted(fps: number, plusMinusMph: number, terms?: Terms) {
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
    ...(terms && { fit: { residualYards: 0, framesUsed: 100, knots: [], coefficients: [], ...terms } }),
  } as unknown as TrackResult;
  return { raw, result };
}

function track(fps: number, plusMinusMph: number, terms?: Terms) {
  const { raw, result } = fitted(fps, plusMinusMph, terms);
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

  it('says what to film differently by the term that widens the ± most', () => {
    // Over a 1-s window: 0.08 yd of ground-point stray at each end is 0.46 mph of the ± (2 x √2 x 0.08 yd/s).
    const ground = { groundYards: 0.08, perspectiveYards: 0, calibrationYards: 0.005 };
    expect(widenedBy(fitted(30, 0.48, ground).result)).toBe('ground');
    expect(track(30, 0.48, ground).failure).toMatch(
      /wider than the ± 0\.4 mph a verified Max Speed allows at this frame rate \(where the feet meet the field is placed only to a few pixels, .*film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
    // The lean over the window is added in full: 0.3 yd in 1 s is 0.61 mph.
    const lean = { groundYards: 0.03, perspectiveYards: 0.3, calibrationYards: 0.005 };
    expect(widenedBy(fitted(30, 0.8, lean).result)).toBe('lean');
    expect(track(30, 0.8, lean).failure).toMatch(
      /the player crossed much of the picture.*: pan with the player to keep him near the middle\)$/,
    );
    // What the ground, the lean and the lines do not explain is the fit's spread.
    const noisy = { groundYards: 0.02, perspectiveYards: 0, calibrationYards: 0.005 };
    expect(widenedBy(fitted(30, 0.6, noisy).result)).toBe('fit');
    expect(track(30, 0.6, noisy).failure).toMatch(
      /the tracked positions waver from frame to frame: hold the phone steadier/,
    );
    const loose = { groundYards: 0.02, perspectiveYards: 0, calibrationYards: 0.05 };
    expect(widenedBy(fitted(60, 0.32, loose).result)).toBe('lines');
    expect(track(60, 0.32, loose).failure).toMatch(
      /the yard lines fit the map from picture to field too loosely/,
    );
    // Without the fit's figures (a result stored before them), the general advice.
    expect(widenedBy(fitted(30, 4.97).result)).toBeNull();
    // ... or with a figure missing (a fit stored before the ground's and the lean's were kept).
    const older = { calibrationYards: 0.005 } as Terms;
    expect(widenedBy(fitted(30, 4.97, older).result)).toBeNull();
    expect(track(30, 4.97, older).failure).toMatch(
      /\(film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
    expect(track(30, 4.97).failure).toMatch(
      /\(film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
  });
});
