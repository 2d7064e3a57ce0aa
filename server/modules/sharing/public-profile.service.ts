import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { analysisKinds, kindOfResultField } from '../../../contract/analysis-kinds';
import { formatSpeed } from '../../../contract/measurement-math';
import type { PublicProfile, ShowSettings } from '../../../contract/sharing';
import type { Db } from '../../db/client';
import {
  analysisRequests,
  coachSearch,
  igaSubmetrics,
  measurementAudits,
  players,
  positions,
  submetrics,
} from '../../db/schema';
import { hasReceipt } from '../measurements';
import { schoolWithPlace, storageKeyOf } from '../players';
import { playerPercentiles } from './percentiles.service';
import { bestKindResults } from './kind-results';
import { publicPhotoPath } from './public-photo';

/** The family let verified college coaches find the player, and the player has a verified number (decision 211). */
export async function inCoachSearch(db: Db, playerId: number) {
  const [row] = await db
    .select({ id: coachSearch.playerId })
    .from(coachSearch)
    .where(eq(coachSearch.playerId, playerId));
  return Boolean(row);
}

const feet = (inches: number) => `${Math.floor(inches / 12)}' ${inches % 12}"`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Max Speed and IGA: the profile's `maxSpeed` and `iga` sections, by the fields their results are kept in. */
const SPEED = kindOfResultField('maxSpeed');
const IGA = kindOfResultField('igaScore');

/** The public profile, and the stored photo its image, sheet and photo link read (null when not shown). */
export interface BuiltProfile {
  profile: PublicProfile;
  photoKey: string | null;
}

/**
 * A kind's own field of the profile, kept for the clients that read it before `kindResults` (the entry's
 * `profileField`, decision 269): the same result, its facts in words as `splits`.
 */
function profileFields(kindResults: PublicProfile['kindResults']) {
  return Object.fromEntries(
    analysisKinds().flatMap((k) => {
      if (!k.profileField) return [];
      const r = kindResults.find((x) => x.kind === k.key);
      const field = r && {
        text: r.text,
        method: r.method,
        splits: r.detail ?? '',
        date: r.date,
        season: r.season,
        receiptPath: r.receiptPath,
      };
      return [[k.profileField, field ?? null]];
    }),
  );
}

/**
 * The public profile, built field by field from what the family ticked: nothing is copied from the
 * player row as a whole, so a private column (date of birth, address, phone, email) can never slip in.
 * The photo is the page's own link, never the storage key (decision 197). `kindReceiptPath` links each
 * kind's result (kind_receipts) on a view's own path, a coach's, where the page has no slug.
 */
export async function buildPublicProfile(
  db: Db,
  playerId: number,
  slug: string,
  show: ShowSettings,
  kindReceiptPath?: (requestId: number) => string,
): Promise<BuiltProfile> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId));
  if (!p) throw new Error('shared player vanished');
  const posRows = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(
      inArray(
        positions.id,
        [p.primaryPositionId, p.secondaryPositionId].filter((x): x is number => x !== null),
      ),
    );
  const posName = (id: number | null) => posRows.find((r) => r.id === id)?.name;
  const photoKey = show.photo ? storageKeyOf(p.photoUrl) : null;
  const kindResults = await bestKindResults(db, playerId, slug, show, kindReceiptPath);
  // The kinds' own fields (profileFields) are written from kindResults: the schema names them, not this code.
  const profile = {
    name: `${p.firstName} ${p.lastName}`,
    photoUrl: photoKey ? publicPhotoPath(slug, photoKey) : null,
    classYear: show.classYear ? p.graduationYear : null,
    positions: show.positions
      ? [posName(p.primaryPositionId), posName(p.secondaryPositionId)].filter((x): x is string => Boolean(x))
      : null,
    // With its town and state: a directory can hold three of the name (issue 52 item 6).
    school: show.school ? await schoolWithPlace(db, p) : null,
    level: show.level ? p.level : null,
    height: show.height ? feet(p.heightInches) : null,
    weight: show.weight ? p.weight : null,
    maxSpeed: show.maxSpeed ? await bestSpeed(db, playerId, slug) : null,
    ...profileFields(kindResults),
    kindResults,
    iga: show.igaScore ? await bestIga(db, playerId) : null,
    percentiles: show.percentiles
      ? (await playerPercentiles(db, playerId)).filter((x) =>
          x.metric === SPEED.leaderboardMetric ? show.maxSpeed : show.igaScore,
        )
      : [],
    hudlUrl: show.hudl ? p.hudlUrl : null,
    academics: show.academics ? { gpa: p.gpa, sat: p.satScore, act: p.actScore } : null,
    twitter: show.twitter ? p.twitterHandle : null,
    instagram: show.instagram ? p.instagramHandle : null,
    facebook: show.facebook ? p.facebookUrl : null,
  } as PublicProfile;
  return { profile, photoKey };
}

/** The best completed Max Speed, with its receipt when it was measured and whether a second analyst agreed. */
async function bestSpeed(db: Db, playerId: number, slug: string): Promise<PublicProfile['maxSpeed']> {
  const [r] = await db
    .select()
    .from(analysisRequests)
    .where(
      and(
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.requestType, SPEED.key),
        eq(analysisRequests.status, 'completed'),
        isNotNull(analysisRequests.maxSpeed),
      ),
    )
    .orderBy(desc(analysisRequests.maxSpeed), asc(analysisRequests.completedAt), asc(analysisRequests.id))
    .limit(1);
  if (!r) return null;
  const receipt = await hasReceipt(db, r.id);
  const [audit] = await db
    .select({ status: measurementAudits.status })
    .from(measurementAudits)
    .where(eq(measurementAudits.requestId, r.id));
  return {
    value: r.maxSpeed!,
    plusMinus: r.maxSpeedPlusMinus,
    methodLabel: r.methodLabel,
    text: formatSpeed(r.maxSpeed!, r.maxSpeedPlusMinus),
    date: iso(r.completedAt),
    season: r.season,
    receiptPath: receipt ? `/p/${slug}/receipts/${r.id}` : null,
    verifiedByTwo: audit?.status === 'agreed',
  };
}

async function bestIga(db: Db, playerId: number): Promise<PublicProfile['iga']> {
  const [r] = await db
    .select({
      id: analysisRequests.id,
      score: analysisRequests.igaScore,
      completedAt: analysisRequests.completedAt,
      season: analysisRequests.season,
      position: positions.name,
    })
    .from(analysisRequests)
    .leftJoin(positions, eq(positions.id, analysisRequests.positionId))
    .where(
      and(
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.requestType, IGA.key),
        eq(analysisRequests.status, 'completed'),
        isNotNull(analysisRequests.igaScore),
      ),
    )
    .orderBy(desc(analysisRequests.igaScore), asc(analysisRequests.completedAt), asc(analysisRequests.id))
    .limit(1);
  if (!r) return null;
  const subs = await db
    .select({ name: submetrics.name, key: submetrics.key, value: igaSubmetrics.value, unit: submetrics.unit })
    .from(igaSubmetrics)
    .innerJoin(submetrics, eq(submetrics.id, igaSubmetrics.submetricId))
    .where(eq(igaSubmetrics.analysisRequestId, r.id))
    .orderBy(asc(igaSubmetrics.id));
  return {
    score: r.score!,
    date: iso(r.completedAt),
    season: r.season,
    position: r.position,
    submetrics: subs.filter((s) => s.key !== 'IGA').map(({ name, value, unit }) => ({ name, value, unit })),
  };
}
