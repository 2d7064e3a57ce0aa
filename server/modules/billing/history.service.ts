import { creditFields } from '../../../contract/analysis-kinds';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { LEDGER_LABELS, type BillingHistoryItem, type LedgerType } from '../../../contract/billing-history';
import { formatCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { creditTransactions } from '../../db/schema';
import { afterTimeId, decodeCursor, exactTime, isTimeIdKey, toPage } from '../../lib/pagination';

type Row = typeof creditTransactions.$inferSelect;
const PAYMENT_TYPES: LedgerType[] = [
  'purchase',
  'subscription_grant',
  'payment_refund',
  'refund_reversal',
  'dispute',
  'dispute_reversal',
];

const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

/** Cents paid or returned by a ledger row, from what the webhook recorded with it; null when no money moved. */
function moneyOf(r: Row): number | null {
  const m = (r.metadata ?? {}) as Record<string, unknown>;
  if (r.type === 'purchase') return int(m.amountTotal);
  if (r.type === 'subscription_grant') return int(m.amountPaid);
  if (['payment_refund', 'refund_reversal', 'dispute', 'dispute_reversal'].includes(r.type))
    return int(m.moneyCents);
  return null;
}

function toHistoryItem(r: Row, linkTestTools: boolean): BillingHistoryItem {
  const m = (r.metadata ?? {}) as Record<string, unknown>;
  const session = typeof m.checkoutSessionId === 'string' ? m.checkoutSessionId : null;
  return {
    id: r.id,
    type: r.type,
    label: LEDGER_LABELS[r.type as LedgerType] ?? r.type,
    description: r.description ?? '',
    ...(creditFields(r.amounts) as { credits: number; igaCredits: number }),
    amountCents: moneyOf(r),
    currency: 'usd',
    createdAt: r.createdAt.toISOString(),
    testCheckoutUrl: linkTestTools && session?.startsWith('cs_test_') ? `/checkout/test/${session}` : null,
  };
}

/**
 * One page of the user's own ledger, newest first; `linkTestTools`: each paid row links to its test
 * checkout's refund and dispute tools (test mode, an admin: decision 206), keyed by (created_at, id). Ordering by the id alone
 * let PostgreSQL walk the primary key backwards past every newer row of other families (measured in
 * bench/lists.bench.ts); (user_id, created_at, id) serves this order directly.
 */
export async function listHistory(
  db: Db,
  userId: number,
  q: { cursor?: string; limit: number; kind: 'all' | 'payments' },
  linkTestTools: boolean,
) {
  const after = decodeCursor(q.cursor, isTimeIdKey);
  const rows = await db
    .select({ r: creditTransactions, at: exactTime(creditTransactions.createdAt) })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        q.kind === 'payments' ? inArray(creditTransactions.type, PAYMENT_TYPES) : undefined,
        afterTimeId(creditTransactions.createdAt, creditTransactions.id, after, 'desc'),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (x) => [x.at, x.r.id]);
  return { items: page.items.map((x) => toHistoryItem(x.r, linkTestTools)), next: page.next };
}

const CSV_HEADER = ['Date', 'Type', 'Description', 'Max Speed credits', 'IGA credits', 'Amount (USD)'];

/** A spreadsheet must not run a description as a formula (CSV injection). */
function cell(v: string | number | null) {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole history as CSV, read in keyset batches so a long history never loads at once. */
export async function* historyCsv(db: Db, userId: number): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  let cursor: string | undefined;
  do {
    const page = await listHistory(db, userId, { cursor, limit: 500, kind: 'all' }, false);
    for (const i of page.items) {
      const money = i.amountCents === null ? null : formatCents(i.amountCents, { style: 'plain' });
      yield `${[i.createdAt, i.label, i.description, i.credits, i.igaCredits, money].map(cell).join(',')}\r\n`;
    }
    cursor = page.next ?? undefined;
  } while (cursor);
}
