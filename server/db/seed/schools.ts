import { readFileSync } from 'node:fs';
import type { Db } from '../client';
import { upsertSchools, type SchoolRow } from '../../modules/players/schools.repository';

let builtin: SchoolRow[] | undefined;

/**
 * The built-in school set (every state's larger high schools and colleges, from the public NCES and
 * IPEDS directories) so search works out of the box; `schools:import` loads the full directories.
 */
export async function seedSchools(db: Db) {
  builtin ??= JSON.parse(readFileSync(new URL('./schools-builtin.json', import.meta.url), 'utf8')) as SchoolRow[];
  await upsertSchools(db, builtin, { refresh: false });
}
