import { z } from 'zod';

/**
 * Keyset pages for every list that grows (decision 063). A page answers the list's usual body; when
 * more rows exist the `X-Next-Cursor` header holds an opaque cursor to pass back as `cursor`.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const cursorQuery = z
  .string()
  .trim()
  .max(200, 'Cursor is invalid')
  .regex(/^[A-Za-z0-9_-]*$/, 'Cursor is invalid')
  .optional();

export const limitQuery = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `Limit must be a number from 1 to ${max}` })
    .int(`Limit must be a number from 1 to ${max}`)
    .min(1, `Limit must be a number from 1 to ${max}`)
    .max(max, `Limit must be a number from 1 to ${max}`)
    .default(fallback);

export const pageQuery = (max: number, fallback: number) =>
  z.object({ cursor: cursorQuery, limit: limitQuery(max, fallback) });

/**
 * The page sizes: a default that keeps each list's first screen whole, and a ceiling; `screen`, where the
 * screen asks for less, is what its 'Load more' asks for (three rows of the four-column grid), which the
 * lists benchmark measures as the first page (decision 215).
 */
export const PAGE_SIZES = {
  adminUsers: { fallback: 50, max: 200 },
  players: { fallback: 100, max: 100, screen: 12 },
  videos: { fallback: 100, max: 100, screen: 12 },
  queue: { fallback: 50, max: 200 },
  billingHistory: { fallback: 25, max: 100 },
} as const;
