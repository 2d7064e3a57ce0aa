import { describe, expect, it } from 'vitest';
import { FILMING_GUIDE } from '../../../contract/readiness';
import { followsGuide } from './guide';
import { drawScene } from './spec';
import type { SceneTruth, TruthFrame } from './truth';

/** A truth of `n` frames: the runner from X 0 to `yards`, the picture `across` yards wide at his lane. */
function truthOf(
  width: number,
  { yards = 25, across = 20, n = 50, hidden = [] as number[] } = {},
): SceneTruth {
  const frames: TruthFrame[] = Array.from({ length: n }, (_, i) => ({
    i,
    t: i / 30,
    X: (yards * i) / (n - 1),
    Y: 20,
    gx: 100,
    gy: 100,
    pxPerYd: width / across,
    inView: true,
  }));
  for (const i of hidden) frames[i] = { ...frames[i], X: 80, pxPerYd: width, inView: false };
  return { fps: 30, nFrames: n, frameTimes: frames.map((f) => f.t), groundPointPx: frames, width };
}

describe('a scene that follows the filming guide', () => {
  const spec = drawScene(5003, { kind: 'max-speed', fps: '30000/1001' });
  spec.camera.heightM = 12;
  spec.camera.pan = true;

  it('follows it at 29.97 fps from 3 m up, panning, with 10 yards across and a 20-yard run in the picture', () => {
    expect(followsGuide(spec, truthOf(spec.width))).toEqual({ follows: true, misses: [] });
    const edge = { ...spec, camera: { ...spec.camera, heightM: 3 } };
    expect(followsGuide(edge, truthOf(spec.width, { yards: 20, across: 10 })).follows).toBe(true);
  });

  it('names each line of the guide it misses', () => {
    expect(followsGuide({ ...spec, fps: '25' }, truthOf(spec.width)).misses).toEqual([
      FILMING_GUIDE.frameRate,
    ]);
    expect(followsGuide(spec, truthOf(spec.width, { across: 8 })).misses).toEqual([FILMING_GUIDE.yardLines]);
    expect(followsGuide(spec, truthOf(spec.width, { yards: 15 })).misses).toEqual([FILMING_GUIDE.distance]);
    const low = { ...spec, camera: { ...spec.camera, heightM: 2.2 } };
    expect(followsGuide(low, truthOf(spec.width))).toEqual({
      follows: false,
      misses: [FILMING_GUIDE.sideline],
    });
    // A still camera (decision 350).
    const still = { ...spec, camera: { ...spec.camera, pan: false } };
    expect(followsGuide(still, truthOf(spec.width)).misses).toEqual([FILMING_GUIDE.pan]);
  });

  it('reads only the frames where the runner is in the picture', () => {
    // Off-picture frames (far away, one yard across) neither shorten the view nor lengthen the run.
    expect(followsGuide(spec, truthOf(spec.width, { yards: 25, hidden: [0, 49] })).follows).toBe(true);
    expect(
      followsGuide(spec, truthOf(spec.width, { yards: 21, hidden: [3, 4, 45, 46, 47, 48, 49] })).misses,
    ).toEqual([FILMING_GUIDE.distance]);
  });
});
