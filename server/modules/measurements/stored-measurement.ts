import { holdReasons, impossibleInterval } from '../../../contract/measurement-checks';
import type { MeasurementResult } from '../../../contract/measurements';

type Stored = Omit<MeasurementResult, 'realFps' | 'oneFrameMph' | 'holdReasons'> &
  Partial<Pick<MeasurementResult, 'realFps' | 'oneFrameMph' | 'holdReasons'>>;

const bounded = <T extends { mphHigh: number | null }>(s: T): T => ({
  ...s,
  mphHigh: typeof s.mphHigh === 'number' && Number.isFinite(s.mphHigh) ? s.mphHigh : null,
});

/**
 * A receipt's measurement as the API answers it. Receipts are immutable: those stored before decision
 * 198 lack its fields, and marks one frame apart stored an infinite upper bound (JSON null). The
 * reasons they would be held for today are given, the impossible interval first.
 */
export function storedMeasurement(m: Stored): MeasurementResult {
  const intervals = m.intervals.map(bounded);
  const impossible = impossibleInterval(intervals);
  return {
    ...m,
    intervals,
    window: bounded(m.window),
    realFps: m.realFps ?? (Number(m.fpsLabel) || 0),
    oneFrameMph: m.oneFrameMph ?? 0,
    holdReasons: m.holdReasons ?? [
      ...(impossible ? [impossible] : []),
      ...holdReasons(m.maxSpeed, intervals),
    ],
  };
}
