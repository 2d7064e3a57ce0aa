import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareSettings } from '@contract/sharing';
import { api } from '@/lib/api-client';
import { sharingKeys } from './keys';

const getShare = (playerId: number) => api<ShareSettings>(`/api/players/${playerId}/share`);

const shareQueryOptions = (playerId: number) =>
  queryOptions({ queryKey: sharingKeys.share(playerId), queryFn: () => getShare(playerId) });

export const useShare = (playerId: number) => useQuery(shareQueryOptions(playerId));
