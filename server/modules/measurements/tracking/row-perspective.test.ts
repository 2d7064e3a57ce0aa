import { describe, expect, it } from 'vitest';
import { boundTermsMph, fitTrack, widenedBy } from './fit-result';
import { onFixedLines } from './finished-track.fixtures';
import type { RawTrack } from './track-clip';

/**
 * A runner at 9 yards a second, 60 frames a second, on row 250 of a 640x360 picture; yard lines every 5 yards
 * at 12 px a yard on the row, meeting 250 px above it, at the top of the picture (each leans more than the one
 * before, as a camera low on the sideline sees them); only
 * the lines numbered in `shown` are found.
 */
function track(shown: number[]) {
  const W = 640;
  const H = 360;
  const fps = 60;
  const n = 3 * fps;
  const xOf = (yards: number, y: number) => 20 + 12 * yards + (0.1 + yards / 25) * (y - 250);
  const frames: RawTrack['frames'] = Array.from({ length: n }, (_, i) => ({
    frameIndex: i,
    x: xOf(5 + (9 * i) / fps, 250),
    y: 250,
    height: 40,
    confidence: 1,
    state: 'tracked',
  }));
  const lines = shown.map((k) => ({ yardLine: 5 * k, x0: xOf(5 * k, 0), x1: xOf(5 * k, H) }));
  const { raw, timing } = onFixedLines({ width: W, height: H, fps }, frames, lines);
  return fitTrack(raw, timing);
}

describe('where the horizon is not known, the ± holds what it may move (decision 363)', () => {
  it('adds nothing where the clip shows four lines or more: the horizon is read there', () => {
    const r = track([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(r.fit.horizonYards).toBe(0);
  });

  it('adds what a phone up to 3 degrees off level would move the distance where only two lines show', () => {
    const r = track([2, 3]);
    expect(r.fit.horizonYards).toBeGreaterThan(0.01);
    // In full, over the window's time, beside the lean (the deviations added to them).
    const T = r.maxSpeed!.toTime - r.maxSpeed!.fromTime;
    const terms = boundTermsMph(r)!;
    expect(terms.horizon).toBeCloseTo(((r.fit.horizonYards / T) * 3600) / 1760, 6);
    // (the stored ground figure is rounded up to the thousandth of a yard)
    expect(r.maxSpeed!.plusMinusMph).toBeGreaterThan(terms.lean + terms.horizon + terms.ground - 0.01);
    // Where it is the widest term, a refusal over the ceiling names it, with what to film differently.
    expect(widenedBy(r)).not.toBe('horizon');
    const wide = { ...r, maxSpeed: { ...r.maxSpeed!, plusMinusMph: r.maxSpeed!.plusMinusMph + 1 } };
    expect(
      widenedBy({ ...wide, fit: { ...r.fit, horizonYards: r.fit.horizonYards + T / (3600 / 1760) } }),
    ).toBe('horizon');
  });

  it('adds nothing where three lines show at both ends: they read the row themselves', () => {
    expect(track([1, 2, 3]).fit.horizonYards).toBe(0);
  });
});
