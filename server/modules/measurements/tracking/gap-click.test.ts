import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { trackVerdict } from './fit-result';
import type { RawTrack } from './track-clip';

type State = TrackResult['frames'][number]['state'];

/** A fitted track with no Max Speed (no 10 yards seen without a gap): 60 fps, frames in the given states. */
function verdict(states: State[], ended: number[] = []) {
  const frames = states.map((state, frameIndex) => ({
    frameIndex,
    time: frameIndex / 60,
    x: 0,
    y: 0,
    yards: null,
    confidence: 1,
    state,
  }));
  const raw = { width: 640, height: 360, frames: [], lines: [], doubts: [], beside: [] } as RawTrack;
  const result = {
    frames,
    profile: [],
    maxSpeed: null,
    problems: ['The player was not seen through 10 yards without a gap: no Max Speed'],
  } as unknown as TrackResult;
  return trackVerdict(raw, result, [], ended);
}

const run = (state: State, n: number) => Array<State>(n).fill(state);

describe('a track with no 10 yards seen without a gap (issue 48)', () => {
  it('asks for a click in the middle of the longest stretch in doubt between frames seen for sure', () => {
    const states = [
      ...run('tracked', 30),
      ...run('low', 4),
      ...run('tracked', 30),
      ...run('unsure', 20),
      ...run('tracked', 30),
    ];
    const v = verdict(states);
    expect(v.failure).toBeUndefined();
    expect(v.needsClickAt).toEqual({
      frameIndex: 74,
      reason:
        'The tracker was unsure of the player from frame 65 to 84, so no 10 yards were seen without a gap: click the player on this frame to go on',
      kind: 'resume',
    });
  });

  it('does not ask across a gap a window may bridge, at the clip’s ends, or where the player was not in view', () => {
    // 5 frames at 60 fps leave 0.1 s between the frames seen on either side: bridged, nothing to ask.
    const short = verdict([...run('tracked', 30), ...run('low', 5), ...run('tracked', 30)]);
    expect(short.needsClickAt).toBeUndefined();
    expect(short.failure).toMatch(/^No Max Speed from this track: The player was not seen through 10 yards/);
    expect(
      verdict([...run('low', 20), ...run('tracked', 30), ...run('low', 20)]).needsClickAt,
    ).toBeUndefined();
    const states = [...run('tracked', 30), ...run('low', 20), ...run('tracked', 30)];
    expect(verdict(states).needsClickAt?.frameIndex).toBe(40);
    expect(verdict(states, [40]).needsClickAt).toBeUndefined();
  });
});
