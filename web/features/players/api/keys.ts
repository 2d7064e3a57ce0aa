/** The players feature's query keys: every read and every invalidation of its endpoints goes through these. */
export const playerKeys = {
  all: ['players'] as const,
  list: () => [...playerKeys.all, 'list'] as const,
  bests: () => [...playerKeys.all, 'bests'] as const,
  /** Ids come from the URL (strings) and from data (numbers): one key for both. */
  detail: (id: number | string) => [...playerKeys.all, 'detail', String(id)] as const,
};

export const positionKeys = {
  all: ['positions'] as const,
};
