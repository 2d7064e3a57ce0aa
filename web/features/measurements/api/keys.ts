import type { PreviewInput } from '@contract/measurements';

/** The measurements feature's query keys: receipts (every revision under one request), clip media, previews. */
export const measurementKeys = {
  receipts: (requestId: number) => ['receipts', requestId] as const,
  receipt: (requestId: number, revision?: number | null) =>
    [...measurementKeys.receipts(requestId), revision ?? 'latest'] as const,
  media: (videoId: number) => ['video-media', videoId] as const,
  preview: (input: PreviewInput) => ['measurement-preview', input] as const,
};
