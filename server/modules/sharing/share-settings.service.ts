import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_SHOW,
  SHARE_FIELDS,
  type ShareSettings,
  type ShowSettings,
  type UpdateShareInput,
} from '../../../contract/sharing';
import type { Db } from '../../db/client';
import { profileShares, profileShareViews } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { ownPlayer } from '../players';
import type { ViewCounter } from './public-cache';

type ShareRow = typeof profileShares.$inferSelect;

/** 16 random bytes, base64url: 128 bits nobody can guess or enumerate (decision 112). */
const newSlug = () => randomBytes(16).toString('base64url');

export const publicPath = (slug: string) => `/p/${slug}`;

/** Stored choices over the defaults: a field added later starts at its default. */
export function showOf(row: Pick<ShareRow, 'show'>): ShowSettings {
  return Object.fromEntries(
    SHARE_FIELDS.map((f) => [f, typeof row.show?.[f] === 'boolean' ? row.show[f] : DEFAULT_SHOW[f]]),
  ) as ShowSettings;
}

function toSettings(row: ShareRow | undefined, appUrl: string, views: number): ShareSettings {
  if (!row)
    return { enabled: false, path: null, url: null, show: { ...DEFAULT_SHOW }, viewCount: 0, links: null };
  const path = row.enabled ? publicPath(row.slug) : null;
  return {
    enabled: row.enabled,
    path,
    url: path ? `${appUrl.replace(/\/$/, '')}${path}` : null,
    show: showOf(row),
    viewCount: views,
    links: path
      ? {
          image: `${path}/share.png`,
          qrSvg: `${path}/qr.svg`,
          qrPng: `${path}/qr.png`,
          pdf: `${path}/recruiting-sheet.pdf`,
        }
      : null,
  };
}

/** The family's own player only; anyone else (analysts and admins included) gets 404. */
export async function readShare(db: Db, user: UserRow, playerId: number) {
  await ownPlayer(db, user, playerId);
  const [row] = await db.select().from(profileShares).where(eq(profileShares.playerId, playerId));
  return row;
}

export async function updateShare(db: Db, user: UserRow, playerId: number, input: UpdateShareInput) {
  const current = await readShare(db, user, playerId);
  const show = { ...(current ? showOf(current) : DEFAULT_SHOW), ...(input.show ?? {}) };
  const enabled = input.enabled ?? current?.enabled ?? false;
  const [row] = await db
    .insert(profileShares)
    .values({ playerId, slug: newSlug(), enabled, show })
    .onConflictDoUpdate({
      target: profileShares.playerId,
      set: { enabled, show, version: sql`${profileShares.version} + 1`, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** 'New link': the old slug stops working at once (its row is the only place it was ever stored). */
export async function replaceSlug(db: Db, user: UserRow, playerId: number) {
  const current = await readShare(db, user, playerId);
  const [row] = await db
    .insert(profileShares)
    .values({
      playerId,
      slug: newSlug(),
      enabled: false,
      show: current ? showOf(current) : { ...DEFAULT_SHOW },
    })
    .onConflictDoUpdate({
      target: profileShares.playerId,
      set: { slug: newSlug(), version: sql`${profileShares.version} + 1`, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** The settings with the link's view count, the visits still counted in memory written first. */
export async function settingsFor(db: Db, views: ViewCounter, appUrl: string, row: ShareRow | undefined) {
  if (!row) return toSettings(undefined, appUrl, 0);
  await views.flush(db);
  const [fresh] = await db
    .select({ share: profileShares, views: profileShareViews.count })
    .from(profileShares)
    .leftJoin(profileShareViews, eq(profileShareViews.shareId, profileShares.id))
    .where(eq(profileShares.id, row.id));
  return toSettings(fresh?.share, appUrl, fresh?.views ?? 0);
}
