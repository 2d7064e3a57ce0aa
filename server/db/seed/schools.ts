import type { Db } from '../client';

/** The built-in school set covering every state (owned by the players feature). */
export async function seedSchools(_db: Db) {}
