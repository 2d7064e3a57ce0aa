/** The auth feature's query keys. `current` is the signed-in user (null when signed out). */
export const userKeys = {
  current: ['user'] as const,
  referral: (code: string) => ['referrals', code] as const,
  verifyEmail: (token: string | null, email: string | null) => ['verify-email', token, email] as const,
};
