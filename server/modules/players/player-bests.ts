import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { errorBodySchema } from '../../../contract/errors';
import { playerBestsSchema, type PlayerBest } from '../../../contract/player-bests';
import type { Db } from '../../db/client';

/** The best completed (verified) Max Speed, with its ±, and the best IGA score of each of the user's players. */
async function playerBests(db: Db, userId: number): Promise<PlayerBest[]> {
  const res = await db.execute<{
    player_id: number;
    max_speed: string | null;
    plus_minus: string | null;
    iga: string | null;
  }>(sql`
    select p.id as player_id,
      (select r.max_speed from analysis_requests r where r.player_id = p.id and r.status = 'completed'
        and r.request_type = 'max_speed' and r.max_speed is not null order by r.max_speed desc, r.id limit 1) as max_speed,
      (select r.max_speed_plus_minus from analysis_requests r where r.player_id = p.id and r.status = 'completed'
        and r.request_type = 'max_speed' and r.max_speed is not null order by r.max_speed desc, r.id limit 1) as plus_minus,
      (select max(r.iga_score) from analysis_requests r where r.player_id = p.id and r.status = 'completed'
        and r.request_type = 'iga') as iga
    from players p where p.user_id = ${userId}`);
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return (res.rows as any[]).map((r) => ({
    playerId: Number(r.player_id),
    maxSpeed: num(r.max_speed),
    maxSpeedPlusMinus: num(r.plus_minus),
    igaScore: num(r.iga),
  }));
}

export default async function playerBestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/players/bests',
    {
      schema: {
        tags: ['players'],
        summary: "The signed-in family's players' best verified Max Speed and IGA score (dashboard cards)",
        response: { 200: playerBestsSchema, 401: errorBodySchema },
      },
    },
    async (req) => playerBests(app.db, req.requireUser().id),
  );
}
