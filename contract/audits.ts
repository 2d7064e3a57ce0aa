import { z } from 'zod';
import { queueItemSchema } from './analysis';

export const DEFAULT_AUDIT_RATE_PERCENT = 10;
const AUDIT_STATUSES = ['pending', 'agreed', 'flagged', 'resolved'] as const;
export const SAME_ANALYST = 'You measured this request: a different analyst audits it';
export const AUDIT_ALREADY_DONE = 'This audit has already been submitted';
export const VERIFIED_BY_TWO_ANALYSTS = 'Verified by 2 analysts';

/** Results within their combined bounds agree (decision 115). */
export function auditAgrees(
  a: { speed: number; plusMinus: number },
  b: { speed: number; plusMinus: number },
) {
  return Math.abs(a.speed - b.speed) <= a.plusMinus + b.plusMinus + 1e-9;
}

/** What an auditor sees in the queue: the request as the first analyst got it, never their marks or result. */
export const auditItemSchema = queueItemSchema.extend({ auditId: z.number() });
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditSettingsSchema = z.object({
  ratePercent: z
    .number({ error: 'The audit rate must be a number from 0 to 100' })
    .min(0, 'The audit rate must be a number from 0 to 100')
    .max(100, 'The audit rate must be a number from 0 to 100'),
});
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

const result = z.object({
  speed: z.number(),
  plusMinus: z.number(),
  methodLabel: z.string().nullable(),
  analystName: z.string().nullable(),
});

/** An audit after submission (admins, and the auditor's own answer): both results side by side. */
export const auditSchema = z.object({
  id: z.number(),
  requestId: z.number(),
  status: z.enum(AUDIT_STATUSES),
  playerName: z.string(),
  original: result,
  audit: result.nullable(),
  difference: z.number().nullable(),
  /** Per yard line both analysts marked: how many frames apart their marks are (decision 198). */
  markDifferences: z
    .array(
      z.object({
        yardLine: z.number(),
        originalFrame: z.number(),
        auditFrame: z.number(),
        frames: z.number(),
      }),
    )
    .nullable(),
  withinBounds: z.boolean().nullable(),
  confirmed: z.enum(['original', 'audit']).nullable(),
  createdAt: z.string(),
});
export type Audit = z.infer<typeof auditSchema>;

export const resolveAuditSchema = z.object({
  confirmed: z.enum(['original', 'audit'], {
    error: "Choose which result to confirm: 'original' or 'audit'",
  }),
});

/** What the family sees about a result's second measurement. */
export const auditStatusSchema = z.object({
  status: z.enum(['none', 'pending', 'agreed', 'flagged', 'resolved']),
  label: z.string().nullable(),
});

const stats = z.object({
  audits: z.number(),
  meanAbsDiffMph: z.number().nullable(),
  withinBoundsShare: z.number().nullable(),
});
export const auditReportSchema = z.object({
  ratePercent: z.number(),
  pending: z.number(),
  flagged: z.number(),
  overall: stats,
  /** Per analyst whose results were audited, and how many audits each did as the second analyst. */
  perAnalyst: z.array(
    stats.extend({ analystId: z.number().nullable(), analystName: z.string(), auditsDone: z.number() }),
  ),
});
export type AuditReport = z.infer<typeof auditReportSchema>;
