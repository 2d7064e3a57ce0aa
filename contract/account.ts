import { z } from 'zod';

export const ACCOUNT_DELETE_CONFIRM = 'Enter your password to delete your account';
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DELETE_CONFIRM })
    .min(1, ACCOUNT_DELETE_CONFIRM)
    .max(200, ACCOUNT_DELETE_CONFIRM),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** How long the signed links to videos in a data export keep working. */
export const EXPORT_LINK_DAYS = 7;

const row = z.record(z.string(), z.unknown());
/** Everything the service holds about a family, as one JSON document; files as links (decision 052). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: row,
  players: z.array(row),
  analysisRequests: z.array(row),
  videos: z.array(row),
  leaderboard: z.array(row),
  creditTransactions: z.array(row),
  subscriptions: z.array(row),
  referralsSent: z.array(row),
  files: z.array(
    z.object({
      kind: z.enum(['photo', 'video', 'thumbnail', 'processed-video']),
      playerId: z.number(),
      url: z.string(),
      /** Null for photos, which are public links; videos are signed links that stop working then. */
      expiresAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
