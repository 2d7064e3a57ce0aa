import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Player } from '@contract/players';
import { api } from '@/lib/api-client';

export const playersQueryKey = ['/api/players'] as const;

export const getPlayers = () => api<Player[]>('/api/players');

export const playersQueryOptions = () =>
  queryOptions({ queryKey: playersQueryKey, queryFn: getPlayers, refetchOnWindowFocus: true });

export const usePlayers = () => useQuery(playersQueryOptions());
