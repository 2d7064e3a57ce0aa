import { and, eq } from 'drizzle-orm';
import { kindOfResultField } from '../../../contract/analysis-kinds';
import type { CoachProfile } from '../../../contract/coach';
import { contactOpensOn, type CoachDivision } from '../../../contract/coach-calendar';
import { DEFAULT_SHOW } from '../../../contract/sharing';
import type { Db } from '../../db/client';
import {
  analysisRequests,
  coachConnections,
  coachSearch,
  coachViews,
  coachWatchlist,
  profileShares,
  type UserRow,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import {
  buildPublicProfile,
  html,
  publicLayout,
  renderPublicKindReceipt,
  renderPublicReceipt,
  showOf,
} from '../sharing';
import { coachReceiptUrl } from './search.service';

const NOT_DISCOVERABLE = 'Player not found';

/** A player a coach may open: in the coach search (discoverable, with a verified number); else 404. */
export async function discoverable(db: Db, playerId: number) {
  const [row] = await db.select().from(coachSearch).where(eq(coachSearch.playerId, playerId));
  if (!row) throw notFound(NOT_DISCOVERABLE);
  return row;
}

async function showFor(db: Db, playerId: number) {
  const [share] = await db.select().from(profileShares).where(eq(profileShares.playerId, playerId));
  return share ? showOf(share) : { ...DEFAULT_SHOW };
}

/**
 * The public profile's content for a coach (decision 111's checklist, built field by field, so no private
 * column can slip in), the receipts a coach can open, and the view recorded for the family.
 */
export async function coachProfile(
  db: Db,
  storage: Storage,
  coach: UserRow,
  playerId: number,
  division: CoachDivision | null = null,
): Promise<CoachProfile> {
  const row = await discoverable(db, playerId);
  const { profile, photoKey } = await buildPublicProfile(
    db,
    playerId,
    '',
    await showFor(db, playerId),
    (requestId) => coachReceiptUrl(playerId, requestId),
  );
  await db.insert(coachViews).values({ coachUserId: coach.id, playerId });
  const [watched] = await db
    .select({ playerId: coachWatchlist.playerId })
    .from(coachWatchlist)
    .where(and(eq(coachWatchlist.coachUserId, coach.id), eq(coachWatchlist.playerId, playerId)));
  const [connection] = await db
    .select({ status: coachConnections.status })
    .from(coachConnections)
    .where(and(eq(coachConnections.coachUserId, coach.id), eq(coachConnections.playerId, playerId)))
    .orderBy(coachConnections.createdAt)
    .limit(1);
  return {
    ...profile,
    photoUrl: photoKey ? storage.url(photoKey, 3600) : null,
    maxSpeed: profile.maxSpeed && {
      ...profile.maxSpeed,
      receiptPath: row.speedRequestId ? coachReceiptUrl(playerId, row.speedRequestId) : null,
    },
    playerId,
    igaReceiptUrl: profile.iga && row.igaRequestId ? coachReceiptUrl(playerId, row.igaRequestId) : null,
    watched: Boolean(watched),
    connection: connection?.status ?? null,
    contactOpensOn: contactOpensOn(row.graduationYear, division),
  };
}

/**
 * A receipt of a discoverable player: the public receipt page for a speed, for the best result of a kind
 * kept in kind_receipts that the family shows (only the one the profile links, as on the public page), the
 * submetrics for an IGA score.
 */
export async function coachReceipt(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
  appUrl: string,
) {
  const row = await discoverable(db, playerId);
  const profilePath = `/coach/players/${playerId}`;
  const path = coachReceiptUrl(playerId, requestId);
  const { profile } = await buildPublicProfile(db, playerId, '', await showFor(db, playerId), (id) =>
    coachReceiptUrl(playerId, id),
  );
  const ctx = { url: `${appUrl}${path}`, profilePath, name: profile.name };
  const shown = profile.kindResults.find((k) => k.receiptPath === path);
  if (shown) {
    const page = await renderPublicKindReceipt(db, storage, playerId, requestId, {
      ...ctx,
      completedAt: shown.date,
    });
    if (!page) throw notFound('Receipt not found');
    return page;
  }
  if (requestId !== row.speedRequestId && requestId !== row.igaRequestId) throw notFound('Receipt not found');
  const page = await renderPublicReceipt(db, storage, playerId, requestId, ctx);
  if (page) return page;
  const [req] = await db
    .select()
    .from(analysisRequests)
    .where(and(eq(analysisRequests.id, requestId), eq(analysisRequests.playerId, playerId)));
  if (
    !req ||
    req.status !== 'completed' ||
    req.requestType !== kindOfResultField('igaScore').key ||
    req.igaScore === null ||
    !profile.iga
  )
    throw notFound('Receipt not found');
  const body = html`<p><a href="${profilePath}">← ${profile.name}</a></p>
  <section class="card"><div class="label">Receipt · IGA Score</div>
    <div class="big">${req.igaScore}</div>
    <p class="muted">${req.season} season · analysed ${req.completedAt?.toISOString().slice(0, 10) ?? ''}</p>
    <table><thead><tr><th>Submetric</th><th>Value</th></tr></thead>
    <tbody>${profile.iga.submetrics.map((s) => html`<tr><td>${s.name}</td><td>${s.value}${s.unit ? ` ${s.unit}` : ''}</td></tr>`)}</tbody></table>
  </section>`;
  return publicLayout(
    { title: `Receipt: ${profile.name} IGA ${req.igaScore}`, description: '', url: ctx.url },
    body,
  );
}
