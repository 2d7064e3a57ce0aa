/**
 * Who may call each route (decision 074): 'public' anyone, 'user' any signed-in account, 'analyst'
 * analysts and admins, 'admin' admins. A route may instead say `config: { access }` itself. The route
 * access test fails for any registered route missing from both.
 */
export type Access = 'public' | 'user' | 'analyst' | 'admin';

export const ROUTE_ACCESS: Record<string, Access> = {
  // Web app, API documentation, files (private files need a signed URL), public profiles
  'GET *': 'public',
  'GET /files/*': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/*': 'public',
  'GET /p/:slug': 'public',
  'GET /p/:slug/profile.json': 'public',
  'GET /p/:slug/share.png': 'public',
  'GET /p/:slug/qr.svg': 'public',
  'GET /p/:slug/qr.png': 'public',
  'GET /p/:slug/recruiting-sheet.pdf': 'public',
  'GET /p/:slug/receipts/:requestId': 'public',

  // Accounts
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user': 'user',
  'PUT /api/user/profile': 'user',
  'POST /api/reset-password': 'public',
  'POST /api/reset-password/confirm': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/resend-verification': 'public',
  'GET /api/account/export': 'user',
  'DELETE /api/account': 'user',

  // Players, schools, positions, uploads, sharing
  'GET /api/players': 'user',
  'POST /api/players': 'user',
  'GET /api/players/:id': 'user',
  'PUT /api/players/:id': 'user',
  'DELETE /api/players/:id': 'user',
  'GET /api/players/:id/pending-requests': 'user',
  'GET /api/players/:id/share': 'user',
  'PUT /api/players/:id/share': 'user',
  'POST /api/players/:id/share/new-link': 'user',
  'GET /api/positions': 'user',
  'GET /api/positions/:id/submetrics': 'user',
  'POST /api/schools/search': 'user',
  'POST /api/upload': 'user',

  // Videos and analysis
  'GET /api/videos/:playerId': 'user',
  'GET /api/videos/:id/media': 'user',
  'POST /api/videos/upload': 'user',
  'POST /api/videos/refresh-url': 'user',
  'GET /api/video-download/:id': 'user',
  'POST /api/analysis-requests': 'user',
  'POST /api/iga-analysis-requests': 'user',
  'GET /api/analysis-requests/:id/submetrics': 'user',
  'GET /api/analysis-requests/:id/receipt': 'user',
  'GET /api/analysis-requests/queue': 'analyst',
  'GET /api/analysis-requests/:id/population': 'analyst',
  'POST /api/analysis-requests/:id/complete': 'analyst',
  'POST /api/analysis-requests/:id/reject': 'analyst',
  'POST /api/analysis-requests/:id/source-video': 'analyst',
  'POST /api/analysis-requests/:id/measurement': 'analyst',
  'POST /api/measurements/preview': 'analyst',

  // Billing and referrals
  'GET /api/plans': 'public',
  'GET /api/stripe/config': 'public',
  'POST /api/checkout': 'user',
  'GET /api/checkout/preview': 'user',
  // The built-in test checkout: the unguessable session id is the capability, as on Stripe's hosted page.
  'GET /api/checkout/test/:sessionId': 'public',
  'POST /api/checkout/test/:sessionId/pay': 'public',
  'GET /api/checkout/test/:sessionId/payment': 'public',
  'POST /api/checkout/test/:sessionId/refund': 'public',
  'POST /api/checkout/test/:sessionId/dispute': 'public',
  'POST /api/checkout/test/:sessionId/dispute/close': 'public',
  'GET /api/subscriptions': 'user',
  'POST /api/subscriptions/:id/cancel': 'user',
  'POST /api/subscriptions/:id/reactivate': 'user',
  'GET /api/billing/account': 'user',
  'GET /api/billing/history': 'user',
  'GET /api/billing/history.csv': 'user',
  'POST /api/billing/portal': 'user',
  // Signed by the provider; the signature is checked on the raw body.
  'POST /api/webhook/webhooks/stripe': 'public',
  'POST /api/webhook/test-body': 'admin',
  'POST /api/webhook/test/stripe': 'admin',
  'GET /api/webhook/stripe/debug': 'admin',
  'POST /api/referrals/send': 'user',
  'GET /api/referrals/:code': 'public',
  'POST /api/referrals/:code/complete': 'public',

  // Leaderboard, analytics, admin, diagnostics
  'GET /api/leaderboard': 'user',
  'POST /api/analytics/events': 'public',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/expire-session': 'admin',
  'GET /api/admin/reporting': 'admin',
  'GET /api/health': 'public',
  'GET /api/session-debug': 'public',
  'GET /api/dev/outbox': 'public',
};
