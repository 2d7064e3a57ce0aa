import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Player } from '@contract/players';
import { api } from '@/lib/api-client';
import { playerKeys } from './keys';

export const getPlayers = () => api<Player[]>('/api/players');

/** Refetched on window focus. The default staleTime is Infinity, under which `true` would never refetch. */
export const playersQueryOptions = () =>
  queryOptions({ queryKey: playerKeys.list(), queryFn: getPlayers, refetchOnWindowFocus: 'always' });

export const usePlayers = () => useQuery(playersQueryOptions());
