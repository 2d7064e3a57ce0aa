import { describe, expect, it } from 'vitest';
import { BOUND, boundTermsMph, fitTrack } from './fit-result';
import { onFixedLines, trackedMph } from './finished-track.fixtures';
import { TRACKER, type RawTrack } from './track-clip';

const W = 640;
const H = 360;
const FPS = 60;
/** Pixels a yard along the field on the runner's row (250), and his speed: 9 yards a second (18.41 mph). */
const PX = 12;
const SPEED = 9;
const TRUE_MPH = (SPEED * 3600) / 1760;
/** The most the lean can move a ground point, per pixel its column is from the middle (`BOUND`, yards of 12 px). */
const MOST = (BOUND.perspective * BOUND.upperBody * TRACKER.playerYards * PX) / W;

/**
 * A runner at 9 yards a second filmed by a camera whose yard lines meet at row `meet` (above the picture: it
 * looks down; below: it looks up), panning `panPx` pixels a second the way the yards grow. Each tracked point
 * lies `share` of the most the lean allows further from the middle column than his feet, as a ground point kept
 * under the upper body of a body seen from above does (outward where the camera looks down, inward where it
 * looks up). `way`: +1 runs toward the right of the picture, -1 toward the left.
 */
function leaning({ meet = -600, panPx = 0, share = 0.4, way = 1 } = {}) {
  const n = 3 * FPS;
  const row = 250;
  const pan = (i: number) => (panPx * i) / FPS;
  const column = (yards: number, i: number) => 20 + PX * yards - pan(i);
  const yardsOf = (i: number) => (way > 0 ? 5 + (SPEED * i) / FPS : 32 - (SPEED * i) / FPS);
  const outward = meet < H / 2 ? 1 : -1;
  const frames: RawTrack['frames'] = Array.from({ length: n }, (_, i) => {
    const x = column(yardsOf(i), i);
    return {
      frameIndex: i,
      x: x + outward * share * MOST * (x - W / 2),
      y: row,
      height: 40,
      confidence: 1,
      state: 'tracked',
    };
  });
  // Each frame's lines through (W/2, meet), at 12 px a yard on the runner's row.
  const linesAt = (i: number) =>
    Array.from({ length: 13 }, (_, k) => {
      const X = column(5 * k - 5, i);
      const at = (y: number) => W / 2 + ((X - W / 2) * (y - meet)) / (row - meet);
      // Yards are counted the way he runs (as the tracker numbers the lines): back from the right for a run left.
      return { yardLine: way > 0 ? 5 * k - 5 : 40 - (5 * k - 5), x0: at(0), x1: at(H) };
    }).filter((l) => Math.max(l.x0, l.x1) > -200 && Math.min(l.x0, l.x1) < W + 200);
  const { raw, timing } = onFixedLines({ width: W, height: H, fps: FPS }, frames, [], {
    lines: frames.map((f) => ({ frameIndex: f.frameIndex, lines: linesAt(f.frameIndex) })),
  });
  return fitTrack(raw, timing);
}

describe('the lean’s likely share taken off the distance (issue 48, tracker 2.17.0, decision 331)', () => {
  it('takes half the lean off where the camera looks down and he crosses the picture, and keeps the truth inside', () => {
    for (const way of [1, -1]) {
      const r = leaning({ way });
      const m = r.maxSpeed!;
      const lean = r.fit.perspectiveYards;
      expect(lean).toBeGreaterThan(0.1);
      // Running either way across the picture, the ends are pushed apart: the run reads long.
      expect(r.fit.leanShiftYards).toBeCloseTo(lean / 2, 2);
      expect(trackedMph(r)).toBeGreaterThan(TRUE_MPH + 0.05);
      expect(Math.abs(m.mph - TRUE_MPH)).toBeLessThan(Math.abs(trackedMph(r) - TRUE_MPH));
      expect(Math.abs(m.mph - TRUE_MPH)).toBeLessThanOrEqual(m.plusMinusMph);
      // The bound holds the half not taken off, in full.
      const T = m.toTime - m.fromTime;
      expect(boundTermsMph(r)!.lean).toBeCloseTo((((lean - r.fit.leanShiftYards) / T) * 3600) / 1760, 2);
      // The time for 10 yards is that of the speed stated.
      expect(r.flyTen!.value).toBeCloseTo((10 / m.mph) * (3600 / 1760), 2);
    }
  });

  it('holds the truth at both ends of what the lean may be: none, and all the bound allows', () => {
    for (const share of [0, 1]) {
      const m = leaning({ share }).maxSpeed!;
      expect(Math.abs(m.mph - TRUE_MPH)).toBeLessThanOrEqual(m.plusMinusMph);
    }
  });

  it('adds the lean’s share back where a pan overtook him: his column moved against his run, and it reads short', () => {
    // The camera pans at 1.5 times his speed: he moves back across the picture at half his speed.
    const r = leaning({ panPx: 1.5 * SPEED * PX });
    const m = r.maxSpeed!;
    expect(r.fit.leanShiftYards).toBeLessThan(-0.05);
    expect(trackedMph(r)).toBeLessThan(TRUE_MPH - 0.02);
    expect(m.mph).toBeGreaterThan(trackedMph(r));
    expect(Math.abs(m.mph - TRUE_MPH)).toBeLessThanOrEqual(m.plusMinusMph);
  });

  it('takes nothing off where the lines meet below the middle (a camera looking up): the bound holds all of it', () => {
    const up = leaning({ meet: 1500 });
    expect(up.fit.perspectiveYards).toBeGreaterThan(0.1);
    expect(up.fit.leanShiftYards).toBe(0);
    const m = up.maxSpeed!;
    expect(m.mph).toBeCloseTo(trackedMph(up), 6);
    expect(Math.abs(m.mph - TRUE_MPH)).toBeLessThanOrEqual(m.plusMinusMph);
    const T = m.toTime - m.fromTime;
    expect(boundTermsMph(up)!.lean).toBeCloseTo(((up.fit.perspectiveYards / T) * 3600) / 1760, 2);
    // Looking down, the same run's ± is narrower by the half taken off.
    expect(leaning().maxSpeed!.plusMinusMph).toBeLessThan(m.plusMinusMph - 0.05);
  });
});
