import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '../../../contract/api/analytics';
import { route } from '../../plugins/endpoints';
import { recordEvent } from './analytics.service';

export default async function analyticsRoutes(app: FastifyInstance) {
  route(app, analyticsApi.record, { config: app.perAddressLimit(120), bodyLimit: 8 * 1024 }, async (req) => {
    await recordEvent(app.db, req.user?.id ?? null, req.body);
    return null;
  });
}
