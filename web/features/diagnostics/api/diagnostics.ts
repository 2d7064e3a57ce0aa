import { queryOptions, useQuery } from '@tanstack/react-query';
import { diagnosticsApi } from '@contract/api/diagnostics';
import type { Health, SessionDebug } from '@contract/diagnostics';
import { pathOf } from '@contract/endpoint';
import { diagnosticsKeys } from './keys';

async function getJson<T>(
  path: string,
  what: string,
  okStatuses: number[],
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (!okStatuses.includes(res.status)) {
    const text = await res.text().catch(() => '');
    throw new Error(`Failed to fetch ${what}: ${res.status} ${text || res.statusText}`);
  }
  return (await res.json()) as T;
}

const sessionDebugQueryOptions = queryOptions({
  queryKey: diagnosticsKeys.session,
  queryFn: ({ signal }) =>
    getJson<SessionDebug>(pathOf(diagnosticsApi.sessionDebug), 'session data', [200], signal),
  staleTime: 0,
  gcTime: 0,
});

/** A 503 still carries the health report (database down), so it is shown, not thrown. */
const healthQueryOptions = queryOptions({
  queryKey: diagnosticsKeys.health,
  queryFn: ({ signal }) => getJson<Health>(pathOf(diagnosticsApi.health), 'health data', [200, 503], signal),
  staleTime: 0,
  gcTime: 0,
});

export const useSessionDebug = () => useQuery(sessionDebugQueryOptions);
export const useHealth = () => useQuery(healthQueryOptions);
