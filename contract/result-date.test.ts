import { describe, expect, it } from 'vitest';
import { formatResultDate } from './result-date';

describe('the date a result is verified on', () => {
  it("is the completion's day in UTC, written the same everywhere", () => {
    expect(formatResultDate('2026-09-18T03:00:00.000Z')).toBe('Sep 18, 2026');
    expect(formatResultDate(new Date(Date.UTC(2026, 8, 18, 23, 59)))).toBe('Sep 18, 2026');
    expect(formatResultDate(null)).toBe('');
  });

  it('writes what toLocaleDateString wrote, an unreadable date included', () => {
    const options = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    for (const at of [
      '2024-02-29T12:00:00Z',
      '2026-01-01T00:00:00Z',
      '2026-12-31T23:59:59.999Z',
      'not a date',
    ])
      expect(formatResultDate(at)).toBe(new Date(at).toLocaleDateString('en-US', options));
    expect(formatResultDate('not a date')).toBe('Invalid Date');
  });
});
