import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Player } from '@contract/players';
import { api } from '@/lib/api-client';

export const playersQueryKey = ['/api/players'] as const;

export const getPlayers = () => api<Player[]>('/api/players');

/** Refetched on window focus. The default staleTime is Infinity, under which `true` would never refetch. */
export const playersQueryOptions = () =>
  queryOptions({ queryKey: playersQueryKey, queryFn: getPlayers, refetchOnWindowFocus: 'always' });

export const usePlayers = () => useQuery(playersQueryOptions());
