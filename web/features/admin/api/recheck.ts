import { useMutation, useQuery } from '@tanstack/react-query';
import { adminApi } from '@contract/api/admin';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Starts the re-check of stored measurements (decision 241): a background job. */
export const useStartRecheck = () =>
  useMutation({
    meta: { errorTitle: 'The re-check could not start' },
    mutationFn: () => call(adminApi.startRecheck),
  });

/** A re-check's progress, asked again every 2 s while it is queued or running. */
export const useRecheck = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.recheck(id ?? 0),
    queryFn: ({ signal }) => call(adminApi.recheck, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 2000),
  });
