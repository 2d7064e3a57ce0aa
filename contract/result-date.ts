import { dateFormat } from './date-format';

const utcDay = dateFormat({ year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The date a result is verified on, as every screen, page and sheet writes it: 'Sep 18, 2026', the
 * completion's calendar day in UTC, so a family, a coach and the PDF see the same day (decision 207).
 * One formatter serves every call: a player card's request history writes dozens of dates, and making a
 * formatter for each took 73 ms of the card's main thread per load on a slow machine.
 */
export function formatResultDate(at: string | Date | null | undefined): string {
  if (!at) return '';
  return utcDay(at);
}
