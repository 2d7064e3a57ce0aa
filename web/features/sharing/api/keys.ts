/** The sharing feature's query keys: a player's share settings and percentiles. */
export const sharingKeys = {
  share: (playerId: number) => ['share', playerId] as const,
  percentiles: (playerId: number) => ['percentiles', playerId] as const,
  resultPercentiles: (playerId: number) => ['percentiles', playerId, 'results'] as const,
};
