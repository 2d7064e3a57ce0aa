import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { coachApi } from '@contract/api/coach';
import type { CoachSearchFilters } from '@contract/coach';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

/** The search, 25 a page; the next page from the answer's cursor. */
export const useCoachSearch = (filters: CoachSearchFilters) =>
  useInfiniteQuery({
    queryKey: coachKeys.search(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(coachApi.search, { query: { ...filters, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The positions of the search's filter, kept for the session (reference data). */
export const useCoachPositions = () =>
  useQuery({
    queryKey: coachKeys.positions,
    queryFn: ({ signal }) => call(coachApi.positions, { signal }),
    staleTime: Infinity,
  });

export const useCoachProfile = (playerId: number) =>
  useQuery({
    queryKey: coachKeys.profile(playerId),
    queryFn: () => call(coachApi.profile, { params: { id: playerId } }),
  });

export const useWatchlist = () =>
  useQuery({ queryKey: coachKeys.watchlist, queryFn: () => call(coachApi.watchlist) });

export const useConnections = () =>
  useQuery({ queryKey: coachKeys.connections, queryFn: () => call(coachApi.connections) });
