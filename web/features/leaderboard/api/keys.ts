/** The leaderboard feature's query keys. */
export const leaderboardKeys = {
  list: <F extends object>(filters: F) => ['leaderboard', filters] as const,
};
