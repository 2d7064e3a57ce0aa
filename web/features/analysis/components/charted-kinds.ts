import { analysisKinds } from '@contract/analysis-kinds';
import type { ChartedKind } from './charted-kind';
import { igaStats } from './iga/iga-stats';
import { maxSpeedStats } from './max-speed/max-speed-stats';

/** The kinds the stats panel charts, each written by its folder; this list is where they are registered. */
const CHARTED: ChartedKind[] = [maxSpeedStats, igaStats];

/** The charted kinds in the registry's order. */
export const chartedKinds = () => analysisKinds().flatMap((k) => CHARTED.find((c) => c.key === k.key) ?? []);
