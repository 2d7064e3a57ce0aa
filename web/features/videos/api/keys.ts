/** The videos feature's query keys: one player's library. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (playerId: number) => [...videoKeys.all, 'list', playerId] as const,
};
