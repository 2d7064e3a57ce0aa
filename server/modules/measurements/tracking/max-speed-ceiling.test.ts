import { describe, expect, it } from 'vitest';
import { maxSpeedCeiling, trackVerdict, widenedBy } from './fit-result';
import { checkedEnds, finishedTrack, type Terms } from './finished-track.fixtures';

const times = (fps: number, n = 120) => Array.from({ length: n }, (_, i) => i / fps);

function track(fps: number, plusMinusMph: number, terms?: Terms) {
  const { raw, result } = finishedTrack(fps, plusMinusMph, { terms });
  return trackVerdict(raw, result, checkedEnds(result));
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
    expect(widenedBy(finishedTrack(30, 0.48, { terms: ground }).result)).toBe('ground');
    expect(track(30, 0.48, ground).failure).toMatch(
      /wider than the ± 0\.4 mph a verified Max Speed allows at this frame rate \(where the feet meet the field is placed only to a few pixels, .*film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
    // The lean over the window is added in full: 0.3 yd in 1 s is 0.61 mph.
    const lean = { groundYards: 0.03, perspectiveYards: 0.3, calibrationYards: 0.005 };
    expect(widenedBy(finishedTrack(30, 0.8, { terms: lean }).result)).toBe('lean');
    expect(track(30, 0.8, lean).failure).toMatch(
      /the player crossed much of the picture.*: pan to keep the player near the middle of the picture\)$/,
    );
    // What the ground, the lean and the lines do not explain is the fit's spread.
    const noisy = { groundYards: 0.02, perspectiveYards: 0, calibrationYards: 0.005 };
    expect(widenedBy(finishedTrack(30, 0.6, { terms: noisy }).result)).toBe('fit');
    expect(track(30, 0.6, noisy).failure).toMatch(
      /the tracked positions waver from frame to frame: hold the phone steadier/,
    );
    const loose = { groundYards: 0.02, perspectiveYards: 0, calibrationYards: 0.05 };
    expect(widenedBy(finishedTrack(60, 0.32, { terms: loose }).result)).toBe('lines');
    expect(track(60, 0.32, loose).failure).toMatch(
      /the yard lines fit the map from picture to field too loosely/,
    );
    // Without the fit's figures (a result stored before them), the general advice.
    expect(widenedBy(finishedTrack(30, 4.97).result)).toBeNull();
    // ... or with a figure missing (a fit stored before the ground's and the lean's were kept).
    const older = { calibrationYards: 0.005 } as Terms;
    expect(widenedBy(finishedTrack(30, 4.97, { terms: older }).result)).toBeNull();
    expect(track(30, 4.97, older).failure).toMatch(
      /\(film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
    expect(track(30, 4.97).failure).toMatch(
      /\(film from higher up, square to the field, panning to keep the player near the middle of the picture\)$/,
    );
  });
});
