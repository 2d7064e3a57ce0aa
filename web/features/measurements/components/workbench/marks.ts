import { YARD_STEP, type Mark } from '@contract/measurement-math';

/**
 * Marking a yard line that is already marked moves that mark to the new frame; marking a frame that
 * already has a mark gives it the new yard line. Marks stay in frame order.
 */
export function placeMark(marks: Mark[], mark: Mark): Mark[] {
  const rest = marks.filter((m) => m.yardLine !== mark.yardLine && m.frameIndex !== mark.frameIndex);
  return [...rest, mark].sort((a, b) => a.frameIndex - b.frameIndex);
}

export const removeMark = (marks: Mark[], frameIndex: number) =>
  marks.filter((m) => m.frameIndex !== frameIndex);

export function moveMark(marks: Mark[], fromFrame: number, toFrame: number): Mark[] {
  const m = marks.find((x) => x.frameIndex === fromFrame);
  return m ? placeMark(removeMark(marks, fromFrame), { ...m, frameIndex: toFrame }) : marks;
}

/** The next line along the run: the direction of the last two marks (forward by default). */
export function nextYard(marks: Mark[]): number {
  if (marks.length === 0) return 10;
  const last = marks[marks.length - 1];
  const dir = marks.length > 1 && last.yardLine < marks[marks.length - 2].yardLine ? -1 : 1;
  return Math.min(100, Math.max(0, last.yardLine + dir * YARD_STEP));
}

export const yardLabel = (yard: number) => `${yard}-yard line`;
