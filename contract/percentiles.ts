import { z } from 'zod';
import { analysisKinds } from './analysis-kinds';

/** Below this many players a group gives no percentile (decision 113): 3 of 5 is not a percentile. */
export const PERCENTILE_MIN_GROUP = 20;

const POSITION_PLURALS: Record<string, string> = {
  QB: 'quarterbacks',
  RB: 'running backs',
  WR: 'wide receivers',
  TE: 'tight ends',
  OL: 'offensive linemen',
  DL: 'defensive linemen',
  LB: 'linebackers',
  CB: 'cornerbacks',
  S: 'safeties',
  K: 'kickers',
  P: 'punters',
  ATH: 'athletes',
};
const LEVEL_ADJECTIVES: Record<string, string> = { 'High School': 'high-school', College: 'college' };

/** Which group a percentile compares against, narrowest first; the first one large enough is used. */
export type PercentileScope = 'position_level_class' | 'position_level' | 'level';

interface GroupKey {
  scope: PercentileScope;
  level: string;
  positionKey: string | null;
  classYear: number | null;
}

export function groupLabel(g: GroupKey) {
  const level = LEVEL_ADJECTIVES[g.level] ?? g.level.toLowerCase();
  if (g.scope === 'level') return `${level} players, all positions`;
  const who = `${level} ${POSITION_PLURALS[g.positionKey ?? ''] ?? 'players'}`;
  return g.scope === 'position_level_class' ? `${who}, class of ${g.classYear}` : `${who}, all classes`;
}

/** Why a wider group is used: said next to the percentile (decision 113). */
export function widenedNote(g: GroupKey) {
  if (g.scope === 'position_level')
    return g.classYear ? `too few in the class of ${g.classYear} to compare` : null;
  if (g.scope === 'level')
    return g.positionKey && POSITION_PLURALS[g.positionKey]
      ? `too few ${POSITION_PLURALS[g.positionKey]} to compare by position`
      : null;
  return null;
}

/** Percentile rank with ties counted half: 1..99, never 0 or 100 (no one is better than everyone). */
export function percentileRank(below: number, equal: number, size: number) {
  if (size <= 0) return 0;
  return Math.min(99, Math.max(1, Math.round((100 * (below + 0.5 * equal)) / size)));
}

export function ordinal(n: number) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/**
 * The leaderboard metrics a player's percentile is given for: those of the kinds whose result the
 * specification keeps in a field of its own (Max Speed, IGA), in the registry's order.
 */
const percentileKinds = analysisKinds().filter((k) => k.resultField !== null);
export const PERCENTILE_METRICS = percentileKinds.map((k) => k.leaderboardMetric) as [string, ...string[]];
/** 'Max Speed', 'IGA Score': each percentile metric's name. */
export const PERCENTILE_METRIC_LABELS: Record<string, string> = Object.fromEntries(
  percentileKinds.map((k) => [k.leaderboardMetric, k.metricLabel ?? k.label]),
);

export const percentileSchema = z.object({
  metric: z.enum(PERCENTILE_METRICS),
  percentile: z.number().int(),
  groupSize: z.number().int(),
  groupLabel: z.string(),
  scope: z.enum(['position_level_class', 'position_level', 'level']),
  /** True when the narrowest group was too small and a wider one is used: the text says so. */
  widened: z.boolean(),
  /** '82nd percentile of 143 verified high-school wide receivers' */
  text: z.string(),
});
export type Percentile = z.infer<typeof percentileSchema>;

/** The percentile of one completed result (its own number, at its own position), by analysis request. */
export const resultPercentileSchema = percentileSchema.extend({ requestId: z.number().int() });
export type ResultPercentile = z.infer<typeof resultPercentileSchema>;

export function percentileText(p: {
  percentile: number;
  groupSize: number;
  groupLabel: string;
  note?: string | null;
}) {
  const base = `${ordinal(p.percentile)} percentile of ${p.groupSize} verified ${p.groupLabel}`;
  return p.note ? `${base} (${p.note})` : base;
}
