/**
 * The date a result is verified on, as every screen, page and sheet writes it: 'Sep 18, 2026', the
 * completion's calendar day in UTC, so a family, a coach and the PDF see the same day (decision 207).
 */
export function formatResultDate(at: string | Date | null | undefined): string {
  if (!at) return '';
  return new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
