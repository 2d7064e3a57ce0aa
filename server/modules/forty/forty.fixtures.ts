import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { drainJobs } from '../../lib/jobs';
import { as, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, multipart } from '../analysis/analysis.fixtures';
import { readinessJobHandlers } from '../analysis/readiness/readiness.service';
import { recordReadiness, sameForEveryKind } from '../videos';
import { videoJobHandlers } from '../videos/video-processing';

/**
 * A family uploads a 40's clip to its player's library and asks for a verified 40 with it (a new family
 * with one speed credit and a new player unless given).
 */
export async function requestFortyWithClip(
  t: TestApp,
  file: string,
  o: {
    credits?: number;
    family?: TestUser;
    player?: Awaited<ReturnType<typeof createPlayer>>;
    /**
     * The clip's readiness check found it ready (decision 247), as a clip whose whole length has enough
     * frames but whose run has not would be: the request then reaches the analyst, who refuses it.
     */
    passedCheck?: boolean;
  } = {},
) {
  const family = o.family ?? (await createUser(t, { credits: o.credits ?? 1 }));
  const player = o.player ?? (await createPlayer(t, family));
  const up = await as(t, family, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart(
      { playerId: player.id, positionId: player.primaryPositionId },
      { field: 'file', name: 'forty.mp4', type: 'video/mp4', data: readFileSync(file) },
    ),
  });
  expect(up.statusCode, up.body).toBe(201);
  await drainJobs(t.db, {
    ...videoJobHandlers(t.db, t.app.storage),
    ...readinessJobHandlers(t.db, t.app.storage),
  });
  const videoId = up.json<{ id: number }>().id;
  if (o.passedCheck) await recordReadiness(t.db, videoId, sameForEveryKind([]));
  const res = await as(t, family, {
    method: 'POST',
    url: '/api/analysis-requests',
    payload: {
      requestType: 'forty',
      playerId: player.id,
      season: 2026,
      positionId: player.primaryPositionId,
      videoId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { family, player, videoId, request: res.json<{ id: number } & Record<string, unknown>>() };
}
