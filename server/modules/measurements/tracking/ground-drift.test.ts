import { describe, expect, it } from 'vitest';
import { BOUND, fitTrack, trackVerdict } from './fit-result';
import { onFixedLines, trackedMph } from './finished-track.fixtures';
import { footOffset } from './follow-player';
import { playerSize, type RawTrack } from './track-clip';

/**
 * A runner at 9 yards a second along the field, 60 frames a second, his ground point on row 250 of a
 * 640x360 picture; yard lines every 5 yards, 12 px a yard, leaning `slant` px sideways per px down.
 */
function track(slant: number, height = 40, offYards: (i: number) => number = () => 0) {
  const W = 640;
  const H = 360;
  const fps = 60;
  const n = 3 * fps;
  const xOf = (yards: number, y: number) => 20 + 12 * yards + slant * (y - H / 2);
  const frames: RawTrack['frames'] = Array.from({ length: n }, (_, i) => ({
    frameIndex: i,
    x: xOf(5 + (9 * i) / fps + offYards(i), 250),
    y: 250,
    height,
    confidence: 1,
    state: 'tracked',
  }));
  const lines = Array.from({ length: 11 }, (_, k) => ({
    yardLine: 5 * k,
    x0: xOf(5 * k, 0),
    x1: xOf(5 * k, H),
  }));
  const { raw, timing } = onFixedLines({ width: W, height: H, fps }, frames, lines);
  return { raw, result: fitTrack(raw, timing) };
}
const run = (...args: Parameters<typeof track>) => track(...args).result;

describe('the ground point’s drift up and down the body in the bound (issue 48, decision 276)', () => {
  it('adds nothing where the yard lines stand upright: a pixel up the picture is no yard along the field', () => {
    const r = run(0);
    expect(r.fit.groundYards).toBeCloseTo(BOUND.groundYards, 3);
    expect(trackedMph(r)).toBeCloseTo((9 * 3600) / 1760, 1);
  });

  it('widens the ± where the lines lean, by the foot offset times the yards a pixel up the picture is', () => {
    const upright = run(0).maxSpeed!.plusMinusMph;
    const r = run(0.5);
    // 0.5 px sideways per px down at 12 px a yard: one pixel up is 0.5 / 12 yards along the field.
    const perEnd = BOUND.footDrift * footOffset(40) * (0.5 / 12);
    // Stated rounded up to the thousandth of a yard.
    expect(r.fit.groundYards).toBeCloseTo(Math.ceil(Math.hypot(BOUND.groundYards, perEnd) * 1000) / 1000, 6);
    expect(r.maxSpeed!.plusMinusMph).toBeGreaterThan(upright + 0.1);
    expect(trackedMph(r)).toBeCloseTo((9 * 3600) / 1760, 1);
  });

  it('grows with the player’s size in the picture (a nearer player’s feet lie further below his upper body)', () => {
    expect(run(0.5, 80).maxSpeed!.plusMinusMph).toBeGreaterThan(run(0.5, 40).maxSpeed!.plusMinusMph);
  });
});

describe('stray frames left out of the fit (issue 48, tracker 2.4.0)', () => {
  it('leaves out single frames a line spacing off, so they neither move the speed nor widen the ±', () => {
    const clean = run(0).maxSpeed!;
    // Twelve frames (one in fifteen) whose lines were numbered one off: 5 yards out, as on calibration scene
    // 5038; the last frame among them, where the curve bends toward a stray most (scene 7018).
    const off = [7, 22, 37, 52, 67, 82, 97, 112, 127, 142, 157, 179];
    const stray = run(0, 40, (i) => (off.includes(i) ? (i % 2 ? 5 : -5) : 0)).maxSpeed!;
    expect(stray.mph).toBeCloseTo(clean.mph, 1);
    expect(stray.plusMinusMph).toBeLessThanOrEqual(clean.plusMinusMph + 0.01);
    // Each is listed among the frames the track was unsure of, for the workbench to show.
    expect(run(0, 40, (i) => (off.includes(i) ? (i % 2 ? 5 : -5) : 0)).unsure).toEqual(off);
  });

  it('asks for a click on a stretch left out where he runs fastest, instead of measuring up to it', () => {
    // The last ten frames, at full speed, read 5 yards on (their lines numbered one off): left out, the track
    // ends in frames it is unsure of, where the fastest 10 yards could go on.
    const { raw, result } = track(0, 40, (i) => (i >= 170 ? 5 : 0));
    expect(result.unsure).toEqual(expect.arrayContaining([170, 171, 172, 173, 174, 175]));
    const verdict = trackVerdict(raw, result, []);
    expect(verdict.failure).toBeUndefined();
    expect(verdict.needsClickAt?.kind).toBe('resume');
    expect(verdict.needsClickAt?.frameIndex).toBeGreaterThanOrEqual(160);
    expect(verdict.needsClickAt?.reason).toMatch(/where he runs fastest/);
  });

  it('keeps a track whose points are spread widely, so its ± shows it', () => {
    const clean = run(0).maxSpeed!;
    // Every third frame 0.4 yards off: a third of the points, not a few strays.
    const spread = run(0, 40, (i) => (i % 3 === 0 ? 0.4 : 0)).maxSpeed!;
    expect(spread.plusMinusMph).toBeGreaterThan(clean.plusMinusMph + 0.05);
  });
});

describe("the lens's bending kept with the raw track (tracker 2.5.0, decision 296)", () => {
  // Upright yard lines every 5 yards at 12 px a yard in the undistorted picture; the runner at 9 yards a
  // second on row 330, seen through a barrel lens (k1 = -0.06): near the edges the picture pulls him inward.
  const [W, H, fps, k1] = [640, 360, 60, -0.06];
  const shown = (x: number, y: number) => {
    const s = 1 + (k1 * ((x - W / 2) ** 2 + (y - H / 2) ** 2)) / (0.25 * (W * W + H * H));
    return { x: W / 2 + (x - W / 2) * s, y: H / 2 + (y - H / 2) * s };
  };
  const yardsOf = (i: number) => 1 + (9 * i) / fps;
  const frames: RawTrack['frames'] = Array.from({ length: 3 * fps }, (_, i) => ({
    frameIndex: i,
    ...shown(20 + 12 * yardsOf(i), 330),
    height: 40,
    confidence: 1,
    state: 'tracked',
  }));
  const lines = Array.from({ length: 11 }, (_, k) => ({ yardLine: 5 * k, x0: 20 + 60 * k, x1: 20 + 60 * k }));
  const { raw, timing } = onFixedLines({ width: W, height: H, fps }, frames, lines, { lens: { k1 } });

  it('is undone on each point the fit reads, so the yards and the speed are the field’s', () => {
    const r = fitTrack(raw, timing);
    const worst = Math.max(...r.frames.map((f, i) => Math.abs(f.yards! - yardsOf(i))));
    expect(worst).toBeLessThan(0.01);
    expect(trackedMph(r)).toBeCloseTo((9 * 3600) / 1760, 1);
    // Read as a pinhole's picture (a track before 2.5.0), the same points are off by over a yard at the edges.
    const pinhole = fitTrack({ ...raw, lens: undefined }, timing);
    expect(Math.max(...pinhole.frames.map((f, i) => Math.abs(f.yards! - yardsOf(i))))).toBeGreaterThan(1);
  });

  it('is put back in the lines drawn over the frames: bent inward at the top and bottom corners', () => {
    const drawn = fitTrack(raw, timing).lines[0].lines;
    // The 0-yard line at x = 20 leans toward the centre where the lens pulls the corners in.
    expect(drawn[0].x0).toBeGreaterThan(20 + 5);
    expect(drawn[0].x1).toBeGreaterThan(20 + 5);
    // The 25-yard line through the centre column (x = 320) stays put.
    expect(drawn[5].x0).toBeCloseTo(320, 6);
  });
});

describe("the player's size between its two reads (tracker 2.7.0, decision 298)", () => {
  it('takes the geometric mean of the read by the lines’ meeting row and the read by the field’s scale', () => {
    expect(playerSize(1.21, 1)).toBeCloseTo(1.1, 10);
    expect(playerSize(0.8, 1.25)).toBeCloseTo(1, 10);
    // Where the reads agree the size is theirs.
    expect(playerSize(0.7, 0.7)).toBeCloseTo(0.7, 10);
  });
  it('takes the field’s read alone where the lines meet on no row', () => {
    expect(playerSize(null, 1.3)).toBe(1.3);
  });
});
