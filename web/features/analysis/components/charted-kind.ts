import type { ComponentType } from 'react';
import type { PlayerStats } from './use-player-stats';
import type { Point } from './chart-data';

/** What the progression chart draws for a kind: its axis, unit, name and bands (the IGA's tiers). */
export interface ChartLook {
  /** The chart's test id is `${testId}-chart`. */
  testId: string;
  axis: { min: number; max: number; ticks: number[] };
  unit: string;
  label: string;
  bands?: readonly { label: string; from: number; to: number; color: string }[];
}

/**
 * A kind whose results the stats panel charts by season from the player's videos of the chosen position
 * (Max Speed, IGA Score): its toggle, its latest result, its series and its chart, written by the kind's
 * folder and listed in charted-kinds.ts. Later kinds register a `Results` view instead (decision 271).
 */
export interface ChartedKind {
  /** The kind's key in the registry. */
  key: string;
  /** The toggle's value and its words ('Speed'). */
  view: string;
  toggle: string;
  Latest: ComponentType<{ stats: PlayerStats; playerId?: number }>;
  /** Shown under the latest result (the IGA's metrics card). */
  Below?: ComponentType<{ stats: PlayerStats }>;
  series: (stats: PlayerStats, seasons: number[]) => Point[];
  progression: { title: string; caption: string; empty: string };
  chart: ChartLook;
}
