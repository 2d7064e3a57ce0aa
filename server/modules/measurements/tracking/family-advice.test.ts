import { describe, expect, it } from 'vitest';
import { familyAdvice } from './fit-result';

/**
 * What the family is told of a refused track (decision 352): the tracker's refusals as the accuracy benchmark
 * recorded them (tracker 2.20.0), each turned into why no Max Speed could be verified and how to film the
 * next clip, with no frame number and no term of the bound.
 */
const LEAD = 'We could not verify a Max Speed from this clip: ';

describe("a refused track's advice to the family (decision 352)", () => {
  it('a ± over the ceiling: the ± against the one a verified Max Speed needs, and the widest term’s advice', () => {
    expect(
      familyAdvice(
        'No Max Speed from this track: the speed is only known to ± 0.53 mph, wider than the ± 0.3 mph a verified Max Speed allows at this frame rate (where the feet meet the field is placed only to a few pixels, and here a few pixels move the player along the field: film from higher up, square to the field, panning to keep the player near the middle of the picture)',
      ),
    ).toBe(
      `${LEAD}from where it was filmed his speed could only be measured to ± 0.53 mph, and a verified Max Speed needs ± 0.3 mph or better. Next time, film from higher up, square to the field, panning to keep the player near the middle of the picture.`,
    );
    expect(
      familyAdvice(
        'No Max Speed from this track: the speed is only known to ± 0.61 mph, wider than the ± 0.4 mph a verified Max Speed allows at this frame rate (the tracked positions waver from frame to frame: hold the phone steadier, with the player in full view, at a higher frame rate)',
      ),
    ).toMatch(
      /needs ± 0\.4 mph or better\. Next time, hold the phone steadier, with the player in full view, at a higher frame rate\.$/,
    );
  });

  it('a player not followed for sure: keep him in view, clear of others', () => {
    for (const failure of [
      'No Max Speed from this track: The tracker lost the player or was unsure on 10 frames: check them; Too few frames were tracked to fit the run',
      'No Max Speed from this track: where the player runs fastest he was clicked on frames too close together to tell where on his body each click was made (another player came close there), and two clicks placing his feet differently move the distance measured',
      'No Max Speed from this track: the tracker was still unsure of the player from frame 41 to 44, where he runs fastest, after the click on frame 42, so the fastest 10 yards cannot be measured through it',
    ]) {
      const advice = familyAdvice(failure)!;
      expect(advice).toMatch(
        /^We could not verify a Max Speed from this clip: the player could not be followed/,
      );
      expect(advice).not.toMatch(/frame \d|check them/);
    }
  });

  it('a fastest stretch the clip cuts short, and a run under 10 yards', () => {
    expect(
      familyAdvice(
        'No Max Speed from this track: the player was first seen for sure on frame 12, already as fast as anywhere after it, so the fastest 10 yards may lie before it',
      ),
    ).toBe(
      `${LEAD}it does not show the whole of the player's fastest stretch. Next time, start filming before he starts to run, and keep filming until he has slowed down.`,
    );
    expect(
      familyAdvice('No Max Speed from this track: The tracked run covers less than 10 yards: no Max Speed'),
    ).toMatch(/^We could not verify a Max Speed from this clip: it shows less than 10 yards/);
  });

  it('a player followed where no yard lines were read: keep two yard lines in view', () => {
    expect(
      familyAdvice(
        'No Max Speed from this track: The yard lines could not be read on 160 of the 168 frames the player was followed on, so where he was on the field is not known there; The tracker lost the player or was unsure on 41 frames: check them',
      ),
    ).toBe(
      `${LEAD}the yard lines could not be read where the player ran, so where he was on the field is not known. Next time, keep two or more yard lines sharp in view, filming from the sideline at press-box height.`,
    );
  });

  it('no advice where the track failed for another reason than the tracker’s refusal', () => {
    expect(familyAdvice('Decoding failed: moov atom not found')).toBeNull();
  });
});
