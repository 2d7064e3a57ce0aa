import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('the page to return to after sign-in', () => {
  it("keeps this site's paths with their query and hash", () => {
    expect(safeNextPath('/players/12')).toBe('/players/12');
    expect(safeNextPath('/players/12?tab=speed#request-history')).toBe(
      '/players/12?tab=speed#request-history',
    );
    expect(safeNextPath('/receipts/4')).toBe('/receipts/4');
  });

  it('refuses other sites, protocol-relative and backslash tricks, scripts and the auth page', () => {
    for (const bad of [
      '//evil.com',
      '//evil.com/players/1',
      'https://evil.com',
      'http://localhost:5000/players/1',
      '/\\evil.com',
      '\\\\evil.com',
      '/players\\..\\..\\evil',
      'javascript:alert(1)',
      ' /players/1',
      '/\t/evil.com',
      'players/1',
      '/auth-page?next=/x',
      '',
      null,
      undefined,
    ])
      expect(safeNextPath(bad as string)).toBeNull();
  });
});
