import type { FastifyInstance } from 'fastify';
import { playersApi } from '../../../contract/api/players';
import { route } from '../../plugins/endpoints';
import { searchSchools } from './schools.service';

export default async function schoolsRoutes(app: FastifyInstance) {
  route(app, playersApi.searchSchools, { config: app.perAddressLimit(120) }, async (req) =>
    searchSchools(app.db, req.body),
  );
}
