import { describe, expect, it } from 'vitest';
import { contactOpensOn, contactOpensText, formatCalendarDay } from './coach-calendar';

describe('contactOpensOn', () => {
  it('is June 15 of graduation year minus 2 for NCAA D1 and D2 (and no division), until that day', () => {
    const before = new Date('2027-06-15T03:00:00Z'); // still June 14 in US Eastern time
    const onTheDay = new Date('2027-06-15T04:30:00Z'); // 00:30 on June 15, Eastern
    for (const division of ['NCAA D1', 'NCAA D2', null] as const) {
      expect(contactOpensOn(2029, division, before)).toBe('2027-06-15');
      expect(contactOpensOn(2029, division, onTheDay)).toBeNull();
      expect(contactOpensOn(2030, division, onTheDay)).toBe('2028-06-15');
    }
  });

  it('never holds NCAA D3, NAIA or JUCO coaches', () => {
    for (const division of ['NCAA D3', 'NAIA', 'JUCO'] as const)
      expect(contactOpensOn(2035, division, new Date('2026-01-01T12:00:00Z'))).toBeNull();
  });

  it('is written as the screens show it', () => {
    expect(formatCalendarDay('2027-06-15')).toBe('Jun 15, 2027');
    expect(contactOpensText('2027-06-15')).toBe('Contact opens Jun 15, 2027');
  });
});
