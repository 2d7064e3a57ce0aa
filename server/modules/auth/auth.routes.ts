import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginSchema,
  messageSchema,
  publicUserSchema,
  registerResponseSchema,
  registerServerSchema,
  resendVerificationSchema,
  resetConfirmSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import { AppError } from '../../lib/app-error';
import * as auth from './auth.service';
import { register } from './register';
import { guardLogin } from './login-guard';
import { toPublicUser } from './public-user';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): auth.AuthDeps => ({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL });
  const tags = ['auth'];
  const loginGuardOpts = () => ({
    db: app.db,
    secret: app.env.SESSION_SECRET,
    secure: app.env.isProduction,
    disabled: app.env.DISABLE_RATE_LIMIT,
  });

  app.post(
    '/api/register',
    {
      config: app.perAddressLimit(10),
      schema: { tags, body: registerServerSchema, response: { 201: registerResponseSchema, ...errors } },
    },
    async (req, reply) => {
      await app.limitAccount(req, 'register', req.body.username, 5);
      const user = await register(deps(), req.body);
      return reply.status(201).send({ ...user, message: auth.REGISTERED_MESSAGE });
    },
  );

  app.post(
    '/api/login',
    {
      config: app.perAddressLimit(20),
      schema: { tags, body: loginSchema, response: { 200: publicUserSchema, ...errors } },
    },
    async (req, reply) => {
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
    },
  );

  app.post('/api/logout', { schema: { tags, response: { 200: messageSchema } } }, async (req) => {
    await req.session.destroy();
    return { message: 'Logged out successfully' };
  });

  app.get(
    '/api/user',
    {
      config: { sessionLoadsPlan: true },
      schema: { tags, response: { 200: publicUserSchema, 401: errorBodySchema } },
    },
    async (req) => toPublicUser(app.db, req.requireUser(), req.userPlanName),
  );

  app.post(
    '/api/reset-password',
    {
      config: app.perAddressLimit(10),
      schema: { tags, body: resetRequestSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await app.limitAccount(req, 'reset', req.body.email, 5);
      return auth.requestPasswordReset(deps(), req.body.email);
    },
  );

  app.post(
    '/api/reset-password/confirm',
    {
      config: app.perAddressLimit(10),
      schema: { tags, body: resetConfirmSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await app.limitAccount(req, 'reset-confirm', req.body.email, 10);
      return auth.confirmPasswordReset(app.db, req.body.token, req.body.email, req.body.password);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: app.perAddressLimit(20),
      schema: { tags, body: verifyEmailSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => auth.verifyEmail(app.db, req.body.token, req.body.email),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: app.perAddressLimit(10),
      schema: { tags, body: resendVerificationSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await app.limitAccount(req, 'resend', req.body.email, 5);
      return auth.resendVerification(deps(), req.body.email);
    },
  );
}
