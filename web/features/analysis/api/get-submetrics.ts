import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisApi } from '@contract/api/analysis';
import { ApiError, call } from '@/lib/api-client';
import { analysisKeys } from './keys';

export const requestSubmetricsQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: analysisKeys.requestSubmetrics(requestId),
    queryFn: async ({ signal }) => {
      try {
        return await call(analysisApi.requestSubmetrics, { params: { id: requestId }, signal });
      } catch (err) {
        throw new Error(
          `Failed to fetch IGA submetrics: ${err instanceof ApiError ? err.status : 'network error'}`,
        );
      }
    },
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });

export const useRequestSubmetrics = (requestId: number | null | undefined) =>
  useQuery({ ...requestSubmetricsQueryOptions(requestId ?? 0), enabled: Boolean(requestId) });

const positionSubmetricsQueryOptions = (positionId: number) =>
  queryOptions({
    queryKey: analysisKeys.positionSubmetrics(positionId),
    queryFn: async ({ signal }) => {
      try {
        return await call(analysisApi.positionSubmetrics, { params: { id: positionId }, signal });
      } catch {
        throw new Error('Failed to fetch position submetrics');
      }
    },
    staleTime: 5 * 60_000,
  });

/** Only fetched when a position is given. */
export const usePositionSubmetrics = (positionId: number | null | undefined) =>
  useQuery({ ...positionSubmetricsQueryOptions(positionId ?? 0), enabled: Boolean(positionId) });
