import { queryOptions, useQuery } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { call } from '@/lib/api-client';
import { playerKeys } from './keys';

const playerBestsQueryOptions = () =>
  queryOptions({
    queryKey: playerKeys.bests(),
    queryFn: ({ signal }) => call(playersApi.bests, { signal }),
    // New results come from an analyst, elsewhere: read again on every visit and focus.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

export const usePlayerBests = () => useQuery(playerBestsQueryOptions());
