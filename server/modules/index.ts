import type { FastifyPluginAsync } from 'fastify';
import authModule from './auth';
import profileRoutes from './profile';
import filesRoutes from './files';
import playersModule from './players';
import analysisModule from './analysis';
import videosModule from './videos';
import measurementsModule from './measurements';
import fortyModule from './forty';
import verticalJumpModule from './vertical-jump';
import billingModule from './billing';
import referralsModule from './referrals';
import leaderboardModule from './leaderboard';
import adminModule from './admin';
import diagnosticsModule from './diagnostics';
import analyticsModule from './analytics';
import accountModule from './account';
import retentionModule from './retention';
import sharingModule from './sharing';
import auditsModule from './audits';
import coachModule from './coach';
// Kinds whose own code only registers with the others (their completion and clip check; decision 279).
import './max-speed';
import './iga';

/** Every feature's routes, registered here and nowhere else (decision 172); each index.ts registers its own route files. */
export const modules: FastifyPluginAsync[] = [
  authModule,
  profileRoutes,
  filesRoutes,
  playersModule,
  analysisModule,
  videosModule,
  measurementsModule,
  fortyModule,
  verticalJumpModule,
  billingModule,
  referralsModule,
  leaderboardModule,
  adminModule,
  diagnosticsModule,
  analyticsModule,
  accountModule,
  retentionModule,
  sharingModule,
  auditsModule,
  coachModule,
];
