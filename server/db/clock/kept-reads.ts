/**
 * What a kept read depends on (decisions 225, 226): the tables its statements read; those whose new rows
 * cannot change it; those it reads one row of, by a unique key (a kept session reads its own row of
 * `sessions` and its user's row of `users`: another sign-in's new session and login count are not it); and
 * those it reads some rows of, by one value of a column (a family's dashboard reads the rows of `players`
 * whose `user_id` is the family's: another family's new or changed player is not it). The keys are given
 * with the read (`lastWriteTo(reads, [rowKey('users', 'id', 5)])`); a scoped table with no key counts whole.
 * Declared beside the read; under `CHECK_KEPT_READS` every statement the read sends is checked against it.
 */
export interface KeptReads {
  readonly tables: readonly string[];
  readonly newRowsIgnored: readonly string[];
  /** Tables it reads one row of, by a column unique on its own: new rows cannot be it. */
  readonly oneRowOf: readonly string[];
  /** Tables it reads the rows of that hold one value in a column: new rows holding it are its. */
  readonly rowsOf: readonly string[];
}

export const keptReads = (
  tables: readonly string[],
  opts: { newRowsIgnored?: readonly string[]; oneRowOf?: readonly string[]; rowsOf?: readonly string[] } = {},
): KeptReads => ({
  tables,
  newRowsIgnored: opts.newRowsIgnored ?? [],
  oneRowOf: opts.oneRowOf ?? [],
  rowsOf: opts.rowsOf ?? [],
});

/**
 * What a kept read scopes by (decisions 225, 226): the rows of `table` whose `column` holds one value, as
 * `players.user_id=9` (a family's players) or `users.id=5` (one user). `scope` is `table.column`.
 */
export interface RowKey {
  readonly table: string;
  readonly column: string;
  readonly scope: string;
  readonly key: string;
}

export const rowKey = (table: string, column: string, value: string | number): RowKey => ({
  table,
  column,
  scope: `${table}.${column}`,
  key: `${table}.${column}=${value}`,
});

/** What the clock needs of the database's catalog (`loadCatalog`): its tables, and the columns unique on their own. */
export interface Catalog {
  readonly tables: ReadonlySet<string>;
  /** Per table, the columns unique on their own (a primary key, a unique index of one column). */
  readonly unique: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Tables no kept answer or session reads, written often: rate-limit counters (on every limited request),
 * the job queue's claims and heartbeats, analytics events, the mail outbox, payment bookkeeping, reset
 * tokens, public profiles' view counts. They have no notify trigger (migration 0034 puts one on every other
 * table), so a write to them alone moves no clock. A test checks the catalog: every other table notifies,
 * and these have no trigger and no foreign key through which a write to them could change another table.
 */
export const UNWATCHED_TABLES: ReadonlySet<string> = new Set([
  'rate_limits',
  'jobs',
  'analytics_events',
  'mail_outbox',
  'stripe_events',
  'payment_test_objects',
  'password_reset_tokens',
  // A public profile's visits, flushed every few seconds; only the family's settings read them (decision 227).
  'profile_share_views',
]);
