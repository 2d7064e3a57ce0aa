import { analysisKind } from '../../../contract/analysis-kinds';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { analysisRequests, igaSubmetrics, submetrics, videos } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import { recordLeaderboardResult } from '../leaderboard';
import { ALREADY_PROCESSED } from '../measurements';

export type RequestRow = typeof analysisRequests.$inferSelect;

export interface CompletionValues {
  /** The kind's result: what its leaderboard metric ranks (contract/analysis-kinds.ts). */
  headline: number;
  maxSpeed: number | null;
  igaScore: number | null;
  comment: string | null;
  /** MS or IGA first, then the position's components: key -> value and percentile. */
  metrics: { key: string; value: number; percentile: number; isFromIga: boolean }[];
}

interface StoredMedia {
  videoKey: string;
  thumbnailKey: string;
  durationSeconds: number | null;
}

/** A measured Max Speed: what the request, its video and the leaderboard carry, and how to write the receipt. */
export interface MeasuredCompletion {
  sourceVideoId: number;
  plusMinus: number;
  methodLabel: string;
  overrideReason: string | null;
  /** Non-empty: the request is held for a second analyst, not shown as verified yet (decision 198). */
  held: string[];
  writeReceipt: (tx: Tx, request: RequestRow) => Promise<unknown>;
}

/**
 * The evidence of a later measured kind (the verified 40, decision 209): its clip, bound and method,
 * the stills stored before the transaction, and its receipt written inside it.
 */
export interface KindEvidence {
  sourceVideoId: number;
  plusMinus: number;
  methodLabel: string;
  storeFiles: () => Promise<string[]>;
  writeReceipt: (tx: Tx, request: RequestRow, stillKeys: string[]) => Promise<unknown>;
}

/**
 * One transaction: the conditional UPDATE lets exactly one of two racing analysts win (the other
 * matches no row and gets 409, rolling back everything), then the video, the results and the
 * leaderboard rows are written with it.
 */
export async function commitCompletion(
  db: Db,
  analyst: UserRow,
  request: RequestRow,
  v: CompletionValues,
  media: StoredMedia | null,
  measured: MeasuredCompletion | null = null,
  evidence:
    | (Omit<KindEvidence, 'storeFiles' | 'writeReceipt'> & {
        writeReceipt: (tx: Tx, r: RequestRow) => Promise<unknown>;
      })
    | null = null,
) {
  const held = (measured?.held.length ?? 0) > 0;
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(analysisRequests)
      .set({
        status: held ? 'held' : 'completed',
        analystId: analyst.id,
        completedAt: held ? null : new Date(),
        maxSpeed: v.maxSpeed,
        igaScore: v.igaScore,
        analystComment: v.comment,
        processedVideoUrl: media ? `/files/${media.videoKey}` : null,
        ...(measured && {
          sourceVideoId: measured.sourceVideoId,
          maxSpeedPlusMinus: measured.plusMinus,
          methodLabel: measured.methodLabel,
          overrideReason: measured.overrideReason,
          ...(held && { metadata: { ...(request.metadata ?? {}), heldReasons: measured.held } }),
        }),
        // The bound lives on the kind's receipt: the request's ± column is Max Speed's (0.1 mph).
        ...(evidence && { sourceVideoId: evidence.sourceVideoId, methodLabel: evidence.methodLabel }),
      })
      .where(
        and(
          eq(analysisRequests.id, request.id),
          or(
            eq(analysisRequests.status, 'pending'),
            // A stored result held by the re-check (decision 241): an analyst confirms or corrects it.
            and(eq(analysisRequests.status, 'held'), sql`${analysisRequests.metadata} ? 'recheck'`),
          ),
        ),
      )
      .returning();
    if (!done) throw conflict(ALREADY_PROCESSED);
    const video = media
      ? await insertResultVideo(tx, done, held ? { ...v, maxSpeed: null } : v, media, measured)
      : evidence
        ? await sourceVideo(tx, evidence.sourceVideoId)
        : held
          ? await sourceVideo(tx, measured!.sourceVideoId)
          : await markSourceVideo(tx, done, v, measured!);
    await insertMetrics(tx, done.id, v.metrics);
    await measured?.writeReceipt(tx, done);
    await evidence?.writeReceipt(tx, done);
    if (held) return { request: done, video };
    await recordLeaderboardResult(tx, {
      playerId: done.playerId,
      metricType: analysisKind(done.requestType).leaderboardMetric,
      value: v.headline,
      season: done.season,
      positionId: done.positionId,
      plusMinus: measured?.plusMinus ?? evidence?.plusMinus ?? null,
      methodLabel: measured?.methodLabel ?? evidence?.methodLabel ?? null,
    });
    return { request: done, video };
  });
}

async function insertResultVideo(
  tx: Tx,
  done: RequestRow,
  v: CompletionValues,
  media: StoredMedia,
  measured: MeasuredCompletion | null,
) {
  const [video] = await tx
    .insert(videos)
    .values({
      playerId: done.playerId,
      url: `/files/${media.videoKey}`,
      storageKey: media.videoKey,
      thumbnail: media.thumbnailKey,
      status: 'ready',
      maxSpeed: v.maxSpeed,
      igaScore: v.igaScore,
      durationSeconds: media.durationSeconds,
      positionId: done.positionId,
      season: done.season,
      analysisRequestId: done.id,
      maxSpeedPlusMinus: measured?.plusMinus ?? null,
      methodLabel: measured?.methodLabel ?? null,
    })
    .returning();
  return video;
}

/**
 * Without a processed video the measured source clip carries the result; a clip that already carries
 * another request's result keeps it (the receipt names the clip either way).
 */
async function markSourceVideo(tx: Tx, done: RequestRow, v: CompletionValues, measured: MeasuredCompletion) {
  const [marked] = await tx
    .update(videos)
    .set({
      maxSpeed: v.maxSpeed,
      maxSpeedPlusMinus: measured.plusMinus,
      methodLabel: measured.methodLabel,
      analysisRequestId: done.id,
      status: 'ready',
    })
    .where(
      and(
        eq(videos.id, measured.sourceVideoId),
        or(isNull(videos.analysisRequestId), eq(videos.analysisRequestId, done.id)),
      ),
    )
    .returning();
  if (marked) return marked;
  return sourceVideo(tx, measured.sourceVideoId);
}

async function sourceVideo(tx: Tx, id: number) {
  const [video] = await tx.select().from(videos).where(eq(videos.id, id));
  return video;
}

async function insertMetrics(tx: Tx, requestId: number, metrics: CompletionValues['metrics']) {
  if (metrics.length === 0) return;
  const ids = await tx
    .select({ id: submetrics.id, key: submetrics.key })
    .from(submetrics)
    .where(
      inArray(
        submetrics.key,
        metrics.map((m) => m.key),
      ),
    );
  const idOf = new Map(ids.map((s) => [s.key, s.id]));
  // A held result completed again (decision 241) replaces its values.
  await tx.delete(igaSubmetrics).where(eq(igaSubmetrics.analysisRequestId, requestId));
  await tx.insert(igaSubmetrics).values(
    metrics.map((m) => ({
      analysisRequestId: requestId,
      submetricId: idOf.get(m.key)!,
      value: m.value,
      percentile: m.percentile,
      isFromIga: m.isFromIga,
    })),
  );
}
