import type { ErrorCode } from '@contract/errors';
import { ApiError } from './api-client';

/**
 * What a mutation tells the one error toast (decision 152). By default a failed mutation toasts
 * 'Error' with the server's message. `toast: false`: the screen shows the error itself (under the
 * fields, in an alert). `quietCodes`: error codes the caller turns into its own message.
 */
export type MutationErrorMeta = {
  toast?: false;
  errorTitle?: string;
  /** Shown instead of the server's message. */
  errorMessage?: string;
  /** Shown when the error carries no message. */
  errorFallback?: string;
  quietCodes?: readonly ErrorCode[];
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** Called by the QueryClient's MutationCache for every failed mutation. */
export function toastMutationError(error: Error, meta: MutationErrorMeta | undefined) {
  if (meta?.toast === false) return;
  if (error instanceof ApiError && error.code && meta?.quietCodes?.includes(error.code as ErrorCode)) return;
  const description = meta?.errorMessage ?? (error.message || meta?.errorFallback);
  // Loaded on first use: the toaster (sonner) stays out of the chunk that creates the QueryClient.
  void import('@/components/ui/toaster').then(({ toast }) =>
    toast({ title: meta?.errorTitle ?? 'Error', description, variant: 'destructive' }),
  );
}
