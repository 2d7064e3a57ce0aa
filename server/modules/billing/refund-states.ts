/** A refund in these states gave the money back to us: the credits it took come back (decision 121). Both are final. */
const UNDONE_REFUND = ['failed', 'canceled'];

export type RefundMap = Record<string, { amount: number; status: string; at: number }>;

export interface RefundFacts {
  id: string;
  amount: number;
  status: string;
  /** The event's `created` time: a later state replaces an earlier one, except that failed and canceled stay. */
  at: number;
}

export function foldRefund(map: RefundMap, r: RefundFacts): RefundMap {
  const prev = map[r.id];
  if (prev && UNDONE_REFUND.includes(prev.status)) return map;
  if (prev && !UNDONE_REFUND.includes(r.status) && r.at < prev.at) return map;
  return { ...map, [r.id]: { amount: Math.max(prev?.amount ?? 0, r.amount), status: r.status, at: r.at } };
}

/**
 * The money refunded and not given back: the largest cumulative amount a payment.refunded event
 * reported, less every refund that failed or was canceled since, and never less than the refunds known
 * to stand (Stripe lowers the cumulative amount when a refund fails, so a refund issued again reports
 * less than before).
 */
export function netRefunded(s: { amount: number; refundedReported: number; refunds: RefundMap }) {
  const all = Object.values(s.refunds);
  const undone = all.filter((r) => UNDONE_REFUND.includes(r.status)).reduce((n, r) => n + r.amount, 0);
  const standing = all.filter((r) => !UNDONE_REFUND.includes(r.status)).reduce((n, r) => n + r.amount, 0);
  const net = Math.max(s.refundedReported - undone, standing, 0);
  return s.amount > 0 ? Math.min(net, s.amount) : net;
}
