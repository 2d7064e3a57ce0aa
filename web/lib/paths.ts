import { findAnalysisKind } from '@contract/analysis-kinds';

/** Every screen path in one place. */
export const paths = {
  home: '/',
  auth: '/auth-page',
  register: '/auth-page?mode=register',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  playerNew: '/players/new',
  player: (id: number | string) => `/players/${id}`,
  playerEdit: (id: number | string) => `/players/${id}/edit`,
  playerVideos: (id: number | string) => `/players/${id}/videos`,
  subscriptions: '/subscriptions',
  products: '/products',
  profile: '/profile',
  leaderboard: '/leaderboard',
  analystQueue: '/analyst/queue',
  receipt: (requestId: number | string, revision?: number) =>
    `/receipts/${requestId}${revision ? `?revision=${revision}` : ''}`,
  /** A result's receipt screen at its kind's `receiptPage` (its path, then the request's id); null where it has none. */
  kindReceipt: (kind: string, requestId: number | string) => {
    const page = findAnalysisKind(kind)?.receiptPage;
    return page ? `${page}/${requestId}` : null;
  },
  adminUsers: '/admin/users',
  adminReporting: '/admin/reporting',
  adminRecheck: '/admin/recheck',
  analystAudits: '/analyst/audits',
  adminAudits: '/admin/audits',
  webhookDebug: '/webhook-debug',
  testVideoDownload: '/test-video-download',
  testSearch: '/test-search',
  authDebug: '/auth-debug',
  coachSearch: '/coach/search',
  coachWatchlist: '/coach/watchlist',
  coachPlayer: (id: number | string) => `/coach/players/${id}`,
} as const;

/** Paths that never trigger the session-expired redirect (prefix match for /verify-email). */
export function isSessionExempt(pathname: string) {
  return ['/', '/auth-page', '/reset-password'].includes(pathname) || pathname.startsWith('/verify-email');
}
