import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  it('writes a date as toLocaleDateString does, an unreadable one included', () => {
    const options = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const;
    const format = dateFormat(options);
    for (const at of ['2026-11-27T10:00:00Z', 'not a date'])
      expect(format(at)).toBe(new Date(at).toLocaleDateString('en-US', options));
    expect(format('not a date')).toBe('Invalid Date');
  });
});
