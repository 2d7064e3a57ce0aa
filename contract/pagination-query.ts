import { z } from 'zod';

/**
 * The query strings of the pages (decision 063): cursor and limit as every paged endpoint reads them. Only
 * the server and the endpoints' declarations use them; apart from `pagination.ts`, whose page sizes every
 * screen reads, so a screen's code never constructs them nor loads zod for them (decision 234).
 */
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
