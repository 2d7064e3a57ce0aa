import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUDL_VIDEO_ONLY, HUDL_VIDEO_OR_CLIP, PLAY_SOURCE_MISSING } from '../../../contract/hudl-links';
import { analysisRequests, videos } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, userRow } from '../../test/helpers';
import { recordReadiness, sameForEveryKind } from '../videos';
import { createPlayer, requestIga, requestSpeed } from './analysis.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROFILE = 'https://www.hudl.com/profile/12345/Jordan-Miles';
const YOUTUBE = 'https://www.youtube.com/watch?v=LJNfHqRRhBI';
const requestsOf = (playerId: number) =>
  t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, playerId));

describe('a request names something an analyst can measure (issue 27 item 2)', () => {
  it('a speed request for a profile page, a YouTube link or nothing is refused with 400 and spends no credit', async () => {
    const u = await createUser(t, { credits: 2, igaCredits: 2 });
    const p = await createPlayer(t, u);
    for (const [hudlUrl, message] of [
      [PROFILE, HUDL_VIDEO_OR_CLIP],
      [YOUTUBE, HUDL_VIDEO_OR_CLIP],
      ['', PLAY_SOURCE_MISSING],
    ]) {
      const res = await requestSpeed(t, u, p.id, p.primaryPositionId, { hudlUrl });
      expect(res.statusCode, hudlUrl).toBe(400);
      expect(res.json().errors).toEqual({ hudlUrl: message });
    }
    expect(await userRow(t, u.id)).toMatchObject({ credits: 2, igaCredits: 2 });
    expect(await requestsOf(p.id)).toEqual([]);
  });

  it('an IGA request for a profile page is refused on both of its addresses, spending nothing', async () => {
    const u = await createUser(t, { credits: 1, igaCredits: 1 });
    const p = await createPlayer(t, u);
    const own = await requestIga(t, u, p.id, p.primaryPositionId, { hudlUrl: PROFILE });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual({ hudlUrl: HUDL_VIDEO_ONLY });
    const generic = await as(t, u, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: {
        requestType: 'iga',
        playerId: p.id,
        hudlUrl: YOUTUBE,
        season: 2025,
        positionId: p.primaryPositionId,
      },
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().errors).toEqual({ hudlUrl: HUDL_VIDEO_ONLY });
    expect(await userRow(t, u.id)).toMatchObject({ credits: 1, igaCredits: 1 });
    expect(await requestsOf(p.id)).toEqual([]);
  });

  it("a Hudl share link is taken; so is a clip from the player's library without a link", async () => {
    const u = await createUser(t, { credits: 2 });
    const p = await createPlayer(t, u);
    const short = await requestSpeed(t, u, p.id, p.primaryPositionId, {
      hudlUrl: 'https://www.hudl.com/v/Tqusi',
    });
    expect(short.statusCode, short.body).toBe(201);
    const [clip] = await t.db
      .insert(videos)
      .values({
        playerId: p.id,
        url: '/files/videos/clip.mp4',
        storageKey: 'videos/clip.mp4',
        status: 'ready',
      })
      .returning();
    // Checked at upload and found ready for every clip kind (decision 247).
    await recordReadiness(t.db, clip.id, sameForEveryKind([]));
    const fromClip = await requestSpeed(t, u, p.id, p.primaryPositionId, { hudlUrl: '', videoId: clip.id });
    expect(fromClip.statusCode, fromClip.body).toBe(201);
    expect(fromClip.json()).toMatchObject({ hudlUrl: '', status: 'pending' });
    expect((await userRow(t, u.id)).credits).toBe(0);
  });
});
