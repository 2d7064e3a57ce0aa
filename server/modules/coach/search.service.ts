import { sql, type SQL } from 'drizzle-orm';
import { kindOfResultField, searchKinds } from '../../../contract/analysis-kinds';
import {
  COACH_SEARCH_PAGE,
  type CoachSearchItem,
  type CoachSearchQuery,
  type CoachSort,
} from '../../../contract/coach';
import { contactOpensOn, type CoachDivision } from '../../../contract/coach-calendar';
import type { Percentile } from '../../../contract/percentiles';
import type { Db } from '../../db/client';
import { positions } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { storageKeyOf } from '../players';
import { pagePercentiles, showOf } from '../sharing';

interface Sort {
  key: SQL;
  desc: boolean;
  cast: string;
}

/** Each sort: the key the index holds (decision 211), its direction, and how a cursor value is typed. */
const OWN_SORTS: Record<string, Sort> = {
  speed: { key: sql`coalesce(s.speed_mph, -1)`, desc: true, cast: 'numeric' },
  iga: { key: sql`coalesce(s.iga_score, -1)`, desc: true, cast: 'numeric' },
  class: { key: sql`s.graduation_year`, desc: false, cast: 'integer' },
  recent: { key: sql`s.verified_at`, desc: true, cast: 'timestamptz' },
};

/** A kind read from coach_search_results (decision 243) sorts by its best result, players without one last. */
function kindSortOf(sort: CoachSort) {
  if (OWN_SORTS[sort]) return null;
  const kind = searchKinds().find((k) => k.key === sort);
  if (!kind) return null;
  const lower = kind.direction === 'lower';
  return { key: kind.key, desc: !lower, none: lower ? 999999 : -1 };
}

const encodeCursor = (value: unknown, id: number) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

function decodeCursor(cursor: string | undefined): [string, number] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isInteger(v[1]))
      return [v[0], v[1] as number];
  } catch {
    // An unreadable cursor starts from the first page, as an absent one does.
  }
  return null;
}

/** A cursor value of the sort's type, so a forged one is ignored rather than failing the cast. */
const fits = (value: string, cast: string) =>
  cast === 'timestamptz' ? !Number.isNaN(Date.parse(value)) : /^-?\d{1,9}(\.\d{1,4})?$/.test(value);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export function filtersOf(q: CoachSearchQuery): SQL[] {
  const where: SQL[] = [];
  if (q.position) where.push(sql`s.position_id = (select id from positions where key = ${q.position})`);
  if (q.level) where.push(sql`s.level = ${q.level}`);
  if (q.classFrom !== undefined) where.push(sql`s.graduation_year >= ${q.classFrom}`);
  if (q.classTo !== undefined) where.push(sql`s.graduation_year <= ${q.classTo}`);
  if (q.state) where.push(sql`s.state = ${q.state}`);
  if (q.school) where.push(sql`lower(s.school) like ${`%${escapeLike(q.school.toLowerCase())}%`}`);
  if (q.minSpeedMph !== undefined) where.push(sql`s.speed_mph >= ${q.minSpeedMph}`);
  if (q.minIga !== undefined) where.push(sql`s.iga_score >= ${q.minIga}`);
  for (const k of searchKinds()) {
    const bound = q[k.search.filter];
    if (typeof bound !== 'number') continue;
    const cmp = k.direction === 'lower' ? sql`<=` : sql`>=`;
    // A scalar read of the row's best, checked as the sort's index is walked (as a column of coach_search
    // was): an EXISTS is planned as a join from every match, then sorted (113 ms against 0.6 ms at 100,000).
    where.push(
      sql`(select c.value from coach_search_results c where c.player_id = s.player_id and c.kind = ${k.key}) ${cmp} ${bound}`,
    );
  }
  if (q.measuredWithinMonths !== undefined)
    where.push(sql`s.verified_at >= now() - make_interval(months => ${q.measuredWithinMonths})`);
  return where;
}

interface Row extends Record<string, unknown> {
  player_id: number;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  graduation_year: number;
  position: string | null;
  school: string;
  state: string | null;
  speed_mph: string | null;
  speed_plus_minus: string | null;
  speed_request_id: number | null;
  iga_score: string | null;
  iga_request_id: number | null;
  /** The kinds' best results (coach_search_results): kind -> [value, plus_minus, request_id]. */
  kinds: Record<string, [string, string, number]> | null;
  sort_value: string;
  show: Record<string, boolean> | null;
}

const pageColumns = sql`s.player_id, p.first_name, p.last_name, p.photo_url, s.graduation_year,
  pos.name as position, s.school, s.state, s.speed_mph, s.speed_plus_minus, s.speed_request_id, s.iga_score,
  s.iga_request_id, ps.show,
  (select jsonb_object_agg(c.kind, jsonb_build_array(c.value::text, c.plus_minus::text, c.request_id))
    from coach_search_results c where c.player_id = s.player_id) as kinds`;
const pageJoins = sql`join players p on p.id = s.player_id
  left join positions pos on pos.id = s.position_id
  left join profile_shares ps on ps.player_id = s.player_id`;
const whereOf = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/** The search's page statement: one table, its sort's index read in order, filters checked on the way. */
export function searchStatement(q: CoachSearchQuery) {
  const kind = kindSortOf(q.sort);
  if (kind) return kindSortStatement(q, kind);
  const sort = OWN_SORTS[q.sort] ?? OWN_SORTS.speed;
  const where = filtersOf(q);
  const after = decodeCursor(q.cursor);
  if (after && fits(after[0], sort.cast)) {
    const value = sql`${after[0]}::${sql.raw(sort.cast)}`;
    where.push(
      sort.desc
        ? sql`(${sort.key}, s.player_id) < (${value}, ${after[1]})`
        : sql`(${sort.key}, s.player_id) > (${value}, ${after[1]})`,
    );
  }
  const dir = sql.raw(sort.desc ? 'desc' : 'asc');
  return sql`
    select ${pageColumns}, (${sort.key})::text as sort_value
    from coach_search s
    ${pageJoins}
    ${whereOf(where)}
    order by ${sort.key} ${dir}, s.player_id ${dir}
    limit ${COACH_SEARCH_PAGE + 1}`;
}

/**
 * A kind's sort (decision 269): the players with a result of the kind in the order of
 * coach_search_results_value_idx (kind, value, player), then those without one by id, each part stopping
 * at a page; a cursor's value past every result (`none`) is in the second part.
 */
function kindSortStatement(q: CoachSearchQuery, kind: NonNullable<ReturnType<typeof kindSortOf>>) {
  const after = decodeCursor(q.cursor);
  const at = after && fits(after[0], 'numeric') ? { value: Number(after[0]), id: after[1] } : null;
  const cmp = sql.raw(kind.desc ? '<' : '>');
  const dir = sql.raw(kind.desc ? 'desc' : 'asc');
  const limit = COACH_SEARCH_PAGE + 1;
  const withResult = [...filtersOf(q), sql`c.kind = ${kind.key}`];
  const without = [
    ...filtersOf(q),
    sql`not exists (select 1 from coach_search_results n where n.player_id = s.player_id and n.kind = ${kind.key})`,
  ];
  if (at) {
    withResult.push(sql`(c.value, c.player_id) ${cmp} (${at.value}::numeric, ${at.id})`);
    without.push(sql`(${kind.none}::numeric, s.player_id) ${cmp} (${at.value}::numeric, ${at.id})`);
  }
  return sql`
    with page as (
      (select c.player_id, c.value as sort_value from coach_search_results c
        join coach_search s on s.player_id = c.player_id
        ${whereOf(withResult)}
        order by c.value ${dir}, c.player_id ${dir} limit ${limit})
      union all
      (select s.player_id, ${kind.none}::numeric as sort_value from coach_search s
        ${whereOf(without)}
        order by s.player_id ${dir} limit ${limit}))
    select ${pageColumns}, page.sort_value::text as sort_value
    from page
    join coach_search s on s.player_id = page.player_id
    ${pageJoins}
    order by page.sort_value ${dir}, s.player_id ${dir}
    limit ${limit}`;
}

export async function searchRows(db: Db, q: CoachSearchQuery) {
  const res = await db.execute<Row>(searchStatement(q));
  const rows = res.rows;
  const page = rows.slice(0, COACH_SEARCH_PAGE);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > COACH_SEARCH_PAGE && last ? encodeCursor(last.sort_value, last.player_id) : null,
  };
}

export const coachReceiptUrl = (playerId: number, requestId: number) =>
  `/api/coach/players/${playerId}/receipts/${requestId}`;

/**
 * Search for coaches: only discoverable players with a verified number are in coach_search. A row shows
 * the name, class, position, school and state, the numbers with their receipts, the photo and percentile
 * when the family's checklist shows them (decision 111); never contact data.
 */
export async function searchPlayers(
  db: Db,
  storage: Storage,
  q: CoachSearchQuery,
  division: CoachDivision | null = null,
  today = new Date(),
) {
  const { rows, nextCursor } = await searchRows(db, q);
  // The shown percentiles of the whole page in one statement (decision 211; one per row did not fit).
  const wanted = rows.flatMap((r) =>
    showOf({ show: r.show ?? {} }).percentiles
      ? [{ playerId: r.player_id, metric: metricOf(r, q.sort) }]
      : [],
  );
  const percentiles = await pagePercentiles(db, wanted);
  const items = rows.map((r) => ({
    ...toItem(storage, r, percentiles.get(r.player_id)),
    contactOpensOn: contactOpensOn(r.graduation_year, division, today),
  }));
  return { items, nextCursor };
}

const SPEED_METRIC = kindOfResultField('maxSpeed').leaderboardMetric;
const IGA_METRIC = kindOfResultField('igaScore').leaderboardMetric;

/**
 * The row's percentile is of the sorted number: IGA when sorting by IGA (the search's `sort=iga`, a name
 * clients rely on) or without a Max Speed.
 */
const metricOf = (r: Row, sort: CoachSort) =>
  sort === 'iga' || r.speed_mph === null ? IGA_METRIC : SPEED_METRIC;

function toItem(
  storage: Storage,
  r: Row,
  percentile: Percentile | undefined,
): Omit<CoachSearchItem, 'contactOpensOn'> {
  const show = showOf({ show: r.show ?? {} });
  const photoKey = show.photo ? storageKeyOf(r.photo_url) : null;
  const speed = r.speed_mph === null ? null : Number(r.speed_mph);
  const iga = r.iga_score === null ? null : Number(r.iga_score);
  return {
    playerId: r.player_id,
    name: `${r.first_name} ${r.last_name}`,
    photoUrl: photoKey ? storage.url(photoKey, 3600) : null,
    classYear: r.graduation_year,
    position: r.position,
    school: r.school,
    state: r.state,
    maxSpeed:
      speed === null || r.speed_request_id === null
        ? null
        : {
            mph: speed,
            plusMinusMph: r.speed_plus_minus === null ? null : Number(r.speed_plus_minus),
            receiptUrl: coachReceiptUrl(r.player_id, r.speed_request_id),
          },
    iga:
      iga === null || r.iga_request_id === null
        ? null
        : { score: iga, receiptUrl: coachReceiptUrl(r.player_id, r.iga_request_id) },
    percentile: percentile
      ? { value: percentile.percentile, group: percentile.groupLabel, n: percentile.groupSize }
      : null,
    ...kindColumns(r),
    kindResults: Object.fromEntries(
      Object.entries(r.kinds ?? {}).map(([kind, [value, plusMinus, requestId]]) => [
        kind,
        {
          value: Number(value),
          plusMinus: Number(plusMinus),
          requestId,
          receiptUrl: coachReceiptUrl(r.player_id, requestId),
        },
      ]),
    ),
  };
}

/**
 * Each search kind's column, kept only while the family shows the kind, named by its entry's `search`:
 * `{ <valueField>, <plusMinusField>, requestId }`, or with the coach's receipt link (`receiptUrl`) for a
 * kind whose entry says so (decision 269); null without one.
 */
function kindColumns(r: Row) {
  return Object.fromEntries(
    searchKinds().map((k) => {
      const best = r.kinds?.[k.key];
      const link =
        best && k.search.link === 'receiptUrl'
          ? { receiptUrl: coachReceiptUrl(r.player_id, best[2]) }
          : { requestId: best?.[2] };
      return [
        k.search.field,
        best
          ? { [k.search.valueField]: Number(best[0]), [k.search.plusMinusField]: Number(best[1]), ...link }
          : null,
      ];
    }),
  );
}

/** The positions the search's filter lists, by their order on the roster. */
export async function coachPositions(db: Db) {
  return db.select({ key: positions.key, name: positions.name }).from(positions).orderBy(positions.id);
}
