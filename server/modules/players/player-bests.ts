import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { playersApi } from '../../../contract/api/players';
import { kindOfResultField } from '../../../contract/analysis-kinds';
import type { PlayerBest } from '../../../contract/player-bests';
import type { Db } from '../../db/client';
import { route } from '../../plugins/endpoints';

const SPEED = kindOfResultField('maxSpeed').key;
const IGA = kindOfResultField('igaScore').key;

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
        and r.request_type = ${SPEED} and r.max_speed is not null order by r.max_speed desc, r.id limit 1) as max_speed,
      (select r.max_speed_plus_minus from analysis_requests r where r.player_id = p.id and r.status = 'completed'
        and r.request_type = ${SPEED} and r.max_speed is not null order by r.max_speed desc, r.id limit 1) as plus_minus,
      (select max(r.iga_score) from analysis_requests r where r.player_id = p.id and r.status = 'completed'
        and r.request_type = ${IGA}) as iga
    from players p where p.user_id = ${userId}`);
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return (res.rows as any[]).map((r) => ({
    playerId: Number(r.player_id),
    maxSpeed: num(r.max_speed),
    maxSpeedPlusMinus: num(r.plus_minus),
    igaScore: num(r.iga),
  }));
}

export default async function playerBestsRoutes(app: FastifyInstance) {
  route(app, playersApi.bests, async (req) => playerBests(app.db, req.user.id));
}
