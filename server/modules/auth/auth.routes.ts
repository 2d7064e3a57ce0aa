import type { FastifyInstance } from 'fastify';
import { authApi } from '../../../contract/api/auth';
import { AppError } from '../../lib/app-error';
import { keptReads, rowKey } from '../../db/write-clock';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import * as auth from './auth.service';
import { register } from './register';
import { guardLogin } from './login-guard';
import { toPublicUser } from './public-user';

/** What `GET /api/user` reads (decision 225): the user's own row, and the plan of its subscription. */
const USER_READS = keptReads(['subscriptions', 'plans'], { oneRowOf: ['users'] });

export default async function authRoutes(app: FastifyInstance) {
  const deps = (): auth.AuthDeps => ({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL });
  const loginGuardOpts = () => ({
    db: app.db,
    secret: app.env.SESSION_SECRET,
    secure: app.env.isProduction,
    disabled: app.env.DISABLE_RATE_LIMIT,
  });

  route(app, authApi.register, { config: app.perAddressLimit(10) }, async (req) => {
    await app.limitAccount(req, 'register', req.body.username, 5);
    const user = await register(deps(), req.body);
    return { ...user, message: auth.REGISTERED_MESSAGE };
  });

  route(app, authApi.login, { config: app.perAddressLimit(20) }, async (req, reply) => {
    const guard = await guardLogin(loginGuardOpts(), req, req.body.username);
    const user = await auth
      .checkCredentials(app.db, req.body.username, req.body.password)
      .catch(async (err) => {
        if (err instanceof AppError && err.code === 'EMAIL_NOT_VERIFIED') await guard.succeeded(reply);
        throw err;
      });
    await guard.succeeded(reply);
    await req.session.regenerate();
    req.session.userId = user.id;
    await req.session.save();
    return toPublicUser(app.db, await auth.recordLogin(app.db, user.id));
  });

  route(app, authApi.logout, async (req) => {
    await req.session.destroy();
    return { message: 'Logged out successfully' };
  });

  // Kept until a write (decisions 216, 235), as the other hot reads are: the user's row and plan.
  route(app, authApi.user, { config: { sessionLoadsPlan: true } }, async (req, reply) =>
    sendKept(
      reply,
      app.answers,
      USER_READS,
      async () => ({ body: await toPublicUser(app.db, req.user, req.userPlanName) }),
      [rowKey('users', 'id', String(req.user.id))],
    ),
  );

  route(app, authApi.resetPassword, { config: app.perAddressLimit(10) }, async (req) => {
    await app.limitAccount(req, 'reset', req.body.email, 5);
    return auth.requestPasswordReset(deps(), req.body.email);
  });

  route(app, authApi.confirmReset, { config: app.perAddressLimit(10) }, async (req) => {
    await app.limitAccount(req, 'reset-confirm', req.body.email, 10);
    return auth.confirmPasswordReset(app.db, req.body.token, req.body.email, req.body.password);
  });

  route(app, authApi.verifyEmail, { config: app.perAddressLimit(20) }, async (req) =>
    auth.verifyEmail(app.db, req.body.token, req.body.email),
  );

  route(app, authApi.resendVerification, { config: app.perAddressLimit(10) }, async (req) => {
    await app.limitAccount(req, 'resend', req.body.email, 5);
    return auth.resendVerification(deps(), req.body.email);
  });
}
