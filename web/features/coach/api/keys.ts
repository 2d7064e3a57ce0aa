import type { CoachSearchFilters } from '@contract/coach';

/** The coach feature's query keys. */
export const coachKeys = {
  search: (filters: CoachSearchFilters) => ['coach', 'search', filters] as const,
  profile: (playerId: number) => ['coach', 'profile', playerId] as const,
  positions: ['coach', 'positions'] as const,
  watchlist: ['coach', 'watchlist'] as const,
  connections: ['coach', 'connections'] as const,
  discovery: (playerId: number) => ['discovery', playerId] as const,
  views: (playerId: number) => ['discovery', playerId, 'views'] as const,
  messages: ['coach-messages'] as const,
  applications: ['admin', 'coach-applications'] as const,
  domains: (ipedsId: number) => ['admin', 'athletics-domains', ipedsId] as const,
};
