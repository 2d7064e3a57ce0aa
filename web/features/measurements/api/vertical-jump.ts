import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { verticalJumpApi } from '@contract/api/vertical-jump';
import type { VerticalMeasurement, VerticalProposalInput } from '@contract/vertical-jump';
import { call } from '@/lib/api-client';

/** The verified vertical jump's queries (decision 243): the live preview, the proposal, a receipt, results. */
export const verticalKeys = {
  preview: (input: VerticalMeasurement) => ['vertical-preview', input] as const,
  receipt: (requestId: number) => ['vertical-receipt', requestId] as const,
  results: (playerId: number) => ['vertical-results', playerId] as const,
};

/** The proposer answers at once (a jump clip is seconds long): both frames, or notes on what to mark. */
export const useProposeVertical = () =>
  useMutation({ mutationFn: (body: VerticalProposalInput) => call(verticalJumpApi.propose, { body }) });

/** The server works out the height from the marks (one computation for the bench, the completion, the tests). */
export function usePreviewVertical(input: VerticalMeasurement | null) {
  const enabled = input !== null && input.landingFrame > input.takeoffFrame;
  const body = input ?? { videoId: 0, takeoffFrame: 0, landingFrame: 0 };
  return useQuery({
    ...queryOptions({
      queryKey: verticalKeys.preview(body),
      queryFn: ({ signal }) => call(verticalJumpApi.preview, { body, signal }),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    }),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}

export const useVerticalReceipt = (requestId: number) =>
  useQuery({
    queryKey: verticalKeys.receipt(requestId),
    queryFn: ({ signal }) => call(verticalJumpApi.receipt, { params: { id: requestId }, signal }),
    retry: false,
    // Still URLs are signed and expire.
    staleTime: 60_000,
    enabled: Number.isInteger(requestId) && requestId > 0,
  });

const verticalResultsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: verticalKeys.results(playerId),
    queryFn: ({ signal }) => call(verticalJumpApi.results, { params: { id: playerId }, signal }),
    staleTime: 60_000,
  });

export const useVerticalResults = (playerId: number) => useQuery(verticalResultsQueryOptions(playerId));
