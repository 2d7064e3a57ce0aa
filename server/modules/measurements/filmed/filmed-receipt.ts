import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { analysisKind, analysisKinds, listedByKind } from '../../../../contract/analysis-kinds';
import type { KindBest } from '../../../../contract/measurements';
import type { DbOrTx, Tx } from '../../../db/client';
import { analysisRequests, kindReceipts, players, type UserRow } from '../../../db/schema';
import type { Storage } from '../../../lib/storage';
import type { MediaRow } from '../../videos';
import type { VideoRow } from '../measure.service';
import { analystNameOf, storeStills, videoFacts } from '../receipt.service';
import { kindFactsOf } from './kind-facts';

const STILL_URL_TTL_SECONDS = 3600;

/** A filmed kind's measurement as its receipt needs it (filmed-measure.ts). */
export interface FilmedTimed<M, R> {
  video: VideoRow;
  media: MediaRow;
  times: number[];
  marks: M;
  result: R;
}

/** A still of the receipt: what it shows and the frame. */
export interface StillFrame {
  label: string;
  frameIndex: number;
}

/** What every filmed kind's receipt stores (decision 263); a kind may store more beside it. */
export interface FilmedReceiptData<M, R> {
  player: { id: number; name: string };
  season: number;
  video: ReturnType<typeof videoFacts>;
  marks: M;
  result: R;
  stills: (StillFrame & { time: number })[];
}

/** One JPEG per still frame, extracted from the file the analyst marked; private keys. */
export const storeFilmedStills = (storage: Storage, t: FilmedTimed<unknown, unknown>, stills: StillFrame[]) =>
  storeStills(
    storage,
    t.video,
    t.media,
    stills.map((s) => s.frameIndex),
  );

/** The receipt's data: the player, the season, the file, the marks, the arithmetic and the stills' times. */
export async function filmedReceiptData<M, R>(
  tx: Tx,
  t: FilmedTimed<M, R>,
  season: number,
  stills: StillFrame[],
): Promise<FilmedReceiptData<M, R>> {
  const [player] = await tx
    .select({ first: players.firstName, last: players.lastName })
    .from(players)
    .where(eq(players.id, t.video.playerId));
  return {
    player: { id: t.video.playerId, name: player ? `${player.first} ${player.last}` : '' },
    season,
    video: videoFacts(t.video, t.media),
    marks: t.marks,
    result: t.result,
    stills: stills.map((s) => ({ ...s, time: t.times[s.frameIndex] ?? 0 })),
  };
}

/** The part of a receipt's answer every filmed kind shares, with signed URLs of its stills. */
export function filmedReceiptHead<M, R>(
  storage: Storage,
  row: { requestId: number; analystName: string; createdAt: Date; stillKeys: string[] },
  data: FilmedReceiptData<M, R>,
) {
  return {
    requestId: row.requestId,
    playerId: data.player.id,
    playerName: data.player.name,
    season: data.season,
    analystName: row.analystName,
    createdAt: row.createdAt.toISOString(),
    video: data.video,
    marks: data.marks,
    result: data.result,
    stills: data.stills.map((s, i) => ({ ...s, url: storage.url(row.stillKeys[i], STILL_URL_TTL_SECONDS) })),
  };
}

/**
 * The kind receipts of the kinds listed by kind: not Max Speed's (its revisions are kept here too, decision
 * 284), which the specification's own fields carry. A condition for the readers that list kinds' results.
 */
export function listedKindReceipts() {
  const unlisted = analysisKinds()
    .filter((k) => !listedByKind(k))
    .map((k) => k.key);
  return unlisted.length ? notInArray(kindReceipts.kind, unlisted) : undefined;
}

/** Stores a filmed kind's receipt in the kind-keyed evidence store (kind_receipts, decision 243). */
export async function insertKindReceipt(
  tx: Tx,
  kind: string,
  input: {
    request: { id: number };
    analyst: UserRow;
    t: FilmedTimed<unknown, { method: string }>;
    stillKeys: string[];
    value: number;
    plusMinus: number;
    data: object;
  },
) {
  const values = {
    requestId: input.request.id,
    kind,
    direction: analysisKind(kind).direction,
    videoId: input.t.video.id,
    analystId: input.analyst.id,
    analystName: analystNameOf(input.analyst),
    value: input.value,
    plusMinus: input.plusMinus,
    methodLabel: input.t.result.method,
    data: input.data,
    stillKeys: input.stillKeys,
  };
  await tx
    .insert(kindReceipts)
    .values(values)
    .onConflictDoUpdate({ target: [kindReceipts.requestId, kindReceipts.revision], set: values });
}

/**
 * A completed request's receipt in kind_receipts, of the kind given or of any listed by kind (`undefined`), with its player,
 * status and season (the caller checks who may see it); `playerId` narrows it to that player's (a public
 * page's), `statuses` lets a kind's staff read one held for a re-check too.
 */
export async function completedKindReceipt(
  db: DbOrTx,
  kind: string | undefined,
  requestId: number,
  playerId?: number,
  statuses: (typeof analysisRequests.$inferSelect)['status'][] = ['completed'],
) {
  const [row] = await db
    .select({
      receipt: kindReceipts,
      playerId: analysisRequests.playerId,
      status: analysisRequests.status,
      season: analysisRequests.season,
    })
    .from(kindReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, kindReceipts.requestId))
    .where(
      and(
        eq(kindReceipts.requestId, requestId),
        kind === undefined ? listedKindReceipts() : eq(kindReceipts.kind, kind),
        inArray(analysisRequests.status, statuses),
        playerId === undefined ? undefined : eq(analysisRequests.playerId, playerId),
      ),
    );
  return row;
}

/** A player's completed results in kind_receipts, of one kind or of all listed by kind, with their request's season and date. */
const completedRows = (db: DbOrTx, playerId: number, kind?: string) =>
  db
    .select({
      receipt: kindReceipts,
      season: analysisRequests.season,
      completedAt: analysisRequests.completedAt,
    })
    .from(kindReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, kindReceipts.requestId))
    .where(
      and(
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.status, 'completed'),
        kind === undefined ? listedKindReceipts() : eq(kindReceipts.kind, kind),
      ),
    );

/** A player's completed results of a kind in kind_receipts, best first by the kind's direction. */
export async function completedKindResults(db: DbOrTx, kind: string, playerId: number) {
  const best = analysisKind(kind).direction === 'higher' ? desc : asc;
  return completedRows(db, playerId, kind).orderBy(best(kindReceipts.value), asc(kindReceipts.id));
}

/** A player's best completed result of each kind in kind_receipts, in the registry's order (decision 263). */
export async function kindBestsOf(db: DbOrTx, playerId: number): Promise<KindBest[]> {
  const rows = await completedRows(db, playerId);
  return analysisKinds().flatMap((kind) => {
    const sign = kind.direction === 'lower' ? 1 : -1;
    const [best] = rows
      .filter((r) => r.receipt.kind === kind.key)
      .sort((a, b) => sign * (a.receipt.value - b.receipt.value) || a.receipt.id - b.receipt.id);
    if (!best) return [];
    const { receipt } = best;
    const facts = kindFactsOf(kind.key);
    return [
      {
        kind: kind.key,
        requestId: receipt.requestId,
        value: receipt.value,
        plusMinus: receipt.plusMinus,
        method: receipt.methodLabel,
        season: best.season,
        completedAt: best.completedAt?.toISOString() ?? null,
        ...(facts ? { detail: facts.detail(receipt.data) } : {}),
      },
    ];
  });
}
