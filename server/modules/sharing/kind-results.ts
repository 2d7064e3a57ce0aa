import { and, eq, inArray } from 'drizzle-orm';
import { analysisKinds, formatKindResult, listedByKind } from '../../../contract/analysis-kinds';
import type { PublicProfile, ShowSettings } from '../../../contract/sharing';
import type { Db } from '../../db/client';
import { analysisRequests, kindReceipts } from '../../db/schema';
import { kindFactsOf } from '../measurements';

/**
 * The best completed result of each kind whose evidence is in kind_receipts (decision 243), for the kinds
 * the family shows (the share field named as the kind's key): the public page, the coach's profile, the
 * PDF and the share image iterate over these and name no kind. Each links its receipt on the page's path
 * (`/p/{slug}/kind-receipts/{id}`), or on the path `receiptPathOf` gives (a coach's); none without either.
 */
export async function bestKindResults(
  db: Db,
  playerId: number,
  slug: string,
  show: ShowSettings,
  receiptPathOf?: (requestId: number) => string,
): Promise<PublicProfile['kindResults']> {
  const shown = analysisKinds().filter(
    (k) => listedByKind(k) && (show as Record<string, boolean | undefined>)[k.key] !== false,
  );
  if (!shown.length) return [];
  const rows = await db
    .select({
      requestId: kindReceipts.requestId,
      kind: kindReceipts.kind,
      value: kindReceipts.value,
      plusMinus: kindReceipts.plusMinus,
      method: kindReceipts.methodLabel,
      data: kindReceipts.data,
      completedAt: analysisRequests.completedAt,
      season: analysisRequests.season,
    })
    .from(kindReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, kindReceipts.requestId))
    .where(
      and(
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.status, 'completed'),
        inArray(
          kindReceipts.kind,
          shown.map((k) => k.key),
        ),
      ),
    );
  return shown.flatMap((kind) => {
    const sign = kind.direction === 'lower' ? 1 : -1;
    const [best] = rows
      .filter((r) => r.kind === kind.key)
      // As coach_search_results ranks them (its trigger): value, then the earlier completed, so the
      // search's link and the profile's name the same request (a coach may open only that one).
      .sort(
        (a, b) =>
          sign * (a.value - b.value) ||
          (a.completedAt?.getTime() ?? Infinity) - (b.completedAt?.getTime() ?? Infinity) ||
          a.requestId - b.requestId,
      );
    if (!best) return [];
    const words = kindFactsOf(kind.key)?.words(best.data);
    return [
      {
        kind: kind.key,
        label: kind.label,
        text: formatKindResult(kind, best.value, best.plusMinus, best.method),
        method: best.method,
        date: best.completedAt?.toISOString() ?? null,
        season: best.season,
        receiptPath: receiptPathOf
          ? receiptPathOf(best.requestId)
          : slug
            ? `/p/${slug}/${kind.publicReceiptSegment ?? 'kind-receipts'}/${best.requestId}`
            : null,
        ...(words ? { detail: words } : {}),
      },
    ];
  });
}
