import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { checkedEnds } from './finished-track.fixtures';
import { trackVerdict } from './fit-result';
import type { RawTrack } from './track-clip';

/**
 * The fastest 10 yards running into the edge of what was seen (tracker 2.15.0, decision 313). A 30 fps clip of
 * 126 frames; the runner is seen for sure on frames `seen` (the others are lost). The profile is what a fit
 * of such a track gives: the speed rises to 18.96 mph at 1.8 s, and where the track ends it bends down (a
 * curve's end, and a track slipping off the player before it is lost, as in scene 9744), so the speed at the
 * very edge is lower than just inside it.
 */
function track(
  seen: (i: number) => boolean,
  window: { fromTime: number; toTime: number },
  plusMinusMph = 0.3,
) {
  const frames = Array.from({ length: 126 }, (_, frameIndex) => ({
    frameIndex,
    time: frameIndex / 30,
    x: 0,
    y: 0,
    yards: seen(frameIndex) ? frameIndex / 4 : null,
    confidence: seen(frameIndex) ? 0.9 : 0.2,
    state: seen(frameIndex) ? ('tracked' as const) : ('low' as const),
  }));
  const last = frames.findLast((f) => f.state === 'tracked')!.time;
  const first = frames.find((f) => f.state === 'tracked')!.time;
  const profile: TrackResult['profile'] = [];
  for (let t = first; t <= last + 1e-9; t += 0.1) {
    const rise = 5 + 14 * Math.min(1, t / 1.8);
    const bend = Math.max(0, t - (last - 0.3)) * 1.6;
    profile.push({ time: t, yards: 0, mph: Math.round((rise - bend) * 100) / 100 });
  }
  const raw = { width: 1280, height: 720, frames: [], lines: [], doubts: [], beside: [] } as RawTrack;
  const result = {
    frames,
    profile,
    maxSpeed: { mph: 17.52, plusMinusMph, fromYard: 8.65, toYard: 18.65, ...window },
    problems: [],
  } as unknown as TrackResult;
  return { raw, result };
}

describe('the fastest 10 yards running into the edge of what was seen (tracker 2.15.0)', () => {
  it('refuses a Max Speed whose window ends at the last frame seen, though the curve bends down there', () => {
    // Seen to frame 63 (2.1 s), lost after it inside the clip; the window ends 0.7 ms before frame 63.
    const { raw, result } = track((i) => i <= 63, { fromTime: 0.932, toTime: 2.0993 });
    const edge = result.profile[result.profile.length - 1].mph;
    const inside = result.profile[result.profile.length - 3].mph;
    expect(edge).toBeLessThan(inside);
    expect(trackVerdict(raw, result, checkedEnds(result)).failure).toBe(
      'No Max Speed from this track: the player was last seen for sure on frame 64 while still gaining speed, so the fastest 10 yards may lie beyond it',
    );
  });

  it('gives the Max Speed where the fastest 10 yards end before the edge', () => {
    // The same track, its fastest 10 yards ending a tenth of a second before the last frame seen: the runner
    // ran them before the edge, and the bend at the very end is not his.
    const { raw, result } = track((i) => i <= 63, { fromTime: 0.83, toTime: 2.0 });
    expect(trackVerdict(raw, result, checkedEnds(result))).toEqual({
      needsClickAt: undefined,
      failure: undefined,
    });
  });

  it('gives the Max Speed where the window ends at the last frame of the clip', () => {
    // Seen to the clip's last frame: the fastest 10 yards of the clip are measured, whatever came after it.
    const { raw, result } = track(() => true, { fromTime: 3.0, toTime: 125 / 30 - 0.0007 });
    expect(trackVerdict(raw, result, checkedEnds(result)).failure).toBeUndefined();
  });

  it('refuses a Max Speed whose window begins at the first frame seen, after the clip began', () => {
    // Lost on frames 0-29, seen from frame 30 (1 s); the window begins there.
    const { raw, result } = track((i) => i >= 30, { fromTime: 1.0004, toTime: 2.1 });
    expect(trackVerdict(raw, result, checkedEnds(result)).failure).toBe(
      'No Max Speed from this track: the player was first seen for sure on frame 31, already as fast as anywhere after it, so the fastest 10 yards may lie before it',
    );
  });

  it('names the edge, not the ±, where the window begins at the first frame seen and its ± is over the ceiling', () => {
    // Fresh scene 10268: 13.77 ± 0.49 mph fitted for a true 17.09 at 120 fps, the player unsure until frame 360
    // and the window beginning there. A refusal that named the ± ('only known to ± 0.49 mph') read as if the
    // value were his Max Speed, known loosely.
    const { raw, result } = track((i) => i >= 30, { fromTime: 1.0004, toTime: 2.1 }, 0.49);
    expect(trackVerdict(raw, result, checkedEnds(result)).failure).toBe(
      'No Max Speed from this track: the player was first seen for sure on frame 31, already as fast as anywhere after it, so the fastest 10 yards may lie before it',
    );
    // Seen from the clip's first frame, the same ± is what refuses it.
    const seen = track(() => true, { fromTime: 1.0004, toTime: 2.1 }, 0.49);
    expect(trackVerdict(seen.raw, seen.result, checkedEnds(seen.result)).failure).toMatch(
      /^No Max Speed from this track: the speed is only known to ± 0\.49 mph, wider than the ± 0\.4 mph/,
    );
  });
});
