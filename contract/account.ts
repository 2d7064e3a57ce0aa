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
  /** The evidence of each verified Max Speed of the family's players, every revision (decision 228). */
  measurementReceipts: z.array(row),
  /** The evidence of every other measured kind, one store keyed by kind (decisions 243, 269). */
  kindReceipts: z.array(row),
  /** The IGA score's submetrics of each of the family's requests, with their names and units. */
  igaSubmetrics: z.array(row),
  /** Second-analyst audits of the family's requests. */
  measurementAudits: z.array(row),
  /**
   * Each player's public verified profile: the link, what it shows and how often it was opened (visits are
   * counted in memory and written every few seconds, so the last seconds' may not be in it yet).
   */
  publicProfiles: z.array(row),
  /** The players coaches may find, with who confirmed being the parent or guardian. */
  coachDiscovery: z.array(row),
  /** Colleges whose coaches opened a player's profile, and when (the coach's name is not the family's to see). */
  coachViews: z.array(
    z.object({ playerId: z.number(), college: z.string().nullable(), viewedAt: z.string() }),
  ),
  /** Coaches' messages about the family's players and the family's answers. */
  coachMessages: z.array(row),
  /** A coach's own: the application, watch list, saved searches and messages sent (empty for a family). */
  coach: row.nullable(),
  coachWatchlist: z.array(row),
  coachSavedSearches: z.array(row),
  coachMessagesSent: z.array(row),
  files: z.array(
    z.object({
      kind: z.enum(['photo', 'video', 'thumbnail', 'processed-video', 'receipt-still']),
      playerId: z.number(),
      url: z.string(),
      /** Null for photos, which are public links; videos are signed links that stop working then. */
      expiresAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
