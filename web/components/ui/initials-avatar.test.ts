import { describe, expect, it } from 'vitest';
import { getInitials } from './initials-avatar';

describe('initials', () => {
  it('take the first letters of the first and last names, accents and all', () => {
    expect(getInitials("Rowan Ñúñez-O'Brien")).toBe('RÑ');
    expect(getInitials("Jordan O'Brien")).toBe('JO');
    expect(getInitials('  Jane   Doe ')).toBe('JD');
    expect(getInitials('N\u0303u\u0301n\u0303ez Ruiz')).toBe('ÑR');
    expect(getInitials('jane.doe@x.io')).toBe('JD');
    expect(getInitials('alice')).toBe('AL');
    expect(getInitials('')).toBe('?');
  });
});
