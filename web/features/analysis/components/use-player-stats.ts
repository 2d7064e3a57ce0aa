import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestSubmetric } from '@contract/analysis';
import { analysisKind, findAnalysisKind, formatKindResult } from '@contract/analysis-kinds';
import { useKindBests } from '@/features/measurements';
import { useVideos } from '@/features/videos';
import { paths } from '@/lib/paths';
import { requestSubmetricsQueryOptions } from '../api/get-submetrics';
import { highest, latestIga, latestSpeed, usableVideos } from './chart-data';

/**
 * Everything the stats panel shows for one position, from the player's videos; the submetrics of each
 * analysed video are preloaded so the speed percentile and the metrics card need no extra wait.
 */
export function usePlayerStats(playerId: number, positionId?: number | null) {
  const videosQuery = useVideos(playerId);
  const videos = useMemo(
    () => usableVideos(videosQuery.data?.videos, positionId),
    [videosQuery.data, positionId],
  );
  const requestIds = [
    ...new Set(videos.map((v) => v.analysisRequestId).filter((id): id is number => id !== null)),
  ];
  const subs = useQueries({
    queries: requestIds.map((id) => ({ ...requestSubmetricsQueryOptions(id), retry: false })),
  });
  const ms = new Map<number, RequestSubmetric>();
  subs.forEach((q, i) => {
    const m = q.data?.find((s) => s.submetricKey === 'MS');
    if (m) ms.set(requestIds[i], m);
  });
  return {
    isLoading: videosQuery.isLoading,
    error: videosQuery.error,
    videos,
    ms,
    latestSpeed: latestSpeed(videos, ms),
    latestIga: latestIga(videos),
  };
}

export type PlayerStats = ReturnType<typeof usePlayerStats>;

/** Highest max speed and IGA score of a player for one position; null until there is one. */
export function usePlayerHighlights(playerId: number, positionId?: number | null) {
  const { data } = useVideos(playerId);
  const videos = usableVideos(data?.videos, positionId);
  const maxSpeed = highest(videos.map((v) => (v.maxSpeed === null ? null : Number(v.maxSpeed))));
  // Each kind's best of any position: the 40 and the jump are the player's, not a position's (decision 209).
  const bests = useKindBests(playerId).data ?? [];
  return {
    maxSpeed,
    /** The video of the highest Max Speed: its ± bound, method and receipt travel with the number. */
    maxSpeedVideo:
      maxSpeed === null
        ? null
        : (videos.find((v) => v.maxSpeed !== null && Number(v.maxSpeed) === maxSpeed) ?? null),
    igaScore: highest(videos.map((v) => (v.igaScore === null ? null : Number(v.igaScore)))),
    /** Each later kind's best result as a tile of the card (decisions 243, 271): the card loops over these. */
    kindTiles: bests
      .filter((b) => findAnalysisKind(b.kind))
      .map((b) => {
        const kind = analysisKind(b.kind);
        return {
          label: kind.metricLabel ?? kind.label,
          testId: `best-${kind.key}`,
          value: formatKindResult(kind, b.value, b.plusMinus),
          method: b.method,
          receiptPath: paths.kindReceipt(kind.key, b.requestId),
        };
      }),
  };
}
