import { describe, expect, it } from 'vitest';
import { displayFrame, frameAt, frameIndexOf } from '../frame-numbers';
import { moveMark, nextYard, placeMark, removeMark } from './marks';

describe('workbench marks', () => {
  it('keeps marks in frame order as they are placed', () => {
    const marks = placeMark(
      placeMark(placeMark([], { frameIndex: 40, yardLine: 25 }), { frameIndex: 10, yardLine: 15 }),
      { frameIndex: 25, yardLine: 20 },
    );
    expect(marks.map((m) => m.frameIndex)).toEqual([10, 25, 40]);
  });

  it('marking a yard line again moves its mark to the new frame', () => {
    const marks = placeMark(
      [
        { frameIndex: 10, yardLine: 15 },
        { frameIndex: 25, yardLine: 20 },
      ],
      { frameIndex: 27, yardLine: 20 },
    );
    expect(marks).toEqual([
      { frameIndex: 10, yardLine: 15 },
      { frameIndex: 27, yardLine: 20 },
    ]);
  });

  it('marking a frame again gives it the new yard line', () => {
    expect(placeMark([{ frameIndex: 10, yardLine: 15 }], { frameIndex: 10, yardLine: 20 })).toEqual([
      { frameIndex: 10, yardLine: 20 },
    ]);
  });

  it('moves and removes a mark by its frame', () => {
    const marks = [
      { frameIndex: 10, yardLine: 15 },
      { frameIndex: 25, yardLine: 20 },
    ];
    expect(moveMark(marks, 25, 5)).toEqual([
      { frameIndex: 5, yardLine: 20 },
      { frameIndex: 10, yardLine: 15 },
    ]);
    expect(removeMark(marks, 10)).toEqual([{ frameIndex: 25, yardLine: 20 }]);
    expect(moveMark(marks, 99, 5)).toBe(marks);
  });

  it('suggests the next line along the run, either way', () => {
    expect(nextYard([])).toBe(10);
    expect(nextYard([{ frameIndex: 1, yardLine: 15 }])).toBe(20);
    expect(
      nextYard([
        { frameIndex: 1, yardLine: 40 },
        { frameIndex: 9, yardLine: 35 },
      ]),
    ).toBe(30);
    expect(
      nextYard([
        { frameIndex: 1, yardLine: 95 },
        { frameIndex: 9, yardLine: 100 },
      ]),
    ).toBe(100);
  });
});

describe('frame numbers', () => {
  it('shows frames from 1 while the API counts from 0', () => {
    expect(displayFrame(0)).toBe(1);
    expect(frameIndexOf(75)).toBe(74);
  });

  it('finds the frame shown at a time, on a variable frame rate too', () => {
    const times = [0, 0.0267, 0.0667, 0.0934, 0.1334];
    expect(frameAt(times, 0)).toBe(0);
    expect(frameAt(times, 0.0667)).toBe(2);
    expect(frameAt(times, 0.09)).toBe(2);
    expect(frameAt(times, 5)).toBe(4);
    expect(frameAt(times, -1)).toBe(0);
  });
});
