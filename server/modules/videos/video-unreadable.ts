import { and, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  analysisRequests,
  jobs,
  kindReceiptsOfVideo,
  players,
  users,
  videoMedia,
  videos,
} from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { enqueueMail } from '../../lib/mail-jobs';
import type { Mail } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import { removeKeys } from './video-files';

export const VIDEO_PURGE_JOB = 'videos.purge-unreadable';
const UNREADABLE_DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface UnreadableOptions {
  appUrl?: string;
  retentionDays?: number;
  clock?: () => Date;
  /** The file was deleted at once (ffmpeg cannot read it); only the notice stays until the removal date. */
  fileRemoved?: boolean;
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const removalDate = (unreadableAt: Date, days: number) => new Date(unreadableAt.getTime() + days * DAY_MS);

function unreadableMail(w: {
  to: string;
  playerName: string;
  playerId: number;
  uploadedAt: Date;
  removeOn: Date;
  appUrl?: string;
  fileRemoved?: boolean;
}): Mail {
  const link = w.appUrl ? `${w.appUrl}/players/${w.playerId}/videos` : null;
  const subject = `A video of ${w.playerName} could not be read`;
  const lines = [
    `The video you uploaded for ${w.playerName} on ${day(w.uploadedAt)} could not be read as a video, so it cannot be played or analysed.`,
    `${w.fileRemoved ? `The file has been deleted; the library shows this notice until ${day(w.removeOn)}.` : `It will be removed on ${day(w.removeOn)}.`} Please upload the original clip again (MP4, MOV or WebM, straight from the camera or phone).`,
  ];
  return {
    to: w.to,
    subject,
    text: `${lines.join('\n\n')}${link ? `\n\nThe video library: ${link}` : ''}`,
    html: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${link ? `<p><a href="${link}">Open the video library</a></p>` : ''}`,
  };
}

/**
 * Marks a video unreadable (once) and tells its family, in one transaction: the mail leaves through
 * the job queue exactly when the mark is written (decision 132).
 */
export async function markUnreadable(db: Db, videoId: number, opts: UnreadableOptions = {}) {
  const now = (opts.clock ?? (() => new Date()))();
  const removeOn = removalDate(now, opts.retentionDays ?? UNREADABLE_DEFAULT_DAYS);
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(videos)
      .set({ unreadableAt: now, removeAfter: removeOn })
      .where(and(eq(videos.id, videoId), isNull(videos.unreadableAt)))
      .returning({ playerId: videos.playerId, createdAt: videos.createdAt });
    if (!marked) return;
    const [family] = await tx
      .select({ email: users.email, firstName: players.firstName, lastName: players.lastName })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(eq(players.id, marked.playerId));
    if (!family?.email) return;
    await enqueueMail(
      tx,
      unreadableMail({
        to: family.email,
        playerName: `${family.firstName} ${family.lastName}`.trim(),
        playerId: marked.playerId,
        uploadedAt: marked.createdAt,
        removeOn,
        appUrl: opts.appUrl,
        fileRemoved: opts.fileRemoved,
      }),
    );
  });
}

/** Nothing that is evidence is ever removed: a request's source or result video, or a receipt's video. */
const unreferenced = () => [
  isNull(videos.analysisRequestId),
  notExists(sql`(select 1 from ${analysisRequests} where ${analysisRequests.sourceVideoId} = ${videos.id})`),
  notExists(kindReceiptsOfVideo(videos.id)),
];

/**
 * Removes unreadable videos whose removal date (the one their family was told) has passed, row first
 * (so no row ever points at a missing file), then their files. Returns the removed ids; `more` when a full batch went.
 */
export async function purgeUnreadable(db: Db, storage: Storage, now: Date, batch = 100) {
  const due = () =>
    and(
      isNotNull(videos.unreadableAt),
      isNotNull(videos.removeAfter),
      lt(videos.removeAfter, now),
      ...unreferenced(),
    );
  const doomed = await db
    .select({
      id: videos.id,
      key: videos.storageKey,
      thumb: videos.thumbnail,
      working: videoMedia.workingKey,
    })
    .from(videos)
    .leftJoin(videoMedia, eq(videoMedia.videoId, videos.id))
    .where(due())
    .orderBy(videos.id)
    .limit(batch);
  if (!doomed.length) return { removed: [] as number[], more: false };
  // Checked again in the delete itself: a request may have picked the video since the select.
  const gone = await db
    .delete(videos)
    .where(
      and(
        inArray(
          videos.id,
          doomed.map((d) => d.id),
        ),
        due(),
      ),
    )
    .returning({ id: videos.id });
  const ids = new Set(gone.map((g) => g.id));
  await removeKeys(
    storage,
    doomed.filter((d) => ids.has(d.id)).flatMap((d) => [d.key, d.thumb, d.working]),
  );
  return { removed: [...ids], more: doomed.length === batch };
}

/** Queues the purge unless one is already waiting or running (instances share the queue). */
export async function schedulePurgeUnreadable(db: DbOrTx) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, VIDEO_PURGE_JOB), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  if (pending) return null;
  return enqueueJob(db, VIDEO_PURGE_JOB, {});
}

export const unreadableJobHandlers = (db: Db, storage: Storage, opts: UnreadableOptions = {}) => ({
  [VIDEO_PURGE_JOB]: async () => {
    const now = (opts.clock ?? (() => new Date()))();
    const { more } = await purgeUnreadable(db, storage, now);
    if (more) await enqueueJob(db, VIDEO_PURGE_JOB, {});
  },
});
