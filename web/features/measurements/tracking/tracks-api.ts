import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import type { RefitTrackInput, StartTrackInput } from '@contract/tracking';
import { call } from '@/lib/api-client';

export const trackKeys = { track: (id: number) => ['measurement-track', id] as const };

const trackQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trackKeys.track(id),
    queryFn: ({ signal }) => call(measurementsApi.track, { params: { id }, signal }),
    // Tracking runs as a job: ask again every second until it is done, failed or waits for a click.
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'failed' || status === 'needs-click' ? false : 1000;
    },
    refetchOnWindowFocus: false,
  });

export const useTrack = (id: number | null) =>
  useQuery({ ...trackQueryOptions(id ?? 0), enabled: id !== null });

export const useStartTrack = () =>
  useMutation({ mutationFn: (body: StartTrackInput) => call(measurementsApi.startTrack, { body }) });

export function useRefitTrack(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefitTrackInput) => call(measurementsApi.refitTrack, { params: { id }, body }),
    onSuccess: (track) => client.setQueryData(trackKeys.track(id), track),
  });
}
