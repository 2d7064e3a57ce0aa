/**
 * A date formatter (en-US) made on first use, not when its module loads: making the first one loads the
 * locale's data (30 ms on a busy machine), which a screen's first paint should not wait for when no date is
 * in view (issue 30's first screen). One formatter serves every call: `toLocaleDateString` with options
 * makes a new one each time. An unreadable date is written 'Invalid Date', as `toLocaleDateString` wrote
 * it (the formatter itself would throw).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (at: string | number | Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (at) => {
    const date = new Date(at);
    if (Number.isNaN(date.getTime())) return 'Invalid Date';
    return (made ??= new Intl.DateTimeFormat('en-US', options)).format(date);
  };
}
