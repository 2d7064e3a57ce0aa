/** The turnaround promised to families (TURNAROUND_TEXT: 'Please allow 48-72 hours'). */
export const TURNAROUND_HOURS = { from: 48, to: 72 } as const;

const HOUR_MS = 3_600_000;
const span = (hours: number) =>
  hours < 1 ? 'under an hour' : hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} days`;

/**
 * When a pending request is due against the 48-72 hours promised (issue 52 item 8, decision 251): due at 72 hours,
 * 'due soon' once past 48, overdue after 72.
 */
export function requestDue(createdAt: string | Date, now: Date = new Date()) {
  const dueAt = new Date(new Date(createdAt).getTime() + TURNAROUND_HOURS.to * HOUR_MS);
  const hoursLeft = (dueAt.getTime() - now.getTime()) / HOUR_MS;
  const state: 'on_time' | 'due_soon' | 'overdue' =
    hoursLeft < 0
      ? 'overdue'
      : hoursLeft <= TURNAROUND_HOURS.to - TURNAROUND_HOURS.from
        ? 'due_soon'
        : 'on_time';
  const text = state === 'overdue' ? `Overdue by ${span(-hoursLeft)}` : `Due in ${span(hoursLeft)}`;
  return { dueAt, state, text };
}
