import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authApi } from '@contract/api/auth';
import type { PublicUser } from '@contract/auth';
import type { LoginInput, RegisterInput } from '@contract/auth-forms';
import { ApiError, call } from '@/lib/api-client';
import { userKeys } from './keys';

export const SIGNED_IN_FLAG = 'va.signedIn';

const AUTH_ERROR = {
  errorTitle: 'Authentication Error',
  errorFallback: 'An unknown error occurred',
} as const;

/**
 * Drops every cached answer and stores the new user. The user query itself is kept (only its data
 * changes) so the components watching it re-render; queryClient.clear() would orphan them.
 */
export function resetCacheWithUser(qc: QueryClient, user: PublicUser | null) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userKeys.current[0] });
  qc.setQueryData(userKeys.current, user);
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    meta: AUTH_ERROR,
    mutationFn: (input: LoginInput) => call(authApi.login, { body: input }),
    onSuccess: (user) => {
      sessionStorage.setItem(SIGNED_IN_FLAG, '1');
      resetCacheWithUser(qc, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    meta: AUTH_ERROR,
    mutationFn: (input: RegisterInput) => call(authApi.register, { body: input }),
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    // A failed sign-out is only logged (the header's caller); no toast.
    meta: { toast: false },
    mutationFn: () => call(authApi.logout),
    onSuccess: () => {
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      resetCacheWithUser(qc, null);
    },
  });
}

export const requestPasswordReset = (email: string) => call(authApi.resetPassword, { body: { email } });
const confirmPasswordReset = (body: { token: string; email: string; password: string }) =>
  call(authApi.confirmReset, { body });
export const verifyEmail = (body: { token: string; email: string }) => call(authApi.verifyEmail, { body });
const resendVerification = (email: string) => call(authApi.resendVerification, { body: { email } });

export function useConfirmPasswordReset() {
  return useMutation({
    meta: { errorFallback: 'Failed to reset password' },
    mutationFn: confirmPasswordReset,
  });
}

/** Only the server's own answer is shown; anything else (the network) reads as the generic failure. */
export function useResendVerification() {
  return useMutation({
    meta: { errorFallback: 'Failed to resend verification email. Please try again later.' },
    mutationFn: async (email: string) => {
      try {
        return await resendVerification(email);
      } catch (err) {
        throw err instanceof ApiError ? err : new Error('');
      }
    },
  });
}
