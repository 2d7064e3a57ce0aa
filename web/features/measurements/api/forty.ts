import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { fortyApi } from '@contract/api/forty';
import type { FortyMeasurement, FortyProposalInput } from '@contract/forty';
import { call } from '@/lib/api-client';

/** The verified 40's queries (decision 209): the live preview, a receipt, a player's results. */
export const fortyKeys = {
  preview: (input: FortyMeasurement) => ['forty-preview', input] as const,
  receipt: (requestId: number) => ['forty-receipt', requestId] as const,
  results: (playerId: number) => ['forty-results', playerId] as const,
  proposal: (id: number) => ['forty-proposal', id] as const,
};

/** The tracker's proposal of the frames (decision 212): a job, asked again every second until it ends. */
export const useStartFortyProposal = () =>
  useMutation({ mutationFn: (body: FortyProposalInput) => call(fortyApi.propose, { body }) });

export const useFortyProposal = (id: number | null) =>
  useQuery({
    queryKey: fortyKeys.proposal(id ?? 0),
    queryFn: ({ signal }) => call(fortyApi.proposal, { params: { id: id ?? 0 }, signal }),
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
    refetchOnWindowFocus: false,
    enabled: id !== null,
  });

const hasBothLines = (m: FortyMeasurement) =>
  m.lines.some((l) => l.yardLine === 0) && m.lines.some((l) => l.yardLine === 40);

/** The server times the marks (one computation for the bench, the completion and the tests). */
export function usePreviewForty(input: FortyMeasurement | null) {
  const enabled = input !== null && input.finishFrame > input.startFrame && hasBothLines(input);
  const body = input ?? { videoId: 0, startFrame: 0, finishFrame: 0, lines: [] };
  return useQuery({
    ...queryOptions({
      queryKey: fortyKeys.preview(body),
      queryFn: ({ signal }) => call(fortyApi.preview, { body, signal }),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    }),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}

export const useFortyReceipt = (requestId: number) =>
  useQuery({
    queryKey: fortyKeys.receipt(requestId),
    queryFn: ({ signal }) => call(fortyApi.receipt, { params: { id: requestId }, signal }),
    retry: false,
    // Still URLs are signed and expire.
    staleTime: 60_000,
    enabled: Number.isInteger(requestId) && requestId > 0,
  });

const fortyResultsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: fortyKeys.results(playerId),
    queryFn: ({ signal }) => call(fortyApi.results, { params: { id: playerId }, signal }),
    staleTime: 60_000,
  });

export const useFortyResults = (playerId: number) => useQuery(fortyResultsQueryOptions(playerId));
