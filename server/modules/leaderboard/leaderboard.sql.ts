import { sql } from 'drizzle-orm';
import type { LeaderboardEntry } from '../../../contract/leaderboard';

interface PageParams {
  metric: string;
  /** A lower-is-better metric (the verified 40): ranked ascending (decision 209). */
  lower?: boolean;
  level: string;
  /** null: the all-time rows */
  season: number | null;
  offset: number;
  limit: number;
  /** The signed-in reader: their own players are always named (decision 197). None: every unshared row is anonymous. */
  viewerId?: number | null;
}

const slice = (alias: string, p: PageParams) => {
  const t = sql.raw(alias);
  const season = p.season === null ? sql`${t}.season is null` : sql`${t}.season = ${p.season}`;
  return sql`${t}.metric_type = ${p.metric} and ${t}.level = ${p.level} and ${t}.is_all_time = ${p.season === null} and ${season}`;
};

/**
 * One page, read from leaderboard_page_idx without a sort:
 * - `ids` walks the index in order (season first: constant within a slice, and it lets the all-time
 *   slice, whose `season is null` is no equality, keep the index order) and skips `offset` entries
 *   in the index alone, touching the table only for the rows of the page;
 * - `above` is the number of rows strictly better than the page's best value: the competition rank of
 *   the page's first rows, less one. Every such row lies before the page, so it is `offset` less the
 *   rows tied with the page's best value that lie before the page (same value, lower id: the index
 *   order within a tie). Counting those reads only the tied entries of the index, not the whole
 *   prefix, so a deep page costs its own walk and no second one (decision 141). The rest of the
 *   ranks follow from the page itself (see toEntries).
 * - `slice_size` (the filter's size) and `same` (rows sharing each page row's value) feed the
 *   percentiles (decision 113); read here instead of in two more statements. The size is the count
 *   the triggers keep in leaderboard_slice_counts (decision 182), not a count over the slice.
 * - name, city and county only for a player whose family shares the profile, or the reader's own
 *   (decision 197); otherwise null, so they never leave the database. Two lookups by unique key per row.
 */
export function pageQuery(p: PageParams) {
  // Ascending metrics walk leaderboard_page_asc_idx; their page's best value is its smallest.
  const order = p.lower ? sql`l.metric_value` : sql`l.metric_value desc`;
  const best = p.lower ? sql`min` : sql`max`;
  return sql`
    with ids as materialized (
      select l.id, l.metric_value from leaderboard l
      where ${slice('l', p)}
      order by l.season, ${order}, l.id
      limit ${p.limit} offset ${p.offset}
    )
    select l.id, l.metric_value, l.plus_minus, l.method_label, l.graduation_year, l.state, pos.key as position,
      case when named.yes then l.player_name end as player_name,
      case when named.yes then l.city end as city,
      case when named.yes then l.county end as county,
      ${p.offset}::int - (select count(*) from leaderboard c
        where ${slice('c', p)} and c.metric_value = (select ${best}(ids.metric_value) from ids)
          and c.id < (select min(b.id) from ids b where b.metric_value = (select ${best}(ids.metric_value) from ids))
      ) as above,
      (select n.rows from leaderboard_slice_counts n where ${slice('n', p)}) as slice_size,
      (select count(*) from leaderboard t where ${slice('t', p)} and t.metric_value = l.metric_value) as same
    from ids
    join leaderboard l on l.id = ids.id
    left join positions pos on pos.id = l.position_id
    cross join lateral (select
      coalesce((select s.enabled from profile_shares s where s.player_id = l.player_id), false)
      or coalesce((select p.user_id = ${p.viewerId ?? null}::int from players p where p.id = l.player_id), false)
      as yes) named`;
}

interface PageRow {
  id: unknown;
  metric_value: unknown;
  plus_minus: unknown;
  method_label: unknown;
  graduation_year: unknown;
  player_name: unknown;
  city: unknown;
  county: unknown;
  state: unknown;
  position: unknown;
  above: unknown;
  slice_size: unknown;
  same: unknown;
}

/** The filter's size and, per value on the page, how many rows share it (for the percentiles). */
export function percentileCounts(rows: Record<string, unknown>[]) {
  const page = rows as unknown as PageRow[];
  return {
    size: page.length ? Number(page[0].slice_size) : 0,
    same: new Map(page.map((r) => [Number(r.metric_value), Number(r.same)])),
  };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** What another family sees instead of the name of a player whose family does not share the profile. */
const anonymousName = (rank: number) => `Player #${rank}`;

/**
 * Competition ranks: a row tied with the page's best shares its rank (1 + rows strictly above);
 * a row tied with the row before it shares that rank; any other row's rank is its position.
 */
export function toEntries(
  rows: Record<string, unknown>[],
  offset: number,
  lower = false,
): LeaderboardEntry[] {
  const sorted = (rows as unknown as PageRow[])
    .map((r) => ({ ...r, value: Number(r.metric_value), id: Number(r.id) }))
    .sort((a, b) => (lower ? a.value - b.value : b.value - a.value) || a.id - b.id);
  const entries: LeaderboardEntry[] = [];
  sorted.forEach((r, i) => {
    const prev = entries[i - 1];
    const rank =
      r.value === sorted[0].value
        ? Number(r.above) + 1
        : prev && prev.metricValue === r.value
          ? prev.rank
          : offset + i + 1;
    entries.push({
      rank,
      graduationYear: num(r.graduation_year),
      position: str(r.position),
      playerName:
        r.player_name === null || r.player_name === undefined ? anonymousName(rank) : String(r.player_name),
      metricValue: r.value,
      plusMinus: num(r.plus_minus),
      methodLabel: str(r.method_label),
      city: str(r.city),
      county: str(r.county),
      state: str(r.state),
    });
  });
  return entries;
}
