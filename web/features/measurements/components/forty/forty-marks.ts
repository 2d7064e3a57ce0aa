import type { FortyMeasurement } from '@contract/forty';

/** The bench's marks: each event and line once; a new mark of the same one replaces it. */
export interface FortyMarks {
  startFrame: number | null;
  finishFrame: number | null;
  lines: Record<number, number>;
}

export const FORTY_LINES = [0, 10, 20, 30, 40] as const;
export const EMPTY_FORTY: FortyMarks = { startFrame: null, finishFrame: null, lines: {} };

export const lineLabel = (y: number) =>
  y === 0 ? 'Start line (0)' : y === 40 ? 'Finish line (40)' : `${y}-yard line`;

/** The preview's and completion's body, once the start, the finish and both lines are marked. */
export function toMeasurement(
  videoId: number,
  m: FortyMarks,
  proposalId?: number | null,
): FortyMeasurement | null {
  if (m.startFrame === null || m.finishFrame === null) return null;
  if (m.lines[0] === undefined || m.lines[40] === undefined) return null;
  return {
    videoId,
    startFrame: m.startFrame,
    finishFrame: m.finishFrame,
    lines: FORTY_LINES.filter((y) => m.lines[y] !== undefined).map((y) => ({
      yardLine: y,
      frameIndex: m.lines[y],
    })),
    ...(proposalId ? { proposalId } : {}),
  };
}

/** The marks a proposal gives (decision 212): what it found; what it did not stays unmarked. */
export function marksFromProposal(p: {
  startFrame: number | null;
  finishFrame: number | null;
  lines: { yardLine: number; frameIndex: number }[];
}): FortyMarks {
  return {
    startFrame: p.startFrame,
    finishFrame: p.finishFrame,
    lines: Object.fromEntries(p.lines.map((l) => [l.yardLine, l.frameIndex])),
  };
}

/** What is marked on a frame, for the overlay: 'Start', 'Finish', 'Finish line (40)'. */
export function marksOn(m: FortyMarks, frame: number) {
  const names: string[] = [];
  if (m.startFrame === frame) names.push('Start');
  if (m.finishFrame === frame) names.push('Finish');
  for (const y of FORTY_LINES) if (m.lines[y] === frame) names.push(lineLabel(y));
  return names;
}
