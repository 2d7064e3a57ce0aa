import { and, asc, eq, gt, inArray, like, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminCreateUserInput, AdminUpdateUserInput, AdminUser } from '../../../contract/admin';
import type { Role } from '../../../contract/access';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { decodeCursor, isIntKey, toPage } from '../../lib/pagination';
import { lockAdminsFor } from './admin-guards';
import { rareTrigramSearch } from './admin-users-search';

type UserRow = typeof users.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    isEmailVerified: u.isEmailVerified,
    loginCount: u.loginCount,
    lastLoginAt: iso(u.lastLoginAt),
    firstLoginAt: iso(u.firstLoginAt),
    createdAt: u.createdAt.toISOString(),
  };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How many users by id a search reads before it asks the trigram index (decision 215): first a few, then,
 * when those matched often enough that the wider window would likely fill the page, more. A term in at least
 * one user in 800 (`last97`, 1 in 125 at 1,000,000 users) fills its page from them in id order; any other
 * goes to the index after the first few thousand rows, asked for the term's rare trigrams (decision 219).
 */
export const SEARCH_WINDOWS: readonly number[] = [2_000, 40_000];

type Searchable = Record<'role' | 'isEmailVerified' | 'searchText' | 'id', AnyColumn>;

/** One keyset page of users by id, filtered by role, verification and a search in email, username and name. */
export async function listUsers(
  db: DbOrTx,
  q: { role?: Role; q?: string; verified?: boolean; cursor?: string; limit: number },
  windows: readonly number[] = SEARCH_WINDOWS,
) {
  const after = decodeCursor(q.cursor, isIntKey);
  const term = q.q ? `%${likeEscape(q.q)}%` : null;
  const limit = q.limit + 1;
  // The stored lower-cased column users_search_text_trgm_idx indexes: a plain LIKE, no per-row lower() or concatenation (decision 123).
  const plain = (u: Searchable) => (term ? like(u.searchText, sql`lower(${term})`) : undefined);
  const where = (u: Searchable, search: SQL | undefined) =>
    and(
      q.role ? eq(u.role, q.role) : undefined,
      q.verified === undefined ? undefined : eq(u.isEmailVerified, q.verified),
      search,
      after ? gt(u.id, after[0]) : undefined,
    );
  // A common term: the next users by id hold a whole page of matches, read in id order without sorting
  // thousands of index matches (the first `limit` matches among them are the first overall).
  const within = (size: number) => {
    const next = db
      .select()
      .from(users)
      .where(after ? gt(users.id, after[0]) : undefined)
      .orderBy(asc(users.id))
      .limit(size)
      .as('next_users');
    return db
      .select()
      .from(next)
      .where(where(next, plain(next)))
      .orderBy(asc(next.id))
      .limit(limit);
  };
  let rows: UserRow[] = [];
  if (term)
    for (let i = 0; i < windows.length; i++) {
      rows = await within(windows[i]);
      const wider = windows[i + 1];
      // On to the wider window only when this one's share of matches would fill a page there.
      if (rows.length >= limit || !wider || (rows.length * wider) / windows[i] < limit) break;
    }
  if (rows.length < limit) {
    const search = q.q ? ((await rareTrigramSearch(db, q.q)) ?? plain(users)) : undefined;
    rows = await db.select().from(users).where(where(users, search)).orderBy(asc(users.id)).limit(limit);
  }
  const page = toPage(rows, q.limit, (u) => [u.id]);
  return { items: page.items.map(toAdminUser), next: page.next };
}

/**
 * Sign-in looks a user up by username and a reset by email, so neither may be taken by another
 * account under either name.
 */
async function assertNamesFree(db: DbOrTx, input: { username: string; email: string }, exceptId?: number) {
  const names = [input.username, input.email];
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(inArray(sql`lower(${users.username})`, names), inArray(sql`lower(${users.email})`, names)),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  const taken = (name: string) =>
    clash.some((c) => c.username.toLowerCase() === name || c.email.toLowerCase() === name);
  const errors: Record<string, string> = {};
  if (taken(input.username)) errors.username = 'Username is already taken';
  if (taken(input.email)) errors.email = 'Email is already in use';
  const first = Object.values(errors)[0];
  if (first) throw new AppError('CONFLICT', first, errors);
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Accounts an admin creates are verified: the admin vouches for the address and hands over the password. */
export async function createUser(db: DbOrTx, input: AdminCreateUserInput) {
  await assertNamesFree(db, input);
  const password = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        role: input.role,
        password,
        isEmailVerified: true,
      })
      .returning();
    return toAdminUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username or email is already in use');
    throw err;
  }
}

export async function updateUser(db: DbOrTx, actorId: number, id: number, input: AdminUpdateUserInput) {
  if (input.id !== undefined && input.id !== id)
    throw new AppError('VALIDATION_ERROR', 'User id does not match', { id: 'User id does not match' });
  return db.transaction(async (tx) => {
    const admins = await lockAdminsFor(tx, actorId);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound('User not found');
    if (target.role === 'admin' && input.role !== 'admin') {
      if (id === actorId) throw conflict('You cannot remove your own admin role');
      if (admins.length <= 1) throw conflict('The last admin cannot be demoted');
    }
    await assertNamesFree(tx, input, id);
    try {
      const [row] = await tx
        .update(users)
        .set({ username: input.username, email: input.email, role: input.role })
        .where(eq(users.id, id))
        .returning();
      return toAdminUser(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Username or email is already in use');
      throw err;
    }
  });
}
