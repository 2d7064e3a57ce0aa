import type { Tx } from '../../db/client';

export interface LeaderboardResult {
  playerId: number;
  metricType: 'max_speed' | 'iga_score';
  value: number;
  season: number;
  positionId: number | null;
}

/** Called inside the transaction that completes an analysis: keeps the player's best per season and all time. */
export async function recordLeaderboardResult(_tx: Tx, _r: LeaderboardResult): Promise<void> {
  // Implemented by the leaderboard feature.
}
