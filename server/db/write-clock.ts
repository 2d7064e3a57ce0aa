/**
 * The write clock (decisions 215, 225, 226, 227, 239), one file per concern under `clock/`:
 * - `sql-writes.ts`: which watched tables a statement writes, read from its SQL text;
 * - `written-rows.ts`: which rows a single-table write touches, read from its `where` or its values;
 * - `kept-reads.ts`: what a cached read declares it reads, and what the catalog says a write also writes;
 * - `write-clock.ts`: the clock itself (the count per table, row and scope; whether a cached copy is current);
 * - `catch-up.ts`: the sync through the notification queue before a cached copy is served;
 * - `client-watch.ts`: the clients' statements watched as they are sent, and the tests' check of cached reads;
 * - `listener.ts`: the LISTEN connection that receives other processes' writes.
 */
export * from './clock/sql-writes';
export * from './clock/written-rows';
export * from './clock/kept-reads';
export * from './clock/write-clock';
export * from './clock/catch-up';
export * from './clock/client-watch';
export * from './clock/listener';
