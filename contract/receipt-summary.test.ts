import { describe, expect, it } from 'vitest';
import { followedInWords, followStep } from './tracking';
import { receiptSummary, type ReceiptSummaryInput } from './receipt-summary';

const base: ReceiptSummaryInput = {
  measured: { maxSpeed: 22.3, plusMinus: 0.5 },
  methodLabel: 'video 59.94 fps, yard-line crossings',
  fpsLabel: '59.94',
  crossings: 5,
  window: { yards: 10, fromYard: 20, toYard: 30, seconds: 0.9173 },
  override: null,
};

describe('the receipt in plain words', () => {
  it('says the rate, the speed with its bound and the crossings, as a family reads them', () => {
    expect(receiptSummary(base, 'your')).toEqual([
      'Measured from your video at 59.94 frames per second: 22.3 mph, accurate to ±\u00a00.5\u00a0mph.',
      'The player crossed 5 yard lines; here is each crossing.',
      'The fastest 10 yards, from the 20-yard line to the 30-yard line, took 0.917 seconds.',
    ]);
  });

  it('says "the video" to anyone but the family, and names an override', () => {
    const s = receiptSummary({ ...base, override: { maxSpeed: 22.0 } }, 'the');
    expect(s[0]).toMatch(/^Measured from the video at /);
    expect(s[1]).toBe('The analyst set the result to 22.0 mph ± 0.5 instead; the reason is given below.');
  });

  it('names slow motion and uneven files by the rate the timing rests on', () => {
    const slow = {
      ...base,
      methodLabel: 'video filmed at 240 fps (slow motion stored at 30), yard-line crossings',
    };
    expect(receiptSummary(slow, 'your')[0]).toContain('at 240 frames per second (slow motion):');
    const vfr = { ...base, methodLabel: 'video variable rate, about 29.97 fps, yard-line crossings' };
    expect(receiptSummary(vfr, 'your')[0]).toContain('at about 29.97 frames per second:');
  });
});

describe('a tracked Max Speed in plain words (decision 210)', () => {
  it("says the player was followed and gives the fitted curve's window, not the crossings'", () => {
    const s = receiptSummary(
      {
        ...base,
        methodLabel: 'video 59.94 fps, tracked, 142 frames',
        tracked: { frames: 142, fromYard: 12.43, toYard: 22.43, fromTime: 1.1, toTime: 2.0712 },
      },
      'your',
    );
    expect(s.slice(1)).toEqual([
      'The player was followed in every frame (142 frames) and crossed 5 yard lines; here is each crossing.',
      'The fastest 10 yards of the run, from yard 12.4 to yard 22.4, took 0.971 seconds.',
    ]);
    // A 240 fps clip followed on every second frame (decision 301) says so.
    const fast = receiptSummary(
      {
        ...base,
        methodLabel: 'video 240 fps, tracked, 384 frames',
        tracked: {
          frames: 384,
          followStep: 2,
          fromYard: 12.43,
          toYard: 22.43,
          fromTime: 1.1,
          toTime: 2.0712,
        },
      },
      'your',
    );
    expect(fast[1]).toBe(
      'The player was followed on every second frame (384 frames) and crossed 5 yard lines; here is each crossing.',
    );
  });

  it('counts how often a track followed the clip from its skipped frames (decision 301)', () => {
    const frames = (n: number, step: number) =>
      Array.from({ length: n }, (_, i) => ({ state: i % step === 0 ? 'tracked' : 'skipped' }));
    expect(followStep(frames(120, 1))).toBe(1);
    expect(followStep(frames(768, 2))).toBe(2);
    expect(followStep(frames(769, 2))).toBe(2);
    expect(followStep(frames(900, 3))).toBe(3);
    expect(followStep([])).toBe(1);
    expect([1, 2, 3, 4, 9].map(followedInWords)).toEqual([
      'in every frame',
      'on every second frame',
      'on every third frame',
      'on every fourth frame',
      'on one frame in 9',
    ]);
  });
});
