import { Suspense, useEffect, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate, type Params } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '@contract/api/auth';
import { canProcessRequests, isAdmin, isCoach, ROLES, type Role } from '@contract/access';
import { analysisKinds } from '@contract/analysis-kinds';
import { resetCacheWithUser, SIGNED_IN_FLAG } from '@/features/auth/api/auth-mutations';
import { useUser } from '@/features/auth/api/use-user';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { PageViewTracker } from '@/features/analytics/page-view-tracker';
import { prefetchPlayer } from '@/features/players/api/get-player';
import { prefetchPlayerPages } from '@/features/players/api/get-players';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { loading, onDemand as r, type OnDemandScreen } from './on-demand';

const AuthPage = r(() => import('./routes/auth-page'));
const ResetPassword = r(() => import('./routes/reset-password'));
const VerifyEmail = r(() => import('./routes/verify-email'));
const AuthDebug = r(() => import('./routes/auth-debug'));
const WebhookDebug = r(() => import('./routes/webhook-debug'));
const TestVideoDownload = r(() => import('./routes/test-video-download'));
const Home = r(() => import('./routes/home'));
const PlayerNew = r(() => import('./routes/player-new'));
const PlayerCard = r(() => import('./routes/player-card'));
const PlayerEdit = r(() => import('./routes/player-edit'));
const PlayerVideos = r(() => import('./routes/player-videos'));
const Subscriptions = r(() => import('./routes/subscriptions'));
const Profile = r(() => import('./routes/profile'));
const Leaderboard = r(() => import('./routes/leaderboard'));
const AnalystQueue = r(() => import('./routes/analyst-queue'));
const Receipt = r(() => import('./routes/receipt'));
const KindReceipt = r(() => import('./routes/kind-receipt'));
const AdminUsers = r(() => import('./routes/admin-users'));
const AdminReporting = r(() => import('./routes/admin-reporting'));
const AdminRecheck = r(() => import('./routes/admin-recheck'));
const AnalystAudits = r(() => import('./routes/analyst-audits'));
const AdminAudits = r(() => import('./routes/admin-audits'));
const TestSearch = r(() => import('./routes/test-search'));
const TestCheckout = r(() => import('./routes/test-checkout'));
const CoachSearch = r(() => import('./routes/coach-search'));
const CoachPlayer = r(() => import('./routes/coach-player'));
const CoachWatchlist = r(() => import('./routes/coach-watchlist'));
const CoachUnsubscribe = r(() => import('./routes/coach-unsubscribe'));
const CoachConnect = r(() => import('./routes/coach-connect'));
const NotFound = r(() => import('./routes/not-found'));
// The signed-in shell (header, menus) loads with the first signed-in screen, not with /auth-page (decision 143).
const AppLayout = r(() => import('@/app/layouts/app-layout').then((m) => ({ default: m.AppLayout })));

/** A referralCode anywhere signs the user out, then opens registration with the code. */
function ReferralRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user } = useUser();
  const code = new URLSearchParams(location.search).get('referralCode');
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!code || (location.pathname === paths.auth && !signedIn)) return;
    void call(authApi.logout)
      .catch(() => undefined)
      .finally(() => {
        // Signing out on purpose: no 'Session expired' toast.
        sessionStorage.removeItem(SIGNED_IN_FLAG);
        resetCacheWithUser(qc, null);
        void navigate(`${paths.auth}?referralCode=${encodeURIComponent(code)}&mode=register`, {
          replace: true,
        });
      });
  }, [code, location.pathname, signedIn, navigate, qc]);
  return null;
}

/** Signed in, the auth page goes home, unless a referral link is about to sign the user out. */
function SignedInAuthPage() {
  const code = new URLSearchParams(useLocation().search).get('referralCode');
  return code ? null : <Navigate to={paths.home} replace />;
}

function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user } = useUser();
  if (!user || !roles.includes(user.role)) return <NotFound />;
  return <>{children}</>;
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.resetPassword} element={<ResetPassword />} />
      <Route path={`${paths.verifyEmail}/*`} element={<VerifyEmail />} />
      <Route path={paths.authDebug} element={<AuthDebug />} />
      <Route path={paths.webhookDebug} element={<WebhookDebug />} />
      <Route path={paths.testVideoDownload} element={<TestVideoDownload />} />
      <Route path="/checkout/test/:sessionId" element={<TestCheckout />} />
      <Route path="/coach/unsubscribe" element={<CoachUnsubscribe />} />
      <Route path="/coach/connect/:id" element={<CoachConnect />} />
      <Route path="*" element={<AuthPage />} />
    </Routes>
  );
}

/**
 * A player screen's first data (decision 232): the player at once (its request code is in the entry), the
 * screen's other first reads once `load` brings their module with the screen's code, so the entry does not
 * carry the request code of every feature the screen reads. An address that names no player asks for nothing.
 */
const playerScreenData =
  (load: () => Promise<{ prefetch: (playerId: number) => Promise<unknown> }>) =>
  ({ id }: Params) => {
    const playerId = Number(id);
    return (
      Number.isInteger(playerId) &&
      playerId > 0 &&
      Promise.all([prefetchPlayer(playerId), load().then((m) => m.prefetch(playerId))])
    );
  };

const staff: Role[] = ROLES.filter(canProcessRequests);
const admin: Role[] = ROLES.filter(isAdmin);
/** The family screens: every role but a coach's (decision 211). */
const family: Role[] = ROLES.filter((role) => !isCoach(role));
const coach: Role[] = ROLES.filter(isCoach);
interface ShellScreen {
  path: string;
  Screen: OnDemandScreen;
  roles?: Role[];
  /** Asks for the screen's first data once the session check says signed in (decision 192). */
  data?: (params: Params, search: URLSearchParams) => unknown;
}
/** The screens inside the signed-in shell, with the roles that may open them (others see Not found). */
const SHELL_SCREENS: ShellScreen[] = [
  { path: paths.home, Screen: Home, data: () => prefetchPlayerPages() },
  { path: paths.testSearch, Screen: TestSearch, roles: family },
  { path: paths.playerNew, Screen: PlayerNew, roles: family },
  {
    path: '/players/:id',
    Screen: PlayerCard,
    roles: family,
    data: playerScreenData(() => import('./routes/player-card-data')),
  },
  { path: '/players/:id/edit', Screen: PlayerEdit, roles: family },
  {
    path: '/players/:id/videos',
    Screen: PlayerVideos,
    roles: family,
    data: playerScreenData(() => import('./routes/player-videos-data')),
  },
  { path: paths.subscriptions, Screen: Subscriptions, roles: family },
  { path: paths.profile, Screen: Profile },
  { path: paths.leaderboard, Screen: Leaderboard, roles: family },
  {
    path: '/receipts/:requestId',
    Screen: Receipt,
    roles: family,
    // Its module (and the measurements contract) comes with the screen's code, not in every screen's entry.
    data: ({ requestId }, search) =>
      requestId &&
      import('@/features/measurements/api/get-receipt').then((m) => m.prefetchReceipt(requestId, search)),
  },
  { path: paths.coachSearch, Screen: CoachSearch, roles: coach },
  { path: '/coach/players/:id', Screen: CoachPlayer, roles: coach },
  { path: paths.coachWatchlist, Screen: CoachWatchlist, roles: coach },
  { path: paths.analystQueue, Screen: AnalystQueue, roles: staff },
  { path: paths.adminUsers, Screen: AdminUsers, roles: admin },
  { path: paths.adminReporting, Screen: AdminReporting, roles: admin },
  { path: paths.adminRecheck, Screen: AdminRecheck, roles: admin },
  { path: paths.analystAudits, Screen: AnalystAudits, roles: staff },
  { path: paths.adminAudits, Screen: AdminAudits, roles: admin },
  { path: paths.webhookDebug, Screen: WebhookDebug, roles: admin },
  { path: paths.testVideoDownload, Screen: TestVideoDownload, roles: admin },
];

/**
 * The shell's screens and a receipt screen per kind at its entry's `receiptPage` (decision 271): one screen
 * shows the view the kind registered. Read at each call, so a kind registered later (a test's) has its own.
 */
const shellScreens = (): ShellScreen[] => [
  ...SHELL_SCREENS,
  ...analysisKinds().flatMap((k) =>
    k.receiptPage ? [{ path: `${k.receiptPage}/:requestId`, Screen: KindReceipt, roles: family }] : [],
  ),
];

/**
 * Starts loading the screen at `pathname` (and the shell around it) while the session check is in
 * flight, instead of after it: the screen's code and `/api/user` travel together (decision 191). Once
 * `user` says signed in, the screen's first data is asked for too, while its code still loads (decision 192),
 * and the screen waits for it (at most `HOLD_AT_MOST_MS`) to render once, whole (decision 232).
 */
export function preloadScreen(pathname: string, user: Promise<unknown>, search = '') {
  if (matchPath(paths.auth, pathname)) return void AuthPage.preload();
  for (const shell of shellScreens()) {
    const match = matchPath(shell.path, pathname);
    if (!match) continue;
    void AppLayout.preload();
    void shell.Screen.preload();
    // The screen renders once, with its first data, not once per answer (decision 232).
    if (shell.data)
      shell.Screen.hold(user.then((u) => u && shell.data!(match.params, new URLSearchParams(search))));
    return;
  }
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route path={paths.auth} element={<SignedInAuthPage />} />
      <Route path={paths.resetPassword} element={<ResetPassword />} />
      <Route path={`${paths.verifyEmail}/*`} element={<VerifyEmail />} />
      <Route path={paths.authDebug} element={<AuthDebug />} />
      <Route path="/checkout/test/:sessionId" element={<TestCheckout />} />
      <Route path="/coach/unsubscribe" element={<CoachUnsubscribe />} />
      <Route path="/coach/connect/:id" element={<CoachConnect />} />
      <Route element={<AppLayout />}>
        <Route path={paths.products} element={<Navigate to={paths.subscriptions} replace />} />
        {shellScreens().map(({ path, Screen, roles }) => (
          <Route
            key={path}
            path={path}
            element={
              roles ? (
                <RequireRole roles={roles}>
                  <Screen />
                </RequireRole>
              ) : (
                <Screen />
              )
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  const { user, isLoading } = useUser();
  return (
    <>
      <SessionGuard />
      <ReferralRedirect />
      <PageViewTracker />
      <Suspense fallback={loading}>
        {isLoading ? loading : user ? <SignedInRoutes /> : <SignedOutRoutes />}
      </Suspense>
    </>
  );
}
