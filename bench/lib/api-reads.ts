/** The signed-in reads of issue 30, in the order the api bench runs them (`bench/lib/api-server.ts` serves them). */
export const NAMES = ['user', 'players', 'leaderboard', 'videos', 'queue', 'profile', 'coachSearch'] as const;
export type Name = (typeof NAMES)[number];
export const LABELS: Record<Name, string> = {
  user: 'GET /api/user',
  players: 'GET /api/players (20 players)',
  leaderboard: 'GET /api/leaderboard',
  videos: 'GET /api/videos/{playerId} (100 videos)',
  queue: 'GET /api/analysis-requests/queue (analyst, 200 pending)',
  profile: 'GET /p/{slug} (public profile page, signed out)',
  coachSearch: 'GET /api/coach/search (approved coach, 20 discoverable)',
};
