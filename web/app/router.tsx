import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Role } from '@contract/constants';
import { Spinner } from '@/components/ui/spinner';
import { resetCacheWithUser, SIGNED_IN_FLAG } from '@/features/auth/api/auth-mutations';
import { useUser } from '@/features/auth/api/use-user';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { PageViewTracker } from '@/features/analytics/page-view-tracker';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

const r = (load: () => Promise<{ default: React.ComponentType }>) => lazy(load);
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
const AdminUsers = r(() => import('./routes/admin-users'));
const AdminReporting = r(() => import('./routes/admin-reporting'));
const AnalystAudits = r(() => import('./routes/analyst-audits'));
const AdminAudits = r(() => import('./routes/admin-audits'));
const TestSearch = r(() => import('./routes/test-search'));
const TestCheckout = r(() => import('./routes/test-checkout'));
const NotFound = r(() => import('./routes/not-found'));
// The signed-in shell (header, menus) loads with the first signed-in screen, not with /auth-page (decision 143).
const AppLayout = lazy(() =>
  import('@/components/layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);

const loading = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner size="lg" />
  </div>
);

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
    void api('/api/logout', { method: 'POST' })
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
      <Route path="*" element={<AuthPage />} />
    </Routes>
  );
}

function SignedInRoutes() {
  const admin: Role[] = ['admin'];
  return (
    <Routes>
      <Route path={paths.auth} element={<SignedInAuthPage />} />
      <Route path={paths.resetPassword} element={<ResetPassword />} />
      <Route path={`${paths.verifyEmail}/*`} element={<VerifyEmail />} />
      <Route path={paths.authDebug} element={<AuthDebug />} />
      <Route path="/checkout/test/:sessionId" element={<TestCheckout />} />
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.testSearch} element={<TestSearch />} />
        <Route path={paths.playerNew} element={<PlayerNew />} />
        <Route path="/players/:id" element={<PlayerCard />} />
        <Route path="/players/:id/edit" element={<PlayerEdit />} />
        <Route path="/players/:id/videos" element={<PlayerVideos />} />
        <Route path={paths.subscriptions} element={<Subscriptions />} />
        <Route path={paths.products} element={<Navigate to={paths.subscriptions} replace />} />
        <Route path={paths.profile} element={<Profile />} />
        <Route path={paths.leaderboard} element={<Leaderboard />} />
        <Route path="/receipts/:requestId" element={<Receipt />} />
        <Route
          path={paths.analystQueue}
          element={
            <RequireRole roles={['analyst', 'admin']}>
              <AnalystQueue />
            </RequireRole>
          }
        />
        <Route
          path={paths.adminUsers}
          element={
            <RequireRole roles={admin}>
              <AdminUsers />
            </RequireRole>
          }
        />
        <Route
          path={paths.adminReporting}
          element={
            <RequireRole roles={admin}>
              <AdminReporting />
            </RequireRole>
          }
        />
        <Route
          path={paths.analystAudits}
          element={
            <RequireRole roles={['analyst', 'admin']}>
              <AnalystAudits />
            </RequireRole>
          }
        />
        <Route
          path={paths.adminAudits}
          element={
            <RequireRole roles={admin}>
              <AdminAudits />
            </RequireRole>
          }
        />
        <Route
          path={paths.webhookDebug}
          element={
            <RequireRole roles={admin}>
              <WebhookDebug />
            </RequireRole>
          }
        />
        <Route
          path={paths.testVideoDownload}
          element={
            <RequireRole roles={admin}>
              <TestVideoDownload />
            </RequireRole>
          }
        />
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
