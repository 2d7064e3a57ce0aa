/** The videos feature's query keys: one player's library, one clip's readiness. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (playerId: number) => [...videoKeys.all, 'list', playerId] as const,
  readiness: (videoId: number) => [...videoKeys.all, 'readiness', videoId] as const,
};
