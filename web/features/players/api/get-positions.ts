import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Position } from '@contract/players';
import { api } from '@/lib/api-client';

export const positionsQueryKey = ['/api/positions'] as const;

export const positionsQueryOptions = () =>
  queryOptions({
    queryKey: positionsQueryKey,
    queryFn: () => api<Position[]>('/api/positions'),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const usePositions = () => useQuery(positionsQueryOptions());
