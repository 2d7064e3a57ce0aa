import { describe, expect, it } from 'vitest';
import { formatResultDate } from './result-date';

describe('the date a result is verified on', () => {
  it("is the completion's day in UTC, written the same everywhere", () => {
    expect(formatResultDate('2026-09-18T03:00:00.000Z')).toBe('Sep 18, 2026');
    expect(formatResultDate(new Date(Date.UTC(2026, 8, 18, 23, 59)))).toBe('Sep 18, 2026');
    expect(formatResultDate(null)).toBe('');
  });
});
