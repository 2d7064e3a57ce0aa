import { keptReads, rowKey } from '../../db/write-clock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_MAX } from '../../../contract/constants';
import { errorBodySchema } from '../../../contract/errors';
import { publicProfileSchema, slugParamsSchema, type PublicProfile } from '../../../contract/sharing';
import { profileShares } from '../../db/schema';
import { sendBytes } from '../../plugins/compressed-copies';
import { AppError, notFound } from '../../lib/app-error';
import { html, layout } from './public-html';
import { PageCache, type ViewCounter } from './public-cache';
import { photoTag } from './public-photo';
import { buildPublicProfile, type BuiltProfile } from './public-profile.service';
import { renderProfilePage } from './public-page';
import { renderPublicKindReceipt } from './public-kind-receipt';
import { renderPublicReceipt } from './public-receipt';
import { qrPng, qrSvg } from './qr';
import { renderRecruitingSheet } from './recruiting-sheet';
import { publicPath, showOf } from './share-settings.service';
import { renderShareImage } from './share-image';
import { inCoachSearch } from './public-profile.service';
import { COACH_CONNECT_PATH } from '../../../contract/coach-texts';
import { publicReceiptSegments } from '../../../contract/analysis-kinds';

/**
 * What the kept read reads (decisions 225, 227): one link, found by its slug. The key is its player's,
 * told by the row found: another family's link turned on, off or replaced leaves the page kept. No new
 * row can take a slug a row holds (it is unique), so new rows are not it.
 */
const SHARE_READS = keptReads([], { oneRowOf: ['profile_shares'] });
const linkOf = (row: { playerId: number }) => [rowKey('profile_shares', 'player_id', row.playerId)];

const NOT_FOUND = 'Profile not found';
const receiptParams = slugParamsSchema.extend({ requestId: z.coerce.number().int().positive().max(ID_MAX) });
const photoParams = slugParamsSchema.extend({ file: z.string().max(100) });

/**
 * The public verified profile (decision 111/112): no session, no script. Each visit reads one row by
 * the slug's unique index, kept until a write (off or replaced: 404 at once); everything else comes from
 * a cache keyed by the settings version.
 */
export default async function publicRoutes(fastify: FastifyInstance, opts: { views: ViewCounter }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const cache = new PageCache<unknown>();
  const base = app.env.APP_URL.replace(/\/$/, '');
  // Every page here is public (no session, decision 111), limited per address; declared on each route.
  const limit = { ...app.perAddressLimit(300), access: 'public' as const };
  const errors = { 404: errorBodySchema };

  async function share(slug: string) {
    // Kept until a write (decision 216): a link turned off or replaced is a write, so it is never served.
    // A slug that names no link throws inside the read, so guessed slugs are never kept.
    const row = await app.answers.get(
      `share ${slug}`,
      SHARE_READS,
      async () => {
        const [found] = await app.db
          .select({
            id: profileShares.id,
            playerId: profileShares.playerId,
            enabled: profileShares.enabled,
            version: profileShares.version,
            show: profileShares.show,
          })
          .from(profileShares)
          .where(eq(profileShares.slug, slug));
        if (!found) throw notFound(NOT_FOUND);
        return found;
      },
      linkOf,
    );
    if (!row.enabled) throw notFound(NOT_FOUND);
    const path = publicPath(slug);
    const key = `${row.playerId}:${row.version}:${slug}`;
    const built = () =>
      cache.get(`${key}:profile`, () =>
        buildPublicProfile(app.db, row.playerId, slug, showOf(row)),
      ) as Promise<BuiltProfile>;
    const profile = async (): Promise<PublicProfile> => (await built()).profile;
    const photoKey = async () => (await built()).photoKey;
    return { row, path, url: `${base}${path}`, key, profile, photoKey };
  }
  const cached = <T>(key: string, build: () => Promise<T>) => cache.get(key, build) as Promise<T>;
  const noStore = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
  /** A coach opening a link that was turned off sees a page, not JSON. */
  const gone = (reply: FastifyReply) =>
    noStore(reply)
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        layout(
          {
            title: 'Profile not found · Verified Athlete',
            description: NOT_FOUND,
            url: base,
            measuredFooter: false,
          },
          html`<section class="card"><h1>Profile not found</h1><p>This link is not shared, or the family replaced it with a new one. Ask them for the current link.</p></section>`,
        ),
      );
  const htmlShare = async (slug: string, reply: FastifyReply) =>
    share(slug)
      .catch((err) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      })
      .then((s) => (s ? s : (gone(reply), null)));

  app.get(
    '/p/:slug',
    {
      config: limit,
      schema: {
        tags,
        params: slugParamsSchema,
        description:
          'The public verified profile page (server-rendered HTML, no login); 404 when sharing is off or the link was replaced.',
      },
    },
    async (req, reply) => {
      const s = await htmlShare(req.params.slug, reply);
      if (!s) return reply;
      // Kept as bytes, and sent compressed to a browser that accepts it (decision 236).
      const page = await cached(`${s.key}:html`, async () =>
        Buffer.from(
          renderProfilePage(await s.profile(), {
            url: s.url,
            path: s.path,
            appUrl: base,
            connectPath: (await inCoachSearch(app.db, s.row.playerId))
              ? COACH_CONNECT_PATH(s.row.playerId)
              : null,
          }),
        ),
      );
      opts.views.add(s.row.id);
      return sendBytes(noStore(reply).type('text/html; charset=utf-8'), page);
    },
  );

  app.get(
    '/p/:slug/profile.json',
    {
      config: limit,
      schema: {
        tags,
        params: slugParamsSchema,
        response: { 200: publicProfileSchema, ...errors },
        description: 'The same public profile as JSON: only the fields the family chose to show.',
      },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      noStore(reply);
      return s.profile();
    },
  );

  app.get(
    '/p/:slug/share.png',
    {
      config: limit,
      schema: {
        tags,
        params: slugParamsSchema,
        description: 'The 1200x630 share image a link preview shows.',
      },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      const png = await cached(`${s.key}:png`, async () =>
        renderShareImage(app.storage, await s.profile(), await s.photoKey()),
      );
      return reply.header('Cache-Control', 'private, max-age=300').type('image/png').send(png);
    },
  );

  app.get(
    '/p/:slug/photo/:file',
    {
      config: limit,
      schema: {
        tags,
        params: photoParams,
        description:
          "The shared player's photo, while sharing is on and the photo is ticked; 404 the moment it is not (decision 197).",
      },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      const key = await s.photoKey();
      const tag = key ? photoTag(key) : null;
      const size =
        key && req.params.file === `${tag}.webp` ? await app.storage.size(key).catch(() => null) : null;
      if (!key || size === null) throw notFound('Photo not found');
      // Asked again on every view, so a page kept open or cached stops showing it once sharing is off.
      const etag = `"${tag}"`;
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('ETag', etag)
        .header('X-Robots-Tag', 'noindex, nofollow');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .type('image/webp')
        .header('Content-Length', size)
        .send(await app.storage.read(key));
    },
  );

  app.get(
    '/p/:slug/qr.svg',
    {
      config: limit,
      schema: { tags, params: slugParamsSchema, description: "QR code of the profile's link (SVG)." },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      const svg = await cached(`${s.key}:qrsvg`, () => qrSvg(s.url));
      return reply
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'attachment; filename="verified-profile-qr.svg"')
        .type('image/svg+xml')
        .send(svg);
    },
  );

  app.get(
    '/p/:slug/qr.png',
    {
      config: limit,
      schema: { tags, params: slugParamsSchema, description: "QR code of the profile's link (PNG)." },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      const png = await cached(`${s.key}:qrpng`, () => qrPng(s.url));
      return reply
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'attachment; filename="verified-profile-qr.png"')
        .type('image/png')
        .send(png);
    },
  );

  app.get(
    '/p/:slug/recruiting-sheet.pdf',
    {
      config: limit,
      schema: {
        tags,
        params: slugParamsSchema,
        description: 'A one-page PDF recruiting sheet with the same content as the page.',
      },
    },
    async (req, reply) => {
      const s = await share(req.params.slug);
      const pdf = await cached(`${s.key}:pdf`, async () =>
        renderRecruitingSheet(
          app.storage,
          await s.profile(),
          s.url,
          await s.photoKey(),
          (await inCoachSearch(app.db, s.row.playerId))
            ? `${base}${COACH_CONNECT_PATH(s.row.playerId)}`
            : null,
        ),
      );
      return reply
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="recruiting-sheet.pdf"')
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get(
    '/p/:slug/receipts/:requestId',
    {
      config: limit,
      schema: {
        tags,
        params: receiptParams,
        description:
          "The public receipt (stills, splits, method, ±) of one of the shared player's measured speeds.",
      },
    },
    async (req, reply) => {
      const s = await htmlShare(req.params.slug, reply);
      if (!s) return reply;
      const page = await cached(`${s.key}:receipt:${req.params.requestId}`, async () => {
        const p = await s.profile();
        if (!p.maxSpeed) return null;
        return renderPublicReceipt(app.db, app.storage, s.row.playerId, req.params.requestId, {
          url: `${s.url}/receipts/${req.params.requestId}`,
          profilePath: s.path,
          name: p.name,
        });
      });
      if (!page) return gone(reply);
      return noStore(reply).type('text/html; charset=utf-8').send(page);
    },
  );
  // One page for every kind in kind_receipts (decision 243); a kind that had its own path before keeps it
  // (its entry's `publicReceiptSegment`, decision 269), so links already sent still open.
  for (const segment of publicReceiptSegments())
    app.get(
      `/p/:slug/${segment}/:requestId`,
      {
        config: limit,
        schema: {
          tags,
          params: receiptParams,
          description:
            "The public receipt of a shared player's result whose evidence is kept by kind (decisions 243, 269): the stills of the marked frames, the value, its ± and the method.",
        },
      },
      async (req, reply) => {
        const s = await htmlShare(req.params.slug, reply);
        if (!s) return reply;
        const page = await cached(`${s.key}:${segment}:${req.params.requestId}`, async () => {
          const p = await s.profile();
          // Only the best result of a kind the family shows is linked from the page, and only it is served.
          const shown = p.kindResults.find((k) =>
            k.receiptPath?.endsWith(`/${segment}/${req.params.requestId}`),
          );
          if (!shown) return null;
          return renderPublicKindReceipt(app.db, app.storage, s.row.playerId, req.params.requestId, {
            url: `${s.url}/${segment}/${req.params.requestId}`,
            profilePath: s.path,
            name: p.name,
            completedAt: shown.date,
          });
        });
        if (!page) return gone(reply);
        return noStore(reply).type('text/html; charset=utf-8').send(page);
      },
    );
}
