import { expect } from 'vitest';
import { as, type TestApp, type TestUser } from './helpers';

/** Follows X-Next-Cursor from the first page to the last; returns every page's rows in order. */
export async function walkPages<T = any>(
  t: TestApp,
  user: TestUser,
  url: string,
  pick: (body: any) => T[] = (b) => b,
  maxPages = 50,
) {
  const pages: T[][] = [];
  let next: string | undefined;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await as(t, user, { method: 'GET', url: next ? `${url}${sep}cursor=${next}` : url });
    expect(res.statusCode, res.body).toBe(200);
    pages.push(pick(res.json()));
    next = res.headers['x-next-cursor'] as string | undefined;
  } while (next && pages.length < maxPages);
  return pages;
}
