import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { kindOfResultField } from '../../../contract/analysis-kinds';
import type { MeasurementResult, Receipt, ReceiptPercentile } from '../../../contract/measurements';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { analysisRequests, kindReceipts, players, positions } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { extractStills } from '../../lib/media-probe';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../db/schema';
import { viewablePlayer } from '../players';
import { withLocalCopy, type MediaRow } from '../videos';
import type { MeasuredValue, VideoRow } from './measure.service';
import { storedMeasurement } from './stored-measurement';
import { extractWindowStill, windowStills } from './tracking/window-stills';

const STILL_URL_TTL_SECONDS = 3600;

/** One JPEG per marked frame, extracted by ffmpeg from the file the analyst marked; private keys. */
export async function storeStills(
  storage: Storage,
  video: VideoRow,
  media: MediaRow,
  frames: number[],
): Promise<string[]> {
  const key = media.workingKey ?? video.storageKey!;
  return withLocalCopy(storage, key, async (file) => {
    const files = await extractStills(file, frames, path.dirname(file));
    const keys: string[] = [];
    try {
      for (const f of files) {
        const k = `videos/still-${randomUUID()}.jpg`;
        await storage.put(k, createReadStream(f), 'image/jpeg');
        keys.push(k);
      }
    } catch (err) {
      await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
      throw err;
    }
    return keys;
  });
}

/**
 * The receipt's stills: one per marked (or proposed) crossing and, for a tracked Max Speed, the frames
 * that bound its window with the track drawn on them, after them (issue 31); private keys.
 */
export async function storeReceiptStills(storage: Storage, m: MeasuredValue): Promise<string[]> {
  const keys = await storeStills(
    storage,
    m.video,
    m.media,
    m.result.marks.map((mk) => mk.frameIndex),
  );
  const track = m.result.tracked?.result;
  if (!track) return keys;
  try {
    const stills = windowStills(track);
    const more = await withLocalCopy(storage, m.media.workingKey ?? m.video.storageKey!, async (file) => {
      const put: string[] = [];
      try {
        for (const st of stills) {
          const f = await extractWindowStill(
            file,
            st,
            path.join(path.dirname(file), `window-${st.which}.jpg`),
          );
          const k = `videos/still-${randomUUID()}.jpg`;
          await storage.put(k, createReadStream(f), 'image/jpeg');
          put.push(k);
        }
      } catch (err) {
        await Promise.all(put.map((k) => storage.remove(k).catch(() => undefined)));
        throw err;
      }
      return put;
    });
    return [...keys, ...more];
  } catch (err) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw err;
  }
}

/** The file's facts a receipt states (Max Speed's and every filmed kind's). */
export const videoFacts = (video: VideoRow, media: MediaRow) => ({
  videoId: video.id as number | null,
  sourceSha256: media.sha256,
  container: media.container,
  codec: media.codec,
  width: media.width,
  height: media.height,
  nominalFps: media.nominalFps,
  averageFps: media.averageFps,
  timeBase: media.timeBase,
  variableFrameRate: media.variableFrameRate,
  frameCount: media.frameCount,
});

/** The analyst as a receipt names them: first and last name, else the username. */
export const analystNameOf = (analyst: UserRow) =>
  [analyst.firstName, analyst.lastName].filter(Boolean).join(' ') || analyst.username;

export interface ReceiptData {
  request: { id: number; season: number; positionId: number | null; position: string | null };
  player: { id: number; name: string };
  video: Receipt['video'];
  landmark: Receipt['landmark'];
  measurement: MeasurementResult;
  override: { maxSpeed: number; reason: string } | null;
  /** Absent on receipts written before decision 249. */
  percentile?: ReceiptPercentile | null;
}

// Max Speed's receipts are kept in kind_receipts under its key, with their revisions (decision 284), and read
// and written here only: the other modules call these functions. A row answers in the shape the receipts had in
// their own table before (`maxSpeed`), which the account export and the audits keep.

/** Max Speed's entry: its key is the rows' kind, its direction theirs. */
const maxSpeedKind = () => kindOfResultField('maxSpeed');

const receiptColumns = {
  id: kindReceipts.id,
  requestId: kindReceipts.requestId,
  revision: kindReceipts.revision,
  videoId: kindReceipts.videoId,
  analystId: kindReceipts.analystId,
  analystName: kindReceipts.analystName,
  maxSpeed: kindReceipts.value,
  plusMinus: kindReceipts.plusMinus,
  methodLabel: kindReceipts.methodLabel,
  overrideReason: kindReceipts.overrideReason,
  data: kindReceipts.data,
  stillKeys: kindReceipts.stillKeys,
  createdAt: kindReceipts.createdAt,
};

export type MeasurementReceiptRow = {
  id: number;
  requestId: number;
  revision: number;
  videoId: number | null;
  analystId: number | null;
  analystName: string;
  maxSpeed: number;
  plusMinus: number;
  methodLabel: string;
  overrideReason: string | null;
  data: unknown;
  stillKeys: string[];
  createdAt: Date;
};
type Optional = 'videoId' | 'analystId' | 'overrideReason';
type NewRevision = Omit<MeasurementReceiptRow, 'id' | 'revision' | 'createdAt' | Optional> &
  Partial<Pick<MeasurementReceiptRow, Optional>>;

const ofMaxSpeed = () => eq(kindReceipts.kind, maxSpeedKind().key);
const selectReceipts = (db: DbOrTx) => db.select(receiptColumns).from(kindReceipts);

/**
 * Writes the next revision of a request's receipt: 1 for the first, one more than the latest after. The
 * speed and its bound are stored to 0.1 mph, as the receipt states them.
 */
export async function insertReceiptRevision(tx: DbOrTx, values: NewRevision): Promise<MeasurementReceiptRow> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${kindReceipts.revision}), 0) + 1`.mapWith(Number) })
    .from(kindReceipts)
    .where(eq(kindReceipts.requestId, values.requestId))) as [{ next: number }];
  const { maxSpeed, ...rest } = values;
  const [row] = await tx
    .insert(kindReceipts)
    .values({
      ...rest,
      kind: maxSpeedKind().key,
      direction: maxSpeedKind().direction,
      revision: next,
      value: sql`round(${maxSpeed}::numeric, 1)`,
      plusMinus: sql`round(${values.plusMinus}::numeric, 1)`,
    })
    .returning(receiptColumns);
  return row;
}

/** Every revision of a request's receipt, the latest first (none for another kind). */
export const receiptRevisions = (db: DbOrTx, requestId: number): Promise<MeasurementReceiptRow[]> =>
  selectReceipts(db)
    .where(and(ofMaxSpeed(), eq(kindReceipts.requestId, requestId)))
    .orderBy(desc(kindReceipts.revision));

/** The revision of a request's receipt that stands: its latest. */
export const latestReceipt = async (
  db: DbOrTx,
  requestId: number,
): Promise<MeasurementReceiptRow | undefined> =>
  (
    await selectReceipts(db)
      .where(and(ofMaxSpeed(), eq(kindReceipts.requestId, requestId)))
      .orderBy(desc(kindReceipts.revision))
      .limit(1)
  )[0];

/** Whether a request has a receipt of any revision. */
export const hasReceipt = async (db: DbOrTx, requestId: number) =>
  (
    await db
      .select({ id: kindReceipts.id })
      .from(kindReceipts)
      .where(and(ofMaxSpeed(), eq(kindReceipts.requestId, requestId)))
      .limit(1)
  ).length > 0;

/** One revision by its id (an audit's `originalReceiptId`). */
export const receiptById = async (db: DbOrTx, id: number): Promise<MeasurementReceiptRow | undefined> =>
  (await selectReceipts(db).where(and(ofMaxSpeed(), eq(kindReceipts.id, id))))[0];

/** Every revision of these requests' receipts, by request then revision (the account export). */
export const receiptsOfRequests = (db: DbOrTx, requestIds: number[]): Promise<MeasurementReceiptRow[]> =>
  requestIds.length
    ? selectReceipts(db)
        .where(and(ofMaxSpeed(), inArray(kindReceipts.requestId, requestIds)))
        .orderBy(kindReceipts.requestId, kindReceipts.revision)
    : Promise.resolve([]);

/** The receipt that stands (latest revision) of every completed request that has one, by request. */
export async function standingReceiptsOfCompleted(db: DbOrTx) {
  const rows = await db
    .select({ request: analysisRequests, receipt: receiptColumns })
    .from(kindReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, kindReceipts.requestId))
    .where(and(ofMaxSpeed(), eq(analysisRequests.status, 'completed')))
    .orderBy(analysisRequests.id, desc(kindReceipts.revision));
  const seen = new Set<number>();
  return rows.filter(({ request }) => !seen.has(request.id) && seen.add(request.id));
}

/** Replaces the data of one revision (a recheck's findings stored beside the result). */
export async function setReceiptData(tx: DbOrTx, id: number, data: ReceiptData & Record<string, unknown>) {
  await tx
    .update(kindReceipts)
    .set({ data })
    .where(and(ofMaxSpeed(), eq(kindReceipts.id, id)));
}

/** Writes the next revision of a request's receipt (the first one when completing). */
export async function insertReceipt(
  tx: Tx,
  input: {
    requestId: number;
    season: number;
    positionId: number | null;
    analyst: UserRow;
    m: MeasuredValue;
    stillKeys: string[];
    percentile?: ReceiptPercentile | null;
  },
) {
  const [player] = await tx
    .select({ id: players.id, first: players.firstName, last: players.lastName })
    .from(players)
    .where(eq(players.id, input.m.video.playerId));
  const [pos] = input.positionId
    ? await tx.select({ name: positions.name }).from(positions).where(eq(positions.id, input.positionId))
    : [];
  const { media, result, video } = input.m;
  const data: ReceiptData = {
    request: {
      id: input.requestId,
      season: input.season,
      positionId: input.positionId,
      position: pos?.name ?? null,
    },
    player: { id: video.playerId, name: player ? `${player.first} ${player.last}` : '' },
    video: {
      ...videoFacts(video, media),
      workingSha256: media.workingSha256 ?? media.sha256,
      hasWorkingCopy: Boolean(media.workingKey),
    },
    landmark: result.landmark,
    measurement: result,
    override: input.m.override,
    percentile: input.percentile ?? null,
  };
  const analystName = analystNameOf(input.analyst);
  return insertReceiptRevision(tx, {
    requestId: input.requestId,
    videoId: video.id,
    analystId: input.analyst.id,
    analystName,
    maxSpeed: input.m.maxSpeed,
    plusMinus: result.plusMinus,
    methodLabel: result.methodLabel,
    overrideReason: input.m.override?.reason ?? null,
    data,
    stillKeys: input.stillKeys,
  });
}

/** The receipt of a request the user may see (the owner family, analysts, admins); anyone else 404. */
export async function readReceipt(
  db: Db,
  storage: Storage,
  user: UserRow,
  requestId: number,
  revision?: number,
): Promise<Receipt> {
  const [request] = await db
    .select({ playerId: analysisRequests.playerId, completedAt: analysisRequests.completedAt })
    .from(analysisRequests)
    .where(eq(analysisRequests.id, requestId));
  if (!request) throw notFound('Receipt not found');
  await viewablePlayer(db, user, request.playerId).catch(() => {
    throw notFound('Receipt not found');
  });
  const rows = await receiptRevisions(db, requestId);
  const row = revision === undefined ? rows[0] : rows.find((r) => r.revision === revision);
  if (!row) throw notFound('Receipt not found');
  const data = row.data as ReceiptData;
  return {
    requestId,
    revision: row.revision,
    revisions: rows.map((r) => ({
      revision: r.revision,
      createdAt: r.createdAt.toISOString(),
      maxSpeed: r.maxSpeed,
      analystName: r.analystName,
    })),
    playerId: data.player.id,
    playerName: data.player.name,
    position: data.request.position,
    season: data.request.season,
    analystName: row.analystName,
    createdAt: row.createdAt.toISOString(),
    completedAt: request.completedAt?.toISOString() ?? null,
    video: data.video,
    landmark: data.landmark,
    measurement: storedMeasurement(data.measurement),
    maxSpeed: row.maxSpeed,
    plusMinus: row.plusMinus,
    methodLabel: row.methodLabel,
    override: data.override,
    percentile: data.percentile ?? null,
    stills: data.measurement.marks.map((m, i) => ({
      frameIndex: m.frameIndex,
      yardLine: m.yardLine,
      time: m.time,
      url: storage.url(row.stillKeys[i], STILL_URL_TTL_SECONDS),
    })),
    trackStills: trackStillsOf(data.measurement, row.stillKeys, (k) => storage.url(k, STILL_URL_TTL_SECONDS)),
  };
}

/** The window's drawn stills, stored after the crossings' (none on receipts written before them). */
export function trackStillsOf(m: MeasurementResult, keys: string[], url: (key: string) => string) {
  const track = m.tracked?.result;
  if (!track) return [];
  const stills = windowStills(track);
  if (keys.length < m.marks.length + stills.length) return [];
  return stills.map((st, i) => ({
    which: st.which,
    frameIndex: st.frameIndex,
    time: st.time,
    url: url(keys[m.marks.length + i]),
  }));
}
