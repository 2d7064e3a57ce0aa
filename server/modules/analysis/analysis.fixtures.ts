import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { players, positions } from '../../db/schema';
import { makeSampleVideo } from '../../lib/ffmpeg';
import { as, type TestApp, type TestUser } from '../../test/helpers';

export async function positionId(t: TestApp, key: string) {
  const [p] = await t.db.select().from(positions).where(eq(positions.key, key));
  return p.id;
}

/** A player owned by `owner`, WR with CB as the secondary position unless told otherwise. */
export async function createPlayer(
  t: TestApp,
  owner: TestUser,
  o: Partial<typeof players.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(players)
    .values({
      userId: owner.id,
      firstName: 'Jamie',
      lastName: `Runner${randomBytes(2).toString('hex')}`,
      level: 'High School',
      school: 'Central High',
      graduationYear: 2027,
      heightInches: 70,
      weight: 170,
      primaryPositionId: await positionId(t, 'WR'),
      secondaryPositionId: await positionId(t, 'CB'),
      ...o,
    })
    .returning();
  return row;
}

let sample: Promise<Buffer> | undefined;
/**
 * A real two-second H.264 clip made with ffmpeg once per test process, kept in memory (its file is
 * removed). The promise is kept, so two callers at once (the race tests) share one file and one read.
 */
export function sampleVideo(): Promise<Buffer> {
  sample ??= (async () => {
    const file = path.join(tmpdir(), `va-sample-${process.pid}.mp4`);
    await makeSampleVideo(file, { seconds: 2 });
    const data = readFileSync(file);
    rmSync(file, { force: true });
    return data;
  })();
  return sample;
}

/** A multipart body as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string | number>,
  file?: { field: string; name: string; type: string; data: Buffer },
) {
  const boundary = `----va${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const speedBody = (playerId: number, posId: number, o: Record<string, unknown> = {}) => ({
  playerId,
  hudlUrl: 'https://www.hudl.com/video/3/123/abc',
  startTime: '00:23',
  season: 2025,
  positionId: posId,
  requestType: 'max_speed',
  ...o,
});
const igaBody = (playerId: number, posId: number, o: Record<string, unknown> = {}) => ({
  playerId,
  hudlUrl: 'https://www.hudl.com/video/3/123/abc',
  season: 2025,
  positionId: posId,
  notes: 'Number 7, white jersey',
  ...o,
});

export async function requestSpeed(
  t: TestApp,
  user: TestUser,
  playerId: number,
  posId: number,
  o: Record<string, unknown> = {},
) {
  return as(t, user, {
    method: 'POST',
    url: '/api/analysis-requests',
    payload: speedBody(playerId, posId, o),
  });
}
export async function requestIga(
  t: TestApp,
  user: TestUser,
  playerId: number,
  posId: number,
  o: Record<string, unknown> = {},
) {
  return as(t, user, {
    method: 'POST',
    url: '/api/iga-analysis-requests',
    payload: igaBody(playerId, posId, o),
  });
}

export async function complete(
  t: TestApp,
  analyst: TestUser,
  requestId: number,
  fields: Record<string, string | number>,
  video?: Buffer | null,
) {
  const body = multipart(
    fields,
    video === null
      ? undefined
      : { field: 'video', name: 'processed.mp4', type: 'video/mp4', data: video ?? (await sampleVideo()) },
  );
  return as(t, analyst, { method: 'POST', url: `/api/analysis-requests/${requestId}/complete`, ...body });
}
