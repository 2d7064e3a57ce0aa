/**
 * Keyset pages for every list that grows (decision 063). A page answers the list's usual body; when
 * more rows exist the `X-Next-Cursor` header holds an opaque cursor to pass back as `cursor`.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

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
