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
 * What a write of each kind to each table may write besides it (decision 225): the tables its triggers
 * write and those its foreign keys cascade to (a delete, or an update where a key acts on update),
 * followed to the end; 'all' where a trigger runs SQL it cannot read (`execute`). Read from the catalog
 * once the schema is migrated (`loadWriteEffects`). `alsoWrites.get(table)[kind]`, kind one bit.
 */
export type AlsoWrites = Readonly<Record<number, readonly string[] | 'all'>>;
export interface WriteEffects {
  readonly tables: ReadonlySet<string>;
  readonly alsoWrites: ReadonlyMap<string, AlsoWrites>;
  /** Per table, the columns unique on their own (a primary key, a unique index of one column). */
  readonly unique: ReadonlyMap<string, ReadonlySet<string>>;
}
