import { describe, expect, it } from 'vitest';
import { EMPTY_FORTY, marksOn, toMeasurement } from './forty-marks';

describe('the forty bench marks', () => {
  it('are not timed until the start, the finish and both lines are marked', () => {
    expect(toMeasurement(7, EMPTY_FORTY)).toBeNull();
    expect(toMeasurement(7, { startFrame: 10, finishFrame: 600, lines: { 0: 10 } })).toBeNull();
    expect(toMeasurement(7, { startFrame: null, finishFrame: 600, lines: { 0: 10, 40: 600 } })).toBeNull();
  });

  it("send the lines in yard order, the splits' lines included", () => {
    expect(
      toMeasurement(7, { startFrame: 10, finishFrame: 600, lines: { 40: 600, 10: 200, 0: 10 } }),
    ).toEqual({
      videoId: 7,
      startFrame: 10,
      finishFrame: 600,
      lines: [
        { yardLine: 0, frameIndex: 10 },
        { yardLine: 10, frameIndex: 200 },
        { yardLine: 40, frameIndex: 600 },
      ],
    });
  });

  it('name what a frame is marked as, for the overlay', () => {
    expect(marksOn({ startFrame: 10, finishFrame: 600, lines: { 0: 10, 40: 600 } }, 600)).toEqual([
      'Finish',
      'Finish line (40)',
    ]);
  });
});
