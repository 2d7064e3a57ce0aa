import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharingApi } from '@contract/api/sharing';
import { call } from '@/lib/api-client';
import { sharingKeys } from './keys';

const getShare = (playerId: number) => call(sharingApi.get, { params: { id: playerId } });

const shareQueryOptions = (playerId: number) =>
  queryOptions({ queryKey: sharingKeys.share(playerId), queryFn: () => getShare(playerId) });

export const useShare = (playerId: number) => useQuery(shareQueryOptions(playerId));
