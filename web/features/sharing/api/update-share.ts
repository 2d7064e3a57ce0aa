import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharingApi } from '@contract/api/sharing';
import type { UpdateShareInput } from '@contract/sharing';
import { call } from '@/lib/api-client';
import { sharingKeys } from './keys';

const updateShare = (playerId: number, body: UpdateShareInput) =>
  call(sharingApi.update, { params: { id: playerId }, body });
const newShareLink = (playerId: number) => call(sharingApi.newLink, { params: { id: playerId } });

/** Both answer the whole settings: the cache takes them as they are. */
export function useUpdateShare(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (body: UpdateShareInput) => updateShare(playerId, body),
    onSuccess: (data) => qc.setQueryData(sharingKeys.share(playerId), data),
  });
}

export function useNewShareLink(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: () => newShareLink(playerId),
    onSuccess: (data) => qc.setQueryData(sharingKeys.share(playerId), data),
  });
}
