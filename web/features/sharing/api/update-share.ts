import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareSettings, UpdateShareInput } from '@contract/sharing';
import { api } from '@/lib/api-client';
import { sharingKeys } from './keys';

const updateShare = (playerId: number, body: UpdateShareInput) =>
  api<ShareSettings>(`/api/players/${playerId}/share`, {
    method: 'PUT',
    body: body as Record<string, unknown>,
  });
const newShareLink = (playerId: number) =>
  api<ShareSettings>(`/api/players/${playerId}/share/new-link`, { method: 'POST' });

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
