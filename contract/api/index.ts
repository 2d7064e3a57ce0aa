import { accountApi } from './account';
import { adminApi } from './admin';
import { analysisApi } from './analysis';
import { analyticsApi } from './analytics';
import { auditsApi } from './audits';
import { authApi } from './auth';
import { billingApi, testCheckoutApi } from './billing';
import { coachAdminApi, coachApi, coachFamilyApi } from './coach';
import { coachDomainsApi } from './coach-domains';
import { diagnosticsApi } from './diagnostics';
import { fortyApi } from './forty';
import { leaderboardApi } from './leaderboard';
import { measurementsApi } from './measurements';
import { playersApi } from './players';
import { profileApi } from './profile';
import { referralsApi } from './referrals';
import { sharingApi } from './sharing';
import { verticalJumpApi } from './vertical-jump';
import { videosApi } from './videos';

/**
 * Every declared endpoint, by feature (one file per server module). The app registers each one; a test
 * checks it. The test checkout's are registered only with the built-in test-mode payments.
 */
export const apis = {
  account: accountApi,
  admin: adminApi,
  analysis: analysisApi,
  analytics: analyticsApi,
  audits: auditsApi,
  auth: authApi,
  billing: billingApi,
  testCheckout: testCheckoutApi,
  coach: coachApi,
  coachFamily: coachFamilyApi,
  coachAdmin: coachAdminApi,
  coachDomains: coachDomainsApi,
  diagnostics: diagnosticsApi,
  forty: fortyApi,
  leaderboard: leaderboardApi,
  measurements: measurementsApi,
  players: playersApi,
  profile: profileApi,
  referrals: referralsApi,
  sharing: sharingApi,
  verticalJump: verticalJumpApi,
  videos: videosApi,
};
