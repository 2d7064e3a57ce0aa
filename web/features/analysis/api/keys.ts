/** The analysis feature's query keys: requests, the analyst queue and submetrics. */
export const analysisKeys = {
  all: ['analysis-requests'] as const,
  queue: () => [...analysisKeys.all, 'queue'] as const,
  pending: (playerId: number) => [...analysisKeys.all, 'pending', playerId] as const,
  /** Keyed by the pending count too: a new or processed request changes it, and the history follows. */
  history: (playerId: number, pending: number | null) =>
    [...analysisKeys.all, 'history', playerId, pending] as const,
  population: (requestId: number) => [...analysisKeys.all, 'request', requestId, 'population'] as const,
  percentile: (requestId: number, value: number | null) =>
    [...analysisKeys.all, 'request', requestId, 'percentile', value] as const,
  requestSubmetrics: (requestId: number) =>
    [...analysisKeys.all, 'request', requestId, 'submetrics'] as const,
  positionSubmetrics: (positionId: number) => ['position-submetrics', positionId] as const,
};
