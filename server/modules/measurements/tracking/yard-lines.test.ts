import { describe, expect, it } from 'vitest';
import { fieldMap, horizonRow, labelLines, plausibleMapAt, type Labelled, type Line } from './yard-lines';

// Four upright yard lines drawn by a pinhole camera: x = (20 Y + 100) / (1 - 0.02 Y), Y = 0, 5, 10, 15 yards.
const xOf = (Y: number) => (20 * Y + 100) / (1 - 0.02 * Y);
const lines: Labelled[] = [0, 1, 2, 3].map((label) => ({ a: xOf(5 * label), s: 0, votes: 10, label }));
const H = 360;

describe('the field map where a player could stand (issue 48, scene 7027)', () => {
  it('is kept on the lines and refused near its pole, where a player would be taller than the picture', () => {
    const map = fieldMap(lines, H / 2, H);
    expect(map).not.toBeNull();
    expect(map!.yards(xOf(10))).toBeCloseTo(10, 6);
    // On the lines: about 28 px per yard, a 56 px player.
    expect(plausibleMapAt(map, xOf(10), H)).toBe(true);
    // Toward the pole (47 yards on) pixels per yard grow past 6,000: no player fits, no map there.
    expect(map!.pxPerYard(20_000)).toBeGreaterThan(H);
    expect(plausibleMapAt(map, 20_000, H)).toBe(false);
    expect(plausibleMapAt(null, xOf(10), H)).toBe(false);
  });
});

describe('the row where the yard lines meet (decision 286)', () => {
  it('is found where lines through one point cross, and not for parallel lines', () => {
    // Three lines through (400, -120): x = 400 + s (y + 120), written as x = a + s (y - H/2).
    const through = [-0.8, 0.1, 0.9].map((s) => ({ a: 400 + s * (H / 2 + 120), s }));
    expect(horizonRow(through, H)).toBeCloseTo(-120, 6);
    // A camera looking down the lines sees them parallel: no row.
    expect(
      horizonRow(
        [0, 1, 2].map((k) => ({ a: 100 + 50 * k, s: 0.3 })),
        H,
      ),
    ).toBeNull();
    expect(horizonRow(through.slice(0, 1), H)).toBeNull();
  });
});

describe('line numbers carried from frame to frame (issue 48, tracker 2.4.0)', () => {
  // Seven upright lines 160 px apart; the camera pans 3 px a frame.
  const at = (xs: number[], votes = 50): Line[] => xs.map((a) => ({ a, s: 0, votes }));
  const xs = (shift: number) => [-60, 100, 260, 420, 580, 740, 900].map((x) => x + shift);
  const first = labelLines(null, at(xs(0)), H / 2, H, 430);
  const numbers = (ls: Labelled[]) => ls.map((l) => [Math.round(l.a), l.label]);

  it('numbers the first frame by order, 0 just left of the click', () => {
    expect(first.map((l) => l.label)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
  });

  it('keeps every number when a thick line is found twice, a few pixels apart', () => {
    const twice = [...at(xs(3)), { a: 266.7, s: 0, votes: 20 }];
    const next = labelLines(first, twice, H / 2, H, 430);
    expect(numbers(next)).toEqual(numbers(labelLines(first, at(xs(3)), H / 2, H, 430)));
    expect(next.find((l) => l.label === 3)!.a).toBe(903);
  });

  it('keeps the numbers of the lines after one that was missed', () => {
    const missed = at(xs(3).filter((_, k) => k !== 2));
    expect(labelLines(first, missed, H / 2, H, 430).map((l) => l.label)).toEqual([-3, -2, 0, 1, 2, 3]);
  });

  it('numbers a line seen in this frame alone by its place, and leaves out one between two lines', () => {
    const prev = first.filter((l) => l.label !== 1);
    const cur = [...at(xs(3)), { a: 183, s: 0, votes: 60 }];
    const next = labelLines(prev, cur, H / 2, H, 430);
    expect(next.map((l) => l.label)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(next.find((l) => l.label === 1)!.a).toBe(583);
  });
});
