import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeRunClip, type RunClip, type RunClipOptions } from '../../test/clips';
import { as, type TestApp, type TestUser } from '../../test/helpers';
import { multipart } from '../analysis/analysis.fixtures';

let shared: Promise<RunClip & { data: Buffer }> | undefined;
/**
 * One small 29.97 fps run clip per test process (a runner at 9 yd/s, about 18.4 mph), kept in memory: its
 * file is removed once read, so no run leaves one behind.
 */
export const runClip = () =>
  (shared ??= makeRunClip(path.join(tmpdir(), `va-run-${process.pid}.mp4`), {
    fps: '30000/1001',
    width: 320,
    height: 180,
    seconds: 2.4,
  }).then((clip) => {
    const data = readFileSync(clip.file);
    rmSync(clip.file, { force: true });
    return { ...clip, data };
  }));

/** Uploads the run clip as the request's source video; returns its video id. */
async function attachSource(t: TestApp, analyst: TestUser, requestId: number) {
  const c = await runClip();
  const body = multipart({}, { field: 'file', name: 'run.mp4', type: 'video/mp4', data: c.data });
  const res = await as(t, analyst, {
    method: 'POST',
    url: `/api/analysis-requests/${requestId}/source-video`,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`source upload failed: ${res.statusCode} ${res.body}`);
  return res.json().video.id as number;
}

/** The complete call's fields for a measured Max Speed: the true crossings of the run clip. */
export async function measuredFields(
  t: TestApp,
  analyst: TestUser,
  requestId: number,
  extra: Record<string, string | number> = {},
) {
  const c = await runClip();
  const videoId = await attachSource(t, analyst, requestId);
  const marks = c.crossings.slice(0, 4).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
  return {
    measurement: JSON.stringify({ videoId, landmark: 'torso', marks }),
    maxSpeed_percentile: '50',
    ...extra,
  };
}

/** Named run clips made once per test file in `dir`: 320x180 and 2.4 s unless the options say otherwise. */
export function clipMaker(dir: string) {
  const clips = new Map<string, Promise<RunClip>>();
  return (name: string, o: RunClipOptions) => {
    if (!clips.has(name))
      clips.set(
        name,
        makeRunClip(path.join(dir, `${name}.mp4`), { width: 320, height: 180, seconds: 2.4, ...o }),
      );
    return clips.get(name)!;
  };
}
