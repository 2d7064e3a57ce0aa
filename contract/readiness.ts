import { z } from 'zod';
import { analysisKinds, type AnalysisKind } from './analysis-kinds';
import { errorBodySchema } from './errors';

/**
 * Clip readiness (issue 52, decision 247): when a clip is uploaded the product checks it for each kind
 * measured from a clip and tells the family, before anything is paid, what is missing in plain words with
 * the filming guide.
 */

/** The kinds measured on a clip (not scored by the analyst): the registry says, no list is kept here. */
export const clipKinds = (): AnalysisKind[] =>
  analysisKinds().filter((k) => k.measurement !== 'analyst-scored');

/** The filming guide's lines, as the specification's guidance and issue 52 word them. */
export const FILMING_GUIDE = {
  frameRate: 'Film at the highest frame rate your phone offers: at least 30 fps, 60 or more for a tighter ±.',
  yardLines: 'Keep two yard lines in view.',
  distance: 'The player runs 20 yards or more.',
  sideline: 'Film from the sideline at press-box height.',
  pan: 'Pan to keep the player near the middle of the picture.',
} as const;

export const kindReadinessSchema = z.object({
  ready: z.boolean(),
  /** Why the clip cannot give a verified result of the kind, in plain words; empty when ready. */
  problems: z.array(z.string()),
});
export type KindReadiness = z.infer<typeof kindReadinessSchema>;

export const clipReadinessSchema = z.object({
  kinds: z.record(z.string(), kindReadinessSchema).meta({
    description: 'Per kind measured from a clip (its requestType): ready, and what is missing',
  }),
});
export type ClipReadiness = z.infer<typeof clipReadinessSchema>;

export const readinessCheckingSchema = z.object({
  checking: z.literal(true).meta({ description: 'Answered with 202 while the clip is being checked' }),
});

/** 200 with the result; 202 `{ checking: true }` while the check runs. */
export const readinessAnswerSchema = z.union([clipReadinessSchema, readinessCheckingSchema]);
export type ReadinessAnswer = z.infer<typeof readinessAnswerSchema>;

/** The 422 CLIP_NOT_READY: the one error shape plus the clip's problems for the requested kind. */
export const clipNotReadyBodySchema = errorBodySchema.extend({
  problems: z
    .array(z.string())
    .optional()
    .meta({ description: 'CLIP_NOT_READY: what the clip lacks for the requested kind, in plain words' }),
});

/** The 422's message: it never names a credit (the web reads 'credit' as 'no credit left'). */
export const clipNotReadyMessage = (kindLabel: string) =>
  `This clip cannot give a verified ${kindLabel}. Nothing was charged. Film it again as the guide says, or choose another clip.`;

/** The 409 while the clip is still being checked: the web waits and sends the request again. */
export const CLIP_STILL_CHECKING = 'The clip is still being checked. Try again in a moment.';
