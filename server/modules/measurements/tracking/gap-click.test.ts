import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { trackVerdict } from './fit-result';
import type { RawTrack } from './track-clip';

/**
 * No 10 yards seen without a gap (tracker 2.16.0, decision 314). A 30 fps clip of 150 frames; the runner is
 * followed for sure except on the frames `doubt` marks (another player came close), so the fitted run covers
 * 20 yards, and no 10 of them were seen without a gap: the fit gives no Max Speed. The profile rises to
 * 20 mph at 2 s and holds.
 */
function track(doubt: (i: number) => 'unsure' | 'low' | 'unmapped' | null, clicks: number[] = [0], fps = 30) {
  const frames = Array.from({ length: 150 }, (_, frameIndex) => {
    const d = doubt(frameIndex);
    return {
      frameIndex,
      time: frameIndex / fps,
      x: 0,
      y: 0,
      yards: d === null || d === 'unmapped' ? frameIndex / 7.5 : null,
      confidence: d === null || d === 'unmapped' ? 0.9 : 0.2,
      state: d === null ? ('tracked' as const) : d === 'unmapped' ? ('tracked' as const) : d,
    };
  });
  // A frame with no yard lines in view is followed for sure but has no place on the field.
  for (const f of frames) if (doubt(f.frameIndex) === 'unmapped') f.yards = null as unknown as number;
  const profile: TrackResult['profile'] = [];
  for (let t = 0; t <= 149 / 30 + 1e-9; t += 0.1)
    profile.push({
      time: t,
      yards: (t * 20) / 7.5,
      mph: Math.round(10 * (5 + 15 * Math.min(1, t / 2))) / 10,
    });
  const raw = { width: 1280, height: 720, frames: [], lines: [], doubts: [], beside: [], clicks } as RawTrack;
  const result = {
    frames,
    profile,
    maxSpeed: null,
    problems: ['The player was not seen through 10 yards without a gap: no Max Speed'],
  } as unknown as TrackResult;
  return { raw, result };
}

/** Two gaps in doubt: frames 40-49 (the runner at 16-17 mph) and 90-99 (at top speed). */
const twoGaps = (i: number) => ((i >= 40 && i <= 49) || (i >= 90 && i <= 99) ? 'unsure' : null);

describe('a click asked where no 10 yards were seen without a gap (tracker 2.16.0)', () => {
  it('asks for a click in the gap where the player runs fastest', () => {
    const { raw, result } = track(twoGaps);
    expect(trackVerdict(raw, result, []).needsClickAt).toEqual({
      frameIndex: 95,
      reason:
        'The tracker was unsure of the player from frame 91 to 100, so no 10 yards were seen without a gap: click the player on this frame to go on',
      kind: 'resume',
    });
  });

  it('asks for the next gap once the first has a click inside it, and refuses once every gap has one', () => {
    expect(
      trackVerdict(...(Object.values(track(twoGaps, [0, 95])) as [RawTrack, TrackResult]), []).needsClickAt,
    ).toMatchObject({ frameIndex: 45, kind: 'resume' });
    const { raw, result } = track(twoGaps, [0, 45, 95]);
    expect(trackVerdict(raw, result, [])).toEqual({
      needsClickAt: undefined,
      failure:
        'No Max Speed from this track: The player was not seen through 10 yards without a gap: no Max Speed',
    });
  });

  it("asks for the next gap where the analyst answered 'not in view' on the first", () => {
    const { raw, result } = track(twoGaps);
    expect(trackVerdict(raw, result, [], [95]).needsClickAt).toMatchObject({ frameIndex: 45 });
  });

  it('asks where the frames in the gap were followed with low confidence', () => {
    const { raw, result } = track((i) => (i >= 90 && i <= 99 ? 'low' : null));
    expect(trackVerdict(raw, result, []).needsClickAt).toMatchObject({ frameIndex: 95, kind: 'resume' });
  });

  it('does not ask where the gap is only frames without yard lines in view (a click cannot add them)', () => {
    const { raw, result } = track((i) => (i >= 90 && i <= 99 ? 'unmapped' : null));
    expect(trackVerdict(raw, result, []).needsClickAt).toBeUndefined();
  });

  it('does not ask where the fitted run covers less than 10 yards', () => {
    const { raw, result } = track(twoGaps);
    for (const p of result.profile) p.yards = p.yards / 3;
    expect(trackVerdict(raw, result, []).needsClickAt).toBeUndefined();
  });
});

describe("a gap at a phone's 29.97 and 59.94 fps is judged as at 30 and 60 (tracker 2.21.0, decision 351)", () => {
  // 0.1 s holds three frame intervals at 30 fps (two frames in doubt) and six at 60 (five); at 1000/1001 of
  // those rates the same frames take a tenth of a millisecond longer.
  const doubts = (from: number, count: number) => (i: number) =>
    i >= from && i < from + count ? ('unsure' as const) : null;
  for (const [rate, fps, within] of [
    ['29.97', 30000 / 1001, 2],
    ['30', 30, 2],
    ['59.94', 60000 / 1001, 5],
    ['60', 60, 5],
  ] as const)
    it(`${rate} fps: ${within} frames in doubt are no gap, ${within + 1} are`, () => {
      const short = track(doubts(90, within), [0], fps);
      expect(trackVerdict(short.raw, short.result, []).needsClickAt).toBeUndefined();
      const long = track(doubts(90, within + 1), [0], fps);
      expect(trackVerdict(long.raw, long.result, []).needsClickAt).toMatchObject({ kind: 'resume' });
    });
});
