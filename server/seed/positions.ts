import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { positions } from '../db/schema';

export const POSITIONS = [
  { key: 'QB', name: 'Quarterback' },
  { key: 'RB', name: 'Running Back' },
  { key: 'WR', name: 'Wide Receiver' },
  { key: 'TE', name: 'Tight End' },
  { key: 'OL', name: 'Offensive Line' },
  { key: 'DL', name: 'Defensive Line' },
  { key: 'LB', name: 'Linebacker' },
  { key: 'CB', name: 'Cornerback' },
  { key: 'S', name: 'Safety' },
  { key: 'K', name: 'Kicker' },
  { key: 'P', name: 'Punter' },
  { key: 'ATH', name: 'Athlete' },
];

export async function seedPositions(db: Db) {
  await db
    .insert(positions)
    .values(POSITIONS)
    .onConflictDoUpdate({ target: positions.key, set: { name: sql`excluded.name` } });
}
