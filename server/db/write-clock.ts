/**
 * The write clock (decisions 215, 225, 226, 227, 239, 260), one file per concern under `clock/`:
 * - `kept-reads.ts`: what a cached read declares it reads (tables, rows), and the unwatched tables;
 * - `write-clock.ts`: the clock itself, moved by the database's notifications (the count per table, row and
 *   scope; whether a cached copy is current);
 * - `catalog.ts`: the database's tables and unique columns, read once it is migrated;
 * - `catch-up.ts`: the sync through the notification queue before a cached copy is served (PostgreSQL);
 * - `listener.ts`: the LISTEN connection that receives the notifications (PostgreSQL);
 * - `read-check.ts`: the tests' check that a cached read declares every table it reads.
 */
export * from './clock/kept-reads';
export * from './clock/write-clock';
export * from './clock/catalog';
export * from './clock/catch-up';
export * from './clock/read-check';
export * from './clock/listener';
