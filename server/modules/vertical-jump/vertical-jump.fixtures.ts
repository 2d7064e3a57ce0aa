import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { drainJobs } from '../../lib/jobs';
import { as, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, multipart } from '../analysis/analysis.fixtures';
import { readinessJobHandlers } from '../analysis/readiness/readiness.service';
import { recordReadiness, sameForEveryKind } from '../videos';
import { videoJobHandlers } from '../videos/video-processing';

/**
 * A family uploads a jump clip to its player's library and asks for a verified vertical jump with it (a new family
 * with one speed credit and a new player unless given).
 */
export async function requestVerticalWithClip(
  t: TestApp,
  file: string,
  o: {
    credits?: number;
    family?: TestUser;
    player?: Awaited<ReturnType<typeof createPlayer>>;
    /** Another kind requested with a clip the same way (a test-only kind). */
    requestType?: string;
    /**
     * Recorded as ready for every kind before the request, as a clip the check at upload lets through (the
     * check refuses a jump under 100 fps; the analyst's refusal is tested on such a clip all the same).
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
      { field: 'file', name: 'jump.mp4', type: 'video/mp4', data: readFileSync(file) },
    ),
  });
  expect(up.statusCode, up.body).toBe(201);
  // The clip's processing, then its readiness check (decision 247), as the app's workers run them.
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
      requestType: o.requestType ?? 'vertical_jump',
      playerId: player.id,
      season: 2026,
      positionId: player.primaryPositionId,
      videoId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { family, player, videoId, request: res.json<{ id: number } & Record<string, unknown>>() };
}
