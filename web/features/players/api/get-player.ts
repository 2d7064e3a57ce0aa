import { queryOptions, useQuery } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { playerKeys } from './keys';

const getPlayer = (id: number | string, signal?: AbortSignal) =>
  call(playersApi.get, { params: { id }, signal });

const playerQueryOptions = (id: number | string | undefined) =>
  queryOptions({
    queryKey: playerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getPlayer(id!, signal),
    enabled: id !== undefined && id !== '',
  });

/** The open player card: polled every 10 s, stale after 5 s, refetched on focus. */
const LIVE = { refetchInterval: 10_000, staleTime: 5_000, refetchOnWindowFocus: true } as const;

/**
 * The only hook for GET /api/players/{id}. `live` (the default) is the card's polling; screens that
 * show the player beside something else read it once (`live: false`). `enabled: false` skips the fetch.
 */
export const usePlayer = (
  id: number | string | undefined,
  { live = true, enabled = true }: { live?: boolean; enabled?: boolean } = {},
) => {
  const options = playerQueryOptions(id);
  return useQuery({ ...options, ...(live ? LIVE : {}), enabled: options.enabled !== false && enabled });
};

/** Asks for the player while the card's code loads (decision 192); `usePlayer` then joins the request. */
export const prefetchPlayer = (id: number) => queryClient.prefetchQuery(playerQueryOptions(id));
