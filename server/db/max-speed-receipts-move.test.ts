/**
 * Migration 0046 (decision 284): Max Speed's receipts move from measurement_receipts into kind_receipts. A
 * database migrated to 0045 holding Max Speed receipts of two revisions (the second an override), an audit
 * of the first, a 40 and another player's speed is migrated to the end; on PGlite, or on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { receiptById, receiptRevisions } from '../modules/measurements/receipt.service';
import { withDb } from '../test/global-setup';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
const BEFORE = 45;

/** A copy of the migrations up to 0045, with the journal that lists only those. */
function migrationsUpTo(last: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'va-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  cpSync(path.join(MIGRATIONS, 'meta'), path.join(dir, 'meta'), { recursive: true });
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    cpSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

let handle: DbHandle;
let drop = async () => {};
let folder: string;
beforeAll(async () => {
  folder = migrationsUpTo(BEFORE);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    handle = await openDb({ databaseUrl: 'memory://', dataDir: tmpdir() });
    return;
  }
  const name = `va_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  handle = await openDb({ databaseUrl: withDb(url, name), dataDir: tmpdir() });
  drop = async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await drop();
  rmSync(folder, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => (await handle.db.execute(q)) as unknown as { rows: T[] };
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q)).rows[0];

describe('migration 0046', () => {
  it('copies every Max Speed receipt revision into kind_receipts, re-points the audit and drops the table', async () => {
    await runMigrations(handle, folder);
    const db = handle.db;
    await db.execute(
      sql`insert into positions (name, key) values ('Wide Receiver', 'WR') on conflict do nothing`,
    );
    const { id: userId } = await one<{ id: number }>(
      sql`insert into users (username, email, password) values ('fam', 'fam@example.com', 'x') returning id`,
    );
    const { id: analystId } = await one<{ id: number }>(
      sql`insert into users (username, email, password, role) values ('ana', 'ana@example.com', 'x', 'analyst') returning id`,
    );
    const player = async (first: string) =>
      (
        await one<{
          id: number;
        }>(sql`insert into players (user_id, first_name, last_name, primary_position_id,
          level, school, graduation_year, height_inches, weight)
          values (${userId}, ${first}, 'Stone', (select min(id) from positions), 'High School', 'Austin High', 2027, 70, 170)
          returning id`)
      ).id;
    const p1 = await player('Avery');
    const p2 = await player('Blake');
    await db.execute(sql`insert into player_discovery (player_id) values (${p1}), (${p2})`);
    const request = async (pid: number, type: string, mph: number | null) =>
      (
        await one<{
          id: number;
        }>(sql`insert into analysis_requests (player_id, request_type, hudl_url, season,
          status, max_speed, max_speed_plus_minus, completed_at, analyst_id)
          values (${pid}, ${type}, '', 2026, 'completed', ${mph}, ${mph === null ? null : 0.4},
            '2026-09-20T12:00:00Z', ${analystId})
          returning id`)
      ).id;
    const speed = await request(p1, 'max_speed', 22.8);
    const forty = await request(p1, 'forty', null);
    const other = await request(p2, 'max_speed', 19.8);
    const receipt = async (requestId: number, revision: number, mph: number, reason: string | null) =>
      (
        await one<{
          id: number;
        }>(sql`insert into measurement_receipts (request_id, revision, video_id, analyst_id,
          analyst_name, max_speed, plus_minus, method_label, override_reason, data, still_keys, created_at)
          values (${requestId}, ${revision}, null, ${analystId}, 'Ana Lyst', ${mph}, 0.4,
            'video 59.94 fps, yard-line crossings', ${reason},
            ${JSON.stringify({ request: { id: requestId }, revision })}::jsonb,
            ${JSON.stringify([`videos/still-${requestId}-${revision}.jpg`])}::jsonb,
            ${`2026-09-2${revision}T12:00:00Z`})
          returning id`)
      ).id;
    // Ids that the copy cannot keep: the other player's receipt first, so the new ids differ from the old.
    const otherOld = await receipt(other, 1, 19.8, null);
    const firstOld = await receipt(speed, 1, 22.3, null);
    const overrideOld = await receipt(speed, 2, 22.8, 'Landmark hidden at the 25: measured on the shoulder');
    await db.execute(sql`insert into kind_receipts (request_id, kind, direction, analyst_name, value, plus_minus,
      method_label, data, still_keys) values (${forty}, 'forty', 'lower', 'Ana Lyst', 4.62, 0.01,
      'verified 40, video 240 fps', '{}'::jsonb, '[]'::jsonb)`);
    const { id: auditId } = await one<{ id: number }>(sql`insert into measurement_audits (request_id,
      excluded_analyst_id, status, original_receipt_id, original_speed, original_plus_minus)
      values (${speed}, ${analystId}, 'pending', ${firstOld}, 22.3, 0.4) returning id`);
    expect([otherOld, firstOld, overrideOld]).toEqual([1, 2, 3]);

    await runMigrations(handle);

    const moved = (
      await rows<
        Record<string, unknown>
      >(sql`select request_id, kind, revision, direction, value::float8 as value,
        plus_minus::float8 as plus_minus, override_reason, analyst_id, still_keys, data, created_at
        from kind_receipts where kind = 'max_speed' order by request_id, revision`)
    ).rows.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() }));
    const copied = (requestId: number, revision: number, value: number, reason: string | null) => ({
      request_id: requestId,
      kind: 'max_speed',
      revision,
      direction: 'higher',
      value,
      plus_minus: 0.4,
      override_reason: reason,
      analyst_id: analystId,
      still_keys: [`videos/still-${requestId}-${revision}.jpg`],
      data: { request: { id: requestId }, revision },
      created_at: `2026-09-2${revision}T12:00:00.000Z`,
    });
    expect(moved).toEqual([
      copied(speed, 1, 22.3, null),
      copied(speed, 2, 22.8, 'Landmark hidden at the 25: measured on the shoulder'),
      copied(other, 1, 19.8, null),
    ]);
    expect(await one(sql`select to_regclass('measurement_receipts') as t`)).toEqual({ t: null });

    // The audit follows the revision it audited to its new id, and its foreign key is now kind_receipts'.
    const audit = await one<{ original_receipt_id: number }>(
      sql`select original_receipt_id from measurement_audits where id = ${auditId}`,
    );
    expect(audit.original_receipt_id).not.toBe(firstOld);
    const original = await receiptById(db, audit.original_receipt_id);
    expect(original).toMatchObject({ requestId: speed, revision: 1, maxSpeed: 22.3, plusMinus: 0.4 });
    const fk = await one<{ target: string }>(sql`select confrelid::regclass::text as target from pg_constraint
      where conname = 'measurement_audits_original_receipt_id_kind_receipts_id_fk'`);
    expect(fk.target).toBe('kind_receipts');

    // The module reads them as it read the old table: the latest revision first, the override's reason kept.
    const revisions = await receiptRevisions(db, speed);
    expect(
      revisions.map((r) => [
        r.revision,
        r.maxSpeed,
        r.plusMinus,
        r.overrideReason,
        r.analystName,
        r.stillKeys,
      ]),
    ).toEqual([
      [
        2,
        22.8,
        0.4,
        'Landmark hidden at the 25: measured on the shoulder',
        'Ana Lyst',
        [`videos/still-${speed}-2.jpg`],
      ],
      [1, 22.3, 0.4, null, 'Ana Lyst', [`videos/still-${speed}-1.jpg`]],
    ]);
    expect(await receiptRevisions(db, forty)).toEqual([]);

    // The coach search keeps Max Speed in its own columns, not in coach_search_results (the 40 stays there).
    const results = (
      await rows<{ player_id: number; kind: string }>(
        sql`select player_id, kind from coach_search_results order by player_id, kind`,
      )
    ).rows;
    expect(results).toEqual([{ player_id: p1, kind: 'forty' }]);
    const search = (
      await rows<{ player_id: number; speed_mph: number }>(
        sql`select player_id, speed_mph::float8 as speed_mph from coach_search order by player_id`,
      )
    ).rows;
    expect(search).toEqual([
      { player_id: p1, speed_mph: 22.8 },
      { player_id: p2, speed_mph: 19.8 },
    ]);
  }, 120_000);
});
