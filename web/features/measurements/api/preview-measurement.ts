import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MIN_MARKS } from '@contract/measurement-math';
import { measurementsApi } from '@contract/api/measurements';
import type { PreviewInput } from '@contract/measurements';
import { call } from '@/lib/api-client';
import { measurementKeys } from './keys';

const previewQueryOptions = (input: PreviewInput) =>
  queryOptions({
    queryKey: measurementKeys.preview(input),
    queryFn: ({ signal }) => call(measurementsApi.preview, { body: input, signal }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * The server computes the live numbers (one computation for the dialog, the tests and a second
 * analyst); the caller debounces `input`. A 400 keeps its message in `error`.
 */
export function usePreviewMeasurement(input: PreviewInput | null) {
  const enabled = input !== null && input.marks.length >= MIN_MARKS;
  return useQuery({
    ...previewQueryOptions(input ?? { videoId: 0, landmark: 'torso', marks: [] }),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}
