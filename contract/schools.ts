import { z } from 'zod';
import { LEVELS, SCHOOL_SEARCH_MIN } from './constants';

export const SCHOOL_SEARCH_LIMIT = 20;
const SCHOOL_SEARCH_TOO_SHORT = `Enter at least ${SCHOOL_SEARCH_MIN} characters to search`;

export const schoolSearchSchema = z.object({
  searchTerm: z
    .string({ error: SCHOOL_SEARCH_TOO_SHORT })
    .trim()
    .min(SCHOOL_SEARCH_MIN, SCHOOL_SEARCH_TOO_SHORT)
    .max(100, 'Search term is too long'),
  level: z.enum(LEVELS, { error: 'Level is required' }),
});
export type SchoolSearchInput = z.infer<typeof schoolSearchSchema>;

export const schoolSchema = z.object({
  name: z.string(),
  city: z.string(),
  state: z.string(),
  /** A college's IPEDS unit id (a coach application names its college by it); null for high schools. */
  ipedsId: z.number().nullable().optional(),
});
export type School = z.infer<typeof schoolSchema>;
export const schoolListSchema = z.array(schoolSchema);
