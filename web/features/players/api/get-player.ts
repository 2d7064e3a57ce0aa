import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Player } from '@contract/players';
import { api } from '@/lib/api-client';

export const playerQueryKey = (id: number | string) => [`/api/players/${id}`] as const;

export const getPlayer = (id: number | string) => api<Player>(`/api/players/${id}`);

/** The open player card: polled every 10 s, stale after 5 s, refetched on focus. */
export const playerQueryOptions = (id: number | string | undefined) =>
  queryOptions({
    queryKey: playerQueryKey(id ?? ''),
    queryFn: () => getPlayer(id!),
    enabled: id !== undefined && id !== '',
    refetchInterval: 10_000,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });

export const usePlayer = (id: number | string | undefined) => useQuery(playerQueryOptions(id));
