import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth.routes';
import profileRoutes from './profile/profile.routes';
import filesRoutes from './files/files.routes';
import playersModule from './players';
import analysisModule from './analysis';
import measurementsModule from './measurements';
import billingModule from './billing';
import leaderboardModule from './leaderboard';
import adminModule from './admin';
import diagnosticsModule from './diagnostics';
import accountModule from './account';
import retentionModule from './retention';
import sharingModule from './sharing';
import auditsModule from './audits';

/** Every feature's routes; each feature folder's index.ts registers its own route files. */
export const modules: FastifyPluginAsync[] = [
  authRoutes,
  profileRoutes,
  filesRoutes,
  playersModule,
  analysisModule,
  measurementsModule,
  billingModule,
  leaderboardModule,
  adminModule,
  diagnosticsModule,
  accountModule,
  retentionModule,
  sharingModule,
  auditsModule,
];
