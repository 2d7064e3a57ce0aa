import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  referralCodeParamsSchema,
  referralCompleteBodySchema,
  referralCompleteResponseSchema,
  referralDetailsSchema,
  referralErrorSchema,
  referralSendResponseSchema,
  referralSendSchema,
} from '../../../contract/referrals';
import { completeReferral, lookupReferral, sendReferral } from './referrals.service';

const errors = {
  400: referralErrorSchema,
  401: referralErrorSchema,
  404: referralErrorSchema,
  409: referralErrorSchema,
  429: referralErrorSchema,
};

export default async function referralsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['referrals'];

  // The registration page and the dialog read `error`; every error of this scope carries it.
  app.addHook('preSerialization', async (_req, reply, payload: any) => {
    if (
      reply.statusCode >= 400 &&
      payload &&
      typeof payload.message === 'string' &&
      payload.error === undefined
    ) {
      return { ...payload, error: payload.message };
    }
    return payload;
  });

  app.post(
    '/api/referrals/send',
    {
      config: app.perAddressLimit(10),
      schema: { tags, body: referralSendSchema, response: { 201: referralSendResponseSchema, ...errors } },
    },
    async (req, reply) => {
      const sender = req.requireUser();
      await app.limitAccount(req, 'referral-send', `user-${sender.id}`, 10);
      const deps = { db: app.db, payments: app.payments, mailer: app.mailer, appUrl: app.env.APP_URL };
      return reply.status(201).send(await sendReferral(deps, sender, req.body));
    },
  );

  app.get(
    '/api/referrals/:code',
    {
      config: app.perAddressLimit(30),
      schema: { tags, params: referralCodeParamsSchema, response: { 200: referralDetailsSchema, ...errors } },
    },
    async (req) => lookupReferral(app.db, req.params.code),
  );

  app.post(
    '/api/referrals/:code/complete',
    {
      config: app.perAddressLimit(10),
      schema: {
        tags,
        params: referralCodeParamsSchema,
        body: referralCompleteBodySchema,
        response: { 200: referralCompleteResponseSchema, ...errors },
      },
    },
    async (req) => completeReferral(app.db, req.params.code, req.body.userId, app.payments.livemode),
  );
}
