import type { Db } from '../client';

/** Plans and one-time products (owned by the billing feature). */
export async function seedPlans(_db: Db) {}
