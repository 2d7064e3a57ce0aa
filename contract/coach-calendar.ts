/**
 * A coach's division and the NCAA recruiting calendar (issue 50, decision 238). One pure module that the
 * server (the connect refusal, the search and profile answers), the web and the tests share.
 */
export const COACH_DIVISIONS = ['NCAA D1', 'NCAA D2', 'NCAA D3', 'NAIA', 'JUCO'] as const;
export type CoachDivision = (typeof COACH_DIVISIONS)[number];
/** A coach approved before divisions were asked has none: treated as the strictest until an admin sets it. */
export const DEFAULT_DIVISION: CoachDivision = 'NCAA D1';
/** Divisions whose coaches may not start contact before June 15 after the player's sophomore year. */
const CALENDAR_DIVISIONS: readonly CoachDivision[] = ['NCAA D1', 'NCAA D2'];

export const effectiveDivision = (division: CoachDivision | null | undefined): CoachDivision =>
  division ?? DEFAULT_DIVISION;

let eastern: Intl.DateTimeFormat | undefined;
/** The calendar day of an instant in US Eastern time ('YYYY-MM-DD'), where the NCAA's dates are kept. */
export function calendarDay(at: Date) {
  eastern ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return eastern.format(at);
}

/**
 * The day ('YYYY-MM-DD') a coach of this division may first ask to connect with a player of this class:
 * June 15 of (graduation year - 2). Null when the coach may ask today (a D3, NAIA or JUCO coach always;
 * a D1 or D2 coach from that day on).
 */
export function contactOpensOn(
  graduationYear: number,
  division: CoachDivision | null | undefined,
  today: Date = new Date(),
): string | null {
  if (!CALENDAR_DIVISIONS.includes(effectiveDivision(division))) return null;
  const opens = `${graduationYear - 2}-06-15`;
  return calendarDay(today) < opens ? opens : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2027-06-15' -> 'Jun 15, 2027' (no time zone involved: it is a calendar day). */
export function formatCalendarDay(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

export const contactOpensText = (day: string) => `Contact opens ${formatCalendarDay(day)}`;
export const contactNotOpenMessage = (day: string) =>
  `NCAA D1 and D2 coaches may ask to connect from June 15 after a player’s sophomore year: for this player, from ${formatCalendarDay(day)}.`;
