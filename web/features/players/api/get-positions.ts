import { queryOptions, useQuery } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import type { Position } from '@contract/players';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { positionKeys } from './keys';

/** The positions list, cached 5 minutes; the only hook for GET /api/positions. */
const positionsQueryOptions = () =>
  queryOptions({
    queryKey: positionKeys.all,
    queryFn: ({ signal }) => call(playersApi.positions, { signal }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const usePositions = () => useQuery(positionsQueryOptions());

/** Asks for the positions before the player card renders (decision 232). */
export const prefetchPositions = () => queryClient.prefetchQuery(positionsQueryOptions());

export const positionName = (
  list: Pick<Position, 'id' | 'name'>[] | undefined,
  id: number | null | undefined,
) => (id && list?.find((p) => p.id === id)?.name) || '--';
