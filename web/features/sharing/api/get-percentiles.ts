import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharingApi } from '@contract/api/sharing';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sharingKeys } from './keys';

export const usePlayerPercentiles = (playerId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: sharingKeys.percentiles(playerId),
    queryFn: () => call(sharingApi.percentiles, { params: { id: playerId } }),
    enabled: opts.enabled ?? true,
  });

/** The percentile of each completed result of the player, by analysis request (issue 27 item 8). */
const resultPercentilesQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: sharingKeys.resultPercentiles(playerId),
    queryFn: () => call(sharingApi.resultPercentiles, { params: { id: playerId } }),
  });

export const useResultPercentiles = (playerId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...resultPercentilesQueryOptions(playerId), enabled: opts.enabled ?? true });

/** Asks for the results' percentiles before the player card renders (decision 232). */
export const prefetchResultPercentiles = (playerId: number) =>
  queryClient.prefetchQuery(resultPercentilesQueryOptions(playerId));
