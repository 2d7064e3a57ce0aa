import { dateFormat } from '@contract/date-format';

/** 73 -> 6' 1" */
export function formatHeight(totalInches: number | null | undefined) {
  if (totalInches == null) return '--';
  return `${Math.floor(totalInches / 12)}' ${totalInches % 12}"`;
}

/** 5125550100 -> (512) 555-0100 */
export function formatPhone(digits: string | null | undefined) {
  const d = (digits ?? '').replace(/\D/g, '').slice(0, 10);
  if (d.length < 4) return d;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function fullName(u: { firstName?: string | null; lastName?: string | null; email?: string | null }) {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || u.email || '';
}

/** 2026-11-27 -> Nov 27, 2026. */
export const formatShortDate = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' });

export function relativeTime(iso: string | Date, now = Date.now()) {
  const t = typeof iso === 'string' ? new Date(iso).getTime() : iso.getTime();
  const s = Math.round((now - t) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (Math.abs(s) < 60) return rtf.format(-s, 'second');
  const m = Math.round(s / 60);
  if (Math.abs(m) < 60) return rtf.format(-m, 'minute');
  const h = Math.round(m / 60);
  if (Math.abs(h) < 24) return rtf.format(-h, 'hour');
  const d = Math.round(h / 24);
  if (Math.abs(d) < 30) return rtf.format(-d, 'day');
  const mo = Math.round(d / 30);
  if (Math.abs(mo) < 12) return rtf.format(-mo, 'month');
  return rtf.format(-Math.round(mo / 12), 'year');
}
