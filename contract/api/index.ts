import { accountApi } from './account';
import { adminApi } from './admin';
import { analyticsApi } from './analytics';
import { authApi } from './auth';
import { diagnosticsApi } from './diagnostics';
import { playersApi } from './players';
import { profileApi } from './profile';
import { referralsApi } from './referrals';
import { sharingApi } from './sharing';
import { videosApi } from './videos';

/** Every declared endpoint, by feature: the app registers each one (a test checks it). */
export const apis = {
  account: accountApi,
  admin: adminApi,
  analytics: analyticsApi,
  auth: authApi,
  diagnostics: diagnosticsApi,
  players: playersApi,
  profile: profileApi,
  referrals: referralsApi,
  sharing: sharingApi,
  videos: videosApi,
};
