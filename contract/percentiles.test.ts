import { describe, expect, it } from 'vitest';
import { ordinal } from './percentiles';

describe('percentiles are written as English ordinals (issue 52: not 91th)', () => {
  it('1st 2nd 3rd 4th, 11th-13th, 21st, 83rd, 91st, 92nd, 99th, 100th, 111th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 83, 91, 92, 99, 100, 111, 112, 113].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '83rd',
      '91st',
      '92nd',
      '99th',
      '100th',
      '111th',
      '112th',
      '113th',
    ]);
  });
});
