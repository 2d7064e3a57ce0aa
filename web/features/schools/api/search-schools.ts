import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { SCHOOL_SEARCH_MIN } from '@contract/constants';
import { pathOf } from '@contract/endpoint';
import type { School } from '@contract/schools';
import { schoolKeys } from './keys';

/** The specification reports a failed search by its HTTP status text. */
async function searchSchools(searchTerm: string, level: string, signal?: AbortSignal): Promise<School[]> {
  const res = await fetch(pathOf(playersApi.searchSchools), {
    method: playersApi.searchSchools.method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ searchTerm, level }),
    signal,
  });
  if (!res.ok) throw new Error(`Failed to fetch schools: ${res.statusText || res.status}`);
  return res.json();
}

const schoolSearchQueryOptions = (term: string, level: string | undefined) =>
  queryOptions({
    queryKey: schoolKeys.search(term, level),
    queryFn: ({ signal }) => searchSchools(term, level!, signal),
    enabled: Boolean(level) && term.trim().length >= SCHOOL_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useSchoolSearch = (term: string, level: string | undefined) =>
  useQuery(schoolSearchQueryOptions(term, level));
