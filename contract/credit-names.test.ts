import { describe, expect, it } from 'vitest';
import { analysisKind, IGA_CREDIT, registerAnalysisKind, SPEED_CREDIT } from './analysis-kinds';
import { alsoBuys, creditBuys, grantsInWords, creditName, creditWithUse, verifiedName } from './credit-names';

describe('one name per credit (issue 52)', () => {
  it('names each balance for what it buys, from the kinds that spend it', () => {
    expect(creditName(SPEED_CREDIT)).toBe('Speed credits');
    expect(creditName(IGA_CREDIT)).toBe('IGA credits');
    expect(creditBuys(IGA_CREDIT)).toBe('IGA Score');
    expect(creditBuys(SPEED_CREDIT)).toMatch(/^Max Speed(, | or )40/);
    const remove = registerAnalysisKind({
      ...analysisKind('forty'),
      key: 'test_shuttle',
      label: 'Verified Shuttle',
    });
    try {
      expect(creditWithUse(SPEED_CREDIT)).toMatch(/^Speed credits: Max Speed, 40(, .*)? or Shuttle$/);
    } finally {
      remove();
    }
  });

  it('says under the plans subtitle what a Max Speed credit also buys', () => {
    expect(alsoBuys('max_speed')).toMatch(/^A Max Speed credit also buys a verified 40( or .*)?\.$/);
    expect(alsoBuys('iga')).toBeNull();
  });

  it('says at checkout what a plan grants, each balance named for what it buys', () => {
    expect(grantsInWords({ max_speed: 1 })).toMatch(/^Includes 1 Speed credit \(Max Speed(, | or )40.*\)\.$/);
    expect(grantsInWords({ max_speed: 3, iga: 2 })).toMatch(
      /^Includes 3 Speed credits \(Max Speed.*\) and 2 IGA credits \(IGA Score\)\.$/,
    );
    expect(grantsInWords({})).toBe('');
  });

  it('says what a ready clip is ready for', () => {
    expect(verifiedName(analysisKind('max_speed'))).toBe('a verified Max Speed');
    expect(verifiedName(analysisKind('forty'))).toBe('a verified 40');
  });
});
