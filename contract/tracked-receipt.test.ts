import { describe, expect, it } from 'vitest';
import { trackedBoundInWords, trackedWindowInWords } from './tracked-receipt';
import type { TrackResult } from './tracking';

const window = { mph: 21.06, plusMinusMph: 0.29, fromYard: 12.4, toYard: 22.4, fromTime: 1, toTime: 1.9712 };
const fit = (perspectiveYards: number, leanShiftYards: number, clickSteps = 0, horizonYards = 0) =>
  ({
    fit: {
      knots: [],
      coefficients: [],
      residualYards: 0.02,
      calibrationYards: 0.01,
      framesUsed: 58,
      groundYards: 0.03,
      perspectiveYards,
      leanShiftYards,
      horizonYards,
      clickSteps,
    },
  }) as Pick<TrackResult, 'fit'>;

describe('what a receipt says of the lean taken off a tracked window (issue 48, decision 331)', () => {
  it('says the yards as tracked and what the lean’s likely share left of them', () => {
    expect(trackedWindowInWords(window)).toBe(
      'yard 12.4 to 22.4 of the run (10 yards) in 0.9712 s: 21.06 mph, fit ± 0.29, stated as 21.1 mph ± 0.4',
    );
    expect(trackedWindowInWords(window, 0.2)).toContain(
      "(10 yards as tracked; 9.80 with the lean's likely share taken off) in 0.9712 s: 21.06 mph",
    );
    // Under half a hundredth of a yard changes no figure shown.
    expect(trackedWindowInWords(window, 0.004)).toBe(trackedWindowInWords(window));
    expect(trackedWindowInWords(window, -0.05)).toContain(
      "(10 yards as tracked; 10.05 with the lean's likely share added back)",
    );
  });

  it('says which way the lean moved the run and how much of it the ± holds', () => {
    expect(trackedBoundInWords(fit(0.4, 0.2))).toContain(
      'across the picture (up to 0.40 yards over this window, all of it one way: the camera looks down, so the run reads long by between none and that; half of it, 0.20 yards, was taken off the distance, and the ± holds the other half).',
    );
    expect(trackedBoundInWords(fit(0.1, -0.05))).toContain(
      'reads short by between none and that; half of it, 0.05 yards, was added to the distance',
    );
    expect(trackedBoundInWords(fit(0.01, 0.005))).toContain('half of it, 0.005 yards, was taken off');
    // Where the lean's direction is not known (or a track before 2.17.0), the ± holds all of it.
    expect(trackedBoundInWords(fit(0.4, 0))).toContain('across the picture (0.40 yards over this window).');
  });
});

describe('what a receipt says of steps between clicks fitted with the run (issue 48, decision 354)', () => {
  it('says the steps were fitted and the ± holds them, where they were; where not, that one click placed the window', () => {
    const stepped = trackedBoundInWords(fit(0.1, 0, 2));
    expect(stepped).toContain(
      'his clicks there came too close together to tell where on his body each one fell, so the steps between the frames of his 3 clicks were fitted with the run, and the ± holds how closely the run tells them; from tracker 2.11.0 the analyst checked',
    );
    expect(stepped).not.toContain('placed by one of those clicks');
    expect(trackedBoundInWords(fit(0.1, 0))).toContain(
      'the player wherever it asked; from tracker 2.10.0 the fastest 10 yards are placed by one of those clicks, so where on the body each click fell does not move the distance; from tracker 2.11.0 the analyst checked',
    );
  });
});

describe('what a receipt says of the horizon where two lines showed (decision 363)', () => {
  it('says how the map reads the perspective, and what the ± holds where the horizon was not measured', () => {
    const read = trackedBoundInWords(fit(0.1, 0));
    expect(read).toContain(
      'From tracker 2.26.0 the map reads how the field recedes along the picture from three yard lines or more, or from two and the slope of the horizon measured where four showed. ',
    );
    expect(trackedBoundInWords(fit(0.1, 0, 0, 0.084))).toContain(
      'only two showed at an end of the fastest 10 yards and the clip never showed four, so the ± holds the 0.08 yards a phone held up to 3 degrees off level could move the distance. ',
    );
    expect(read).not.toContain('3 degrees');
  });
});
