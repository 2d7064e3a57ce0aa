import { expect } from 'vitest';
import { as, type TestApp, type TestUser } from '../../../test/helpers';

/**
 * Answers the tracker's check of the window's ends (decision 308) as an analyst who finds the track on the
 * player there: a click on the tracked point of each frame asked. Returns the track as it then reads.
 */
export async function checkWindowEnds(t: TestApp, analyst: TestUser, id: number) {
  const read = async () =>
    (await as(t, analyst, { method: 'GET', url: `/api/measurements/tracks/${id}` })).json();
  for (let k = 0; k < 2; k += 1) {
    const track = await read();
    if (track.status !== 'needs-click' || !track.needsClickAt.reason.startsWith('Check the track'))
      return track;
    const f = track.result.frames[track.needsClickAt.frameIndex];
    const click = { frameIndex: f.frameIndex, x: Math.round(f.x), y: Math.round(f.y) };
    const res = await as(t, analyst, {
      method: 'PATCH',
      url: `/api/measurements/tracks/${id}`,
      payload: { corrections: [click], dropped: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return read();
}
