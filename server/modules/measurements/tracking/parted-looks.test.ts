import { describe, expect, it } from 'vitest';
import { partedFrames, TRACKER, type RawTrack } from './track-clip';

type Frame = RawTrack['frames'][0];

/** A look followed over frames 0-20: the player runs right 4 pixels a frame; `off` moves some frames away. */
function look(off: (i: number) => { dx: number; state?: Frame['state'] } | undefined = () => undefined) {
  const frames: RawTrack['frames'] = [];
  for (let i = 0; i <= 20; i += 1) {
    const o = off(i);
    frames[i] = {
      frameIndex: i,
      x: 100 + 4 * i + (o?.dx ?? 0),
      y: 200,
      confidence: 0.8,
      state: o?.state ?? 'tracked',
    };
  }
  return frames;
}

const scale = (pxPerYard: number) => () => pxPerYard;

describe('two clicks’ looks that part between them (tracker 2.14.0, decision 312)', () => {
  it('counts no frame where both looks follow the same player, a few pixels apart', () => {
    const b = look((i) => ({ dx: i % 2 ? 3 : -3 }));
    expect(partedFrames(look(), b, 0, 20, scale(10))).toBe(0);
  });

  it('counts each frame between the clicks where one look is more than a yard off the other', () => {
    // From frame 12 the look from the first click follows a player 2 yards ahead of the runner.
    const a = look((i) => (i >= 12 ? { dx: 20 } : undefined));
    expect(partedFrames(a, look(), 0, 20, scale(10))).toBe(8);
    expect(partedFrames(a, look(), 0, 20, scale(10))).toBeGreaterThanOrEqual(TRACKER.partedFrames);
    // The clicked frames themselves are not between the clicks.
    expect(partedFrames(a, look(), 0, 13, scale(10))).toBe(1);
  });

  it('reads a yard at the field’s scale on that frame', () => {
    const a = look((i) => (i >= 12 ? { dx: 15 } : undefined));
    expect(partedFrames(a, look(), 0, 20, scale(10))).toBe(8);
    expect(partedFrames(a, look(), 0, 20, scale(20))).toBe(0);
  });

  it('leaves out frames either look did not follow for sure', () => {
    const a = look((i) => (i >= 12 ? { dx: 20, state: i < 18 ? 'low' : 'tracked' } : undefined));
    const b = look((i) => (i === 19 ? { dx: 0, state: 'unsure' } : undefined));
    // Frames 12-17 lost by the first look, 19 in doubt for the second: only 18 counts.
    expect(partedFrames(a, b, 0, 20, scale(10))).toBe(1);
    const skipped = look((i) => (i % 2 ? { dx: 0, state: 'skipped' } : undefined));
    expect(
      partedFrames(
        look((i) => ({ dx: i >= 12 ? 20 : 0 })),
        skipped,
        0,
        20,
        scale(10),
      ),
    ).toBe(4);
  });
});
